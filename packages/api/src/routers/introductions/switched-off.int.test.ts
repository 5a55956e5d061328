// docs/security.md, F22: a consultant switched an introduction off after it was requested,
// and the contact could still accept it, releasing both phone numbers. Every member action on an introduction
// needs it switched on (the conditional UPDATE checks the flag too, so a switch-off racing an accept wins or loses
// whole).
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedContent, seedIntroduction } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

describe('a switched-off introduction (F22)', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  async function requestedThenSwitchedOff() {
    const staff = await h.as('consultant');
    const owner = await h.as('member');
    const contact = await h.as('member');
    const intro = await seedIntroduction(handle.db, {
      owner_id: owner.user.id,
      contact_id: contact.user.id,
      created_by: staff.user.id,
      is_active: true,
      status: 'requested',
    });
    await staff.caller.admin.deactivate({ id: intro.id });
    return { owner, contact, matchId: intro.id };
  }

  const disclosures = (matchId: string) =>
    handle.db.selectFrom('contact_disclosures').select('id').where('introduction_id', '=', matchId).execute();
  const statusOf = async (matchId: string) =>
    (
      await handle.db
        .selectFrom('introductions')
        .select('status')
        .where('id', '=', matchId)
        .executeTakeFirstOrThrow()
    ).status;

  it('the contact cannot accept it: 409, no phone released, the status unchanged', async () => {
    const { contact, matchId } = await requestedThenSwitchedOff();
    const refused = await rejection(contact.caller.introductions.accept({ matchId, message: 'Yes please' }));
    expect(refused).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(await disclosures(matchId)).toEqual([]);
    expect(await statusOf(matchId)).toBe('requested');
  });

  it('nor reject it, and neither side is offered an action on it', async () => {
    const { owner, contact, matchId } = await requestedThenSwitchedOff();
    expect((await rejection(contact.caller.introductions.reject({ matchId }))).status).toBe(409);
    expect(await statusOf(matchId)).toBe('requested');
    for (const side of [owner, contact]) {
      const listed = await side.caller.introductions.byMatchId({ matchId });
      expect(listed.actions).toEqual([]);
    }
  });

  it('the owner cannot take premium for it, nor request it', async () => {
    const staff = await h.as('consultant');
    const owner = await h.as('member');
    const contact = await h.as('member');
    const intro = await seedIntroduction(handle.db, {
      owner_id: owner.user.id,
      contact_id: contact.user.id,
      created_by: staff.user.id,
      is_active: false,
      status: 'open',
    });
    const matchId = intro.id;
    expect((await rejection(owner.caller.subscriptions.createPremium({ matchId }))).status).toBe(409);
    expect((await rejection(owner.caller.introductions.request({ matchId, message: 'Hello' }))).status).toBe(
      409,
    );
    expect(await statusOf(matchId)).toBe('open');
  });

  it('switched on again, the contact can accept it', async () => {
    const { contact, matchId } = await requestedThenSwitchedOff();
    const staff = await h.as('consultant');
    await staff.caller.admin.activate({ id: matchId });
    await contact.caller.introductions.accept({ matchId, message: 'Yes please' });
    expect(await statusOf(matchId)).toBe('accepted');
    expect(await disclosures(matchId)).toHaveLength(2);
  });
});
