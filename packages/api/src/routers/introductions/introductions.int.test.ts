import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { ZIntroductionRecord, type Role } from '@rhema/schemas';
import { seedContent, seedIntroduction, seedUser, type SeededUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContextInner } from '../../context';
import { createCaller } from '../../root';
import { rejection } from '../../test/harness';

const NOW = new Date('2026-03-02T09:00:00.000Z');

describe('introductions between members', () => {
  let handle: DbHandle;
  let consultant: SeededUser;
  let n = 0;

  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    consultant = await seedUser(handle.db, { role: 'consultant', first_name: 'Grace' });
  });
  afterAll(() => handle.close());

  /** a caller signed in as `user` (what the session plugin hands a procedure) */
  function as(user: SeededUser, role: Role = 'member') {
    return createCaller(
      createContextInner({
        db: handle.db,
        user: { id: user.id, role, first_name: user.first_name },
        session: { id: `session-${user.id}`, via: 'bearer' },
        now: () => new Date(NOW),
      }),
    );
  }
  const staff = () => as(consultant, 'consultant');

  async function member(first_name: string) {
    n++;
    return seedUser(handle.db, {
      first_name,
      email: `${first_name.toLowerCase()}-${n}@example.test`,
      phone: `+4477009007${String(n).padStart(2, '0')}`,
      answers: { occupation: 'Engineer' },
      photos: 1,
    });
  }

  /** owner and contact of an active, pre-matched introduction in `status`, made by the consultant */
  async function pair(status: 'open' | 'requested' | 'accepted' | 'rejected' = 'open') {
    const owner = await member('Chidi');
    const contact = await member('Amaka');
    const intro = await seedIntroduction(handle.db, {
      owner_id: owner.id,
      contact_id: contact.id,
      created_by: consultant.id,
      is_active: true,
      status,
    });
    return { owner, contact, matchId: intro.id };
  }

  /** an active premium for the owner on this match, through the procedures (create, then staff confirm) */
  async function premium(owner: SeededUser, matchId: string) {
    const subscription = await as(owner).subscriptions.createPremium({ matchId });
    return staff().subscriptions.confirm({ subscriptionId: subscription._id });
  }

  const auditOf = (matchId: string) =>
    handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'introduction')
      .where('target_id', '=', matchId)
      .execute();

  const statusOf = async (matchId: string) =>
    (
      await handle.db
        .selectFrom('introductions')
        .select('status')
        .where('id', '=', matchId)
        .executeTakeFirstOrThrow()
    ).status;

  describe('request needs an active premium for the match', () => {
    it('answers 417 naming the requirement and the match, then succeeds once the premium is active', async () => {
      const { owner, matchId } = await pair();
      const refused = await rejection(as(owner).introductions.request({ matchId, message: 'Hello' }));
      expect(refused).toMatchObject({ status: 417, message: expect.stringMatching(/premium/i) });
      expect(refused.details).toEqual({ requirement: 'premium', match_id: matchId });

      const pending = await as(owner).subscriptions.createPremium({ matchId });
      expect(pending).toMatchObject({
        status: 'pending',
        match_id: matchId,
        payment: { provider: 'manual' },
      });
      expect(pending.payment.instructions).toContain(pending.payment.reference!);
      expect((await rejection(as(owner).introductions.request({ matchId }))).status).toBe(417);

      const active = await staff().subscriptions.confirm({ subscriptionId: pending._id });
      expect(active).toMatchObject({ _id: pending._id, status: 'active', activated_at: NOW.toISOString() });
      const requested = await as(owner).introductions.request({ matchId, message: 'Hello Amaka' });
      expect(requested).toMatchObject({
        _id: matchId,
        status: 'requested',
        status_label: 'Requested',
        request_message: 'Hello Amaka',
        requested_at: NOW.toISOString(),
        role: 'owner',
        premium: 'active',
        actions: [],
      });
    });

    it('creates one premium per match however often it is asked; the member reads only their own', async () => {
      const { owner, contact, matchId } = await pair();
      const first = await as(owner).subscriptions.createPremium({ matchId });
      const again = await as(owner).subscriptions.createPremium({ matchId });
      expect(again._id).toBe(first._id);
      expect(await as(owner).subscriptions.byId({ subscriptionId: first._id })).toMatchObject({
        _id: first._id,
        status: 'pending',
      });
      const stranger = await member('Bola');
      expect((await rejection(as(stranger).subscriptions.byId({ subscriptionId: first._id }))).status).toBe(
        404,
      );
      // the contact is not told of an open introduction; once asked, accept and reject stay free
      expect((await rejection(as(contact).subscriptions.createPremium({ matchId }))).status).toBe(404);
      const asked = await pair('requested');
      expect(
        await rejection(as(asked.contact).subscriptions.createPremium({ matchId: asked.matchId })),
      ).toMatchObject({ status: 403, message: expect.stringMatching(/free/) });
      expect((await rejection(as(stranger).subscriptions.createPremium({ matchId }))).status).toBe(404);
    });

    it('confirms a payment once: idempotent, one audit entry, staff only', async () => {
      const { owner, matchId } = await pair();
      const { _id } = await as(owner).subscriptions.createPremium({ matchId });
      expect((await rejection(as(owner).subscriptions.confirm({ subscriptionId: _id }))).status).toBe(403);
      const results = await Promise.all(
        [1, 2, 3].map(() => staff().subscriptions.confirm({ subscriptionId: _id })),
      );
      expect(new Set(results.map((r) => r.status))).toEqual(new Set(['active']));
      const entries = await handle.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('target_type', '=', 'subscription')
        .where('target_id', '=', _id)
        .execute();
      expect(entries.filter((e) => e.action === 'subscription.confirm')).toEqual([
        { action: 'subscription.confirm', actor_id: consultant.id },
      ]);
    });
  });

  describe('transitions', () => {
    it('moves open -> requested -> accepted, each by its own side, and refuses the other side', async () => {
      const { owner, contact, matchId } = await pair();
      await premium(owner, matchId);
      expect((await rejection(as(contact).introductions.request({ matchId }))).status).toBe(404); // not told yet
      await as(owner).introductions.request({ matchId });
      expect(await rejection(as(contact).introductions.request({ matchId }))).toMatchObject({
        status: 403,
        message: 'Only the member this introduction was made for can request it.',
      });
      expect((await rejection(as(owner).introductions.accept({ matchId }))).status).toBe(403);
      expect((await rejection(as(owner).introductions.reject({ matchId }))).status).toBe(403);
      const seen = await as(contact).introductions.byMatchId({ matchId });
      expect(seen).toMatchObject({ role: 'contact', status: 'requested', actions: ['accept', 'reject'] });
      const accepted = await as(contact).introductions.accept({ matchId, message: 'Happy to talk' });
      expect(accepted).toMatchObject({ status: 'accepted', response_message: 'Happy to talk', actions: [] });
      expect((await auditOf(matchId)).map((e) => e.action)).toEqual([
        'introduction.request',
        'introduction.accept',
      ]);
    });

    it('answers 409 with a clear message for accept after reject and reject after accept', async () => {
      const rejected = await pair('requested');
      await as(rejected.contact).introductions.reject({ matchId: rejected.matchId });
      expect(
        await rejection(as(rejected.contact).introductions.accept({ matchId: rejected.matchId })),
      ).toEqual(
        expect.objectContaining({
          status: 409,
          message: 'This introduction was already rejected, so it cannot be accepted.',
        }),
      );
      const accepted = await pair('requested');
      await as(accepted.contact).introductions.accept({ matchId: accepted.matchId });
      expect(
        (await rejection(as(accepted.contact).introductions.reject({ matchId: accepted.matchId }))).message,
      ).toBe('This introduction was already accepted, so it cannot be rejected.');
      // and a request once it was answered
      expect(
        (await rejection(as(accepted.owner).introductions.request({ matchId: accepted.matchId }))).status,
      ).toBe(409);
    });

    it('answers the same PATCH three times with the same introduction: one state, one audit entry', async () => {
      const { contact, matchId } = await pair('requested');
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await as(contact).introductions.accept({ matchId, message: 'Yes' }));
      expect(answers.map((a) => a.status)).toEqual(['accepted', 'accepted', 'accepted']);
      expect(answers[2]).toEqual(answers[0]);
      expect(await statusOf(matchId)).toBe('accepted');
      expect(await auditOf(matchId)).toHaveLength(1);

      // at once, too
      const again = await pair('requested');
      const parallel = await Promise.all(
        [1, 2, 3].map(() => as(again.contact).introductions.reject({ matchId: again.matchId })),
      );
      expect(parallel.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(await auditOf(again.matchId)).toHaveLength(1);
    });

    it('ends 50 parallel mixed accepts and rejects in exactly one transition, first come first serve', async () => {
      const { contact, matchId } = await pair('requested');
      const calls = Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0
          ? as(contact).introductions.accept({ matchId })
          : as(contact).introductions.reject({ matchId })
        ).then(
          (introduction) => ({ ok: true as const, action: i % 2 === 0 ? 'accept' : 'reject', introduction }),
          async (error: unknown) => ({
            ok: false as const,
            status: (await rejection(Promise.reject(error))).status,
          }),
        ),
      );
      const results = await Promise.all(calls);
      const entries = await auditOf(matchId);
      expect(entries).toHaveLength(1);
      const final = await statusOf(matchId);
      const winner = final === 'accepted' ? 'accept' : 'reject';
      expect(entries[0]!.action).toBe(`introduction.${winner}`);
      for (const result of results) {
        if (result.ok) {
          expect(result.action).toBe(winner);
          expect(result.introduction.status).toBe(final);
        } else {
          expect(result.status).toBe(409);
        }
      }
      expect(results.filter((r) => r.ok)).toHaveLength(25);
    });

    it('answers 400 naming the field for a message over 250 characters, never a 500', async () => {
      const { contact, matchId } = await pair('requested');
      const refused = await rejection(
        as(contact).introductions.accept({ matchId, message: 'x'.repeat(251) }),
      );
      expect(refused).toMatchObject({ status: 400, field: 'message' });
      expect(refused.message).toMatch(/^message: .*250/);
      const ok = await as(contact).introductions.accept({ matchId, message: 'x'.repeat(250) });
      expect(ok.response_message).toHaveLength(250);
    });
  });

  describe('parties only', () => {
    it('answers a member who is neither with the same 404 as an unknown id', async () => {
      const { matchId } = await pair('requested');
      const stranger = await member('Efe');
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const id of [matchId, unknown]) {
        for (const call of [
          () => as(stranger).introductions.request({ matchId: id }),
          () => as(stranger).introductions.accept({ matchId: id }),
          () => as(stranger).introductions.reject({ matchId: id }),
          () => as(stranger).introductions.byMatchId({ matchId: id }),
        ]) {
          expect(await rejection(call())).toMatchObject({ status: 404, message: 'Introduction not found.' });
        }
      }
      expect((await rejection(as(stranger).introductions.byMatchId({ matchId: 'not-an-id' }))).status).toBe(
        400,
      );
      // staff are not parties either: the console has its own procedures
      expect((await rejection(staff().introductions.byMatchId({ matchId }))).status).toBe(404);
    });

    it('lists the member their own and those addressed to them, each with the other person in the profile shape', async () => {
      const { owner, contact, matchId } = await pair('requested');
      const open = await seedIntroduction(handle.db, {
        owner_id: contact.id,
        created_by: consultant.id,
        is_active: true,
      });
      const waiting = await seedIntroduction(handle.db, {
        owner_id: (await member('Obi')).id,
        contact_id: owner.id,
        created_by: consultant.id,
        is_active: true,
        status: 'open',
      });
      const mine = await as(owner).introductions.list();
      // the open one addressed to owner is not shown until it is requested
      expect(mine.map((i) => i._id)).toEqual([matchId]);
      expect(mine.map((i) => i._id)).not.toContain(waiting.id);
      const theirs = await as(contact).introductions.list();
      expect(theirs.map((i) => [i._id, i.role, i.status_label]).sort()).toEqual(
        [
          [matchId, 'contact', 'Requested'],
          [open.id, 'owner', 'Active'],
        ].sort(),
      );
      const card = theirs.find((i) => i._id === matchId)!;
      expect(card.user).toMatchObject({
        _id: owner.id,
        first_name: 'Chidi',
        data_occupation: { answer: 'Engineer' },
        profile_pics: [{ url: expect.any(String) }],
      });
    });

    it("shows the member and the console the same record: the members' view adds the label, staff the notes", async () => {
      const { owner, matchId } = await pair('requested');
      const member = await as(owner).introductions.byMatchId({ matchId });
      const consoleView = await staff().admin.userIntroductions({ userId: owner.id });
      const card = consoleView.data.find((entry) => entry.introduction._id === matchId)!.introduction;
      const recordKeys = Object.keys(ZIntroductionRecord.shape) as (keyof typeof member)[];
      expect(Object.fromEntries(recordKeys.map((key) => [key, card[key as keyof typeof card]]))).toEqual(
        Object.fromEntries(recordKeys.map((key) => [key, member[key]])),
      );
      expect(member).not.toHaveProperty('note');
      expect(card).toMatchObject({ note: null, note2: null, updated_at: expect.any(String) });
    });

    it('gives the login the introductions flag once the member is a party', async () => {
      const { owner, contact, matchId } = await pair();
      const flag = async (user: SeededUser) => (await as(user).auth.me()).user.introductions;
      expect(await flag(owner)).toBe(true);
      expect(await flag(contact)).toBe(false);
      await handle.db
        .updateTable('introductions')
        .set({ status: 'requested' })
        .where('id', '=', matchId)
        .execute();
      expect(await flag(contact)).toBe(true);
    });
  });

  describe('contact details are staged', () => {
    it('hides both phones before acceptance, shows both after, and logs each release with its date', async () => {
      const { owner, contact, matchId } = await pair();
      await premium(owner, matchId);
      const before = await as(owner).introductions.request({ matchId });
      expect(before.contact).not.toHaveProperty('international_phone_number');
      expect(before.contact).not.toHaveProperty('account_email');
      const contactView = await as(contact).introductions.byMatchId({ matchId });
      expect(contactView.user).not.toHaveProperty('international_phone_number');
      expect(await as(owner).introductions.contactDisclosures()).toEqual([]);

      const accepted = await as(contact).introductions.accept({ matchId });
      expect(accepted.user.international_phone_number).toBe(owner.phone);
      const ownerView = await as(owner).introductions.byMatchId({ matchId });
      expect(ownerView.contact!.international_phone_number).toBe(contact.phone);
      expect(ownerView.contact!.account_email).toBe(contact.email);

      const ownersLog = await as(owner).introductions.contactDisclosures();
      expect(ownersLog).toEqual([
        expect.objectContaining({
          introduction_id: matchId,
          disclosed_at: NOW.toISOString(),
          fields: expect.arrayContaining(['international_phone_number']),
          viewer: expect.objectContaining({ _id: contact.id, first_name: 'Amaka' }),
        }),
      ]);
      const contactsLog = await as(contact).introductions.contactDisclosures();
      expect(contactsLog.map((d) => d.viewer._id)).toEqual([owner.id]);
      // a stranger still sees neither
      const stranger = await member('Dayo');
      expect(await as(stranger).introductions.contactDisclosures()).toEqual([]);
    });

    it('releases nothing on a reject', async () => {
      const { owner, contact, matchId } = await pair('requested');
      const rejected = await as(contact).introductions.reject({ matchId });
      expect(rejected.user).not.toHaveProperty('international_phone_number');
      expect(await as(owner).introductions.contactDisclosures()).toEqual([]);
    });
  });

  describe('requests on a public introduction', () => {
    async function publicIntroduction() {
      const owner = await member('Ife');
      const intro = await seedIntroduction(handle.db, {
        owner_id: owner.id,
        created_by: consultant.id,
        is_public: true,
        is_active: true,
      });
      return { owner, id: intro.id };
    }

    it('takes one request per member, 409 on a second, queued by time', async () => {
      const { id } = await publicIntroduction();
      const first = await member('Kola');
      const second = await member('Tobi');
      const sent = await as(first).introductions.requestPublic({ id, message: 'I am interested in Ife' });
      expect(sent).toMatchObject({
        introduction_id: id,
        message: 'I am interested in Ife',
        status: 'pending',
      });
      expect(await rejection(as(first).introductions.requestPublic({ id, message: 'again' }))).toMatchObject({
        status: 409,
        message: 'You have already sent a request for this introduction.',
      });
      const later = createCaller(
        createContextInner({
          db: handle.db,
          user: { id: second.id, role: 'member', first_name: second.first_name },
          session: { id: 's', via: 'bearer' },
          now: () => new Date(NOW.getTime() + 60_000),
        }),
      );
      await later.introductions.requestPublic({ id });
      const queue = await handle.db
        .selectFrom('introduction_requests')
        .select(['requester_id'])
        .where('introduction_id', '=', id)
        .orderBy('created_at')
        .execute();
      expect(queue.map((r) => r.requester_id)).toEqual([first.id, second.id]);
    });

    it('refuses 251 characters (400), the owner (409), and a private introduction (404)', async () => {
      const { owner, id } = await publicIntroduction();
      const requester = await member('Seun');
      expect(
        await rejection(as(requester).introductions.requestPublic({ id, message: 'y'.repeat(251) })),
      ).toMatchObject({ status: 400, field: 'message' });
      expect((await rejection(as(owner).introductions.requestPublic({ id }))).status).toBe(409);
      const { matchId } = await pair();
      expect((await rejection(as(requester).introductions.requestPublic({ id: matchId }))).status).toBe(404);
    });
  });
});
