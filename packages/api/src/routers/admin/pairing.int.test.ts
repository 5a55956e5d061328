import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedIntroduction } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// The consultant pairs two members: suggestion codes name a member the owner may be paired with, the match is set
// from a code or a member's id while nobody is answering, and the owner sees their match and pays for it only then.
describe('pairing an introduction', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let staff: Awaited<ReturnType<ReturnType<typeof createHarness>['as']>>;
  let owner: Awaited<ReturnType<ReturnType<typeof createHarness>['as']>>;

  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
    staff = await h.as('consultant', { first_name: 'Consuela' });
    owner = await h.as('member', { first_name: 'Ngozi', phone: '+447700900501' });
  });
  afterAll(() => handle.close());

  const introduction = async (
    values: {
      status?: 'open' | 'requested' | 'accepted' | 'rejected';
      contact_id?: string;
      is_active?: boolean;
    } = {},
  ) =>
    (
      await seedIntroduction(handle.db, {
        owner_id: owner.user.id,
        created_by: staff.user.id,
        is_active: true,
        ...values,
      })
    ).id;
  const member = (first_name: string, options: { status?: 'suspended' } = {}) =>
    h.user({ first_name, age: 33, country_code: 'NG', photos: 1, ...options });

  describe('suggestion codes', () => {
    it('adds the code of an active member and shows them beside it; removes it again', async () => {
      const id = await introduction();
      const kemi = await member('Kemi');
      const card = await staff.caller.admin.suggestion({ id, code: kemi.contact_reference });
      expect(card.suggestions).toEqual([
        {
          code: kemi.contact_reference,
          member: {
            _id: kemi.id,
            first_name: 'Kemi',
            age: 33,
            country_code: 'NG',
            country: expect.any(String),
            profile_pic_url: expect.stringMatching(/\S/),
          },
        },
      ]);
      const removed = await staff.caller.admin.removeSuggestion({ id, code: kemi.contact_reference });
      expect(removed.codes).toEqual([]);
      const again = await rejection(
        staff.caller.admin.removeSuggestion({ id, code: kemi.contact_reference }),
      );
      expect(again).toMatchObject({
        status: 404,
        message: `The code ${kemi.contact_reference} is not suggested on this introduction.`,
      });
      const actions = await handle.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', id)
        .orderBy('id')
        .execute();
      expect(actions.map((row) => row.action)).toEqual([
        'introduction.suggestion',
        'introduction.suggestion_removed',
      ]);
    });

    it('refuses a code of nobody, of a suspended member, of the owner, and across a block, naming the code', async () => {
      const id = await introduction();
      const suspended = await member('Sola', { status: 'suspended' });
      const blocker = await member('Bisi');
      const blocked = await member('Tunde');
      await handle.db
        .insertInto('blocks')
        .values([
          { blocker_id: blocker.id, blocked_id: owner.user.id },
          { blocker_id: owner.user.id, blocked_id: blocked.id },
        ])
        .execute();
      const refusal = (code: string) => rejection(staff.caller.admin.suggestion({ id, code }));
      expect(await refusal('ZZZZZZ')).toMatchObject({
        status: 404,
        message: 'No active member has the code ZZZZZZ.',
      });
      expect(await refusal(suspended.contact_reference)).toMatchObject({
        status: 404,
        message: `No active member has the code ${suspended.contact_reference}.`,
      });
      expect(await refusal(owner.user.contact_reference)).toMatchObject({
        status: 409,
        message: `The code ${owner.user.contact_reference} is the introduction's owner: choose another member.`,
      });
      for (const other of [blocker, blocked])
        expect(await refusal(other.contact_reference)).toMatchObject({
          status: 409,
          message: `The code ${other.contact_reference} cannot be paired with the owner: one of them has blocked the other.`,
        });
      expect(
        (await staff.caller.admin.introductionDetail({ userId: owner.user.id })).data?.codes,
      ).not.toContain('ZZZZZZ');
    });
  });

  describe('the match', () => {
    it('is set from a code or from a member id, audited once; the owner sees the card without contact data', async () => {
      const id = await introduction();
      const first = await member('Amaka');
      const second = await member('Ify');
      const byCode = await staff.caller.admin.setMatch({ id, code: first.contact_reference });
      expect(byCode.contact).toMatchObject({ _id: first.id, first_name: 'Amaka' });
      await staff.caller.admin.setMatch({ id, code: first.contact_reference });
      const byId = await staff.caller.admin.setMatch({ id, user_id: second.id });
      expect(byId).toMatchObject({ status: 'open', contact: { _id: second.id } });
      const audit = await handle.db
        .selectFrom('audit_log')
        .select(['action', 'details', 'actor_id'])
        .where('target_id', '=', id)
        .where('action', '=', 'introduction.match')
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.details)).toEqual([
        { before: null, after: first.id, code: first.contact_reference },
        { before: first.id, after: second.id, code: second.contact_reference },
      ]);
      expect(audit.every((row) => row.actor_id === staff.user.id)).toBe(true);

      const seen = await owner.caller.introductions.byMatchId({ matchId: id });
      expect(seen.contact).toMatchObject({ _id: second.id, first_name: 'Ify' });
      expect(seen.contact).not.toHaveProperty('account_email');
      expect(seen.contact).not.toHaveProperty('international_phone_number');
    });

    it('is refused while the introduction is requested or accepted; a rejected one opens again', async () => {
      const current = await member('Chioma');
      const next = await member('Ada');
      for (const status of ['requested', 'accepted'] as const) {
        const id = await introduction({ status, contact_id: current.id });
        expect(await rejection(staff.caller.admin.setMatch({ id, user_id: next.id }))).toMatchObject({
          status: 409,
          message: `This introduction is ${status}: its match cannot change while the members are answering it.`,
        });
      }
      const rejected = await introduction({ status: 'rejected', contact_id: current.id });
      expect(await staff.caller.admin.setMatch({ id: rejected, user_id: next.id })).toMatchObject({
        status: 'open',
        contact: { _id: next.id },
      });
    });

    it('follows the suggestion rules, and needs one of code and user_id', async () => {
      const id = await introduction();
      expect(await rejection(staff.caller.admin.setMatch({ id, user_id: owner.user.id }))).toMatchObject({
        status: 409,
        message: "This member is the introduction's owner: choose another member.",
      });
      expect(await rejection(staff.caller.admin.setMatch({ id, code: 'ZZZZZZ' }))).toMatchObject({
        status: 404,
      });
      expect((await rejection(staff.caller.admin.setMatch({ id }))).status).toBe(400);
      expect(await rejection(owner.caller.admin.setMatch({ id, code: 'ZZZZZZ' }))).toMatchObject({
        status: 403,
      });
    });

    it('must exist before the owner can start premium (409), then premium starts', async () => {
      const id = await introduction();
      expect(await rejection(owner.caller.subscriptions.createPremium({ matchId: id }))).toMatchObject({
        status: 409,
        message: 'This introduction has no match yet: your consultant will choose one.',
      });
      await staff.caller.admin.setMatch({ id, code: (await member('Uche')).contact_reference });
      expect(await owner.caller.subscriptions.createPremium({ matchId: id })).toMatchObject({
        status: 'pending',
      });
    });
  });

  it("filters the console's list by the switch with status=active, and by the stage", async () => {
    const on = await introduction({ is_active: true });
    const off = await introduction({ is_active: false });
    const active = await staff.caller.admin.introductions({ status: 'active', phone: '+447700900501' });
    const ids = active.data.map((row) => row._id);
    expect(ids).toContain(on);
    expect(ids).not.toContain(off);
    expect(active.data.every((row) => row.is_active)).toBe(true);
    const open = await staff.caller.admin.introductions({ status: 'open', phone: '+447700900501' });
    expect(open.data.map((row) => row._id)).toEqual(expect.arrayContaining([on, off]));
  });
});
