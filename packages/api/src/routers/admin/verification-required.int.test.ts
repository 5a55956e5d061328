import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// An introduction may require verification (docs/decisions/171-identity-verification-provider.md): the consultant
// ticks it when creating one; the owner must then carry the verified badge, and so must the match when chosen.
describe('an introduction that requires verification', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let staff: Awaited<ReturnType<ReturnType<typeof createHarness>['as']>>;

  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
    staff = await h.as('consultant', { first_name: 'Consuela' });
  });
  afterAll(() => handle.close());

  const member = (first_name: string) => h.user({ first_name, age: 33, country_code: 'NG', photos: 1 });
  const verify = (id: string) =>
    handle.db.updateTable('users').set({ identity_verified_at: new Date() }).where('id', '=', id).execute();

  it('refuses an owner without the badge, with a message staff read, and creates nothing', async () => {
    const owner = await member('Ngozi');
    const refused = await rejection(
      staff.caller.admin.register({ userId: owner.id, require_verification: true }),
    );
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(
      'This member has not verified their identity, and this introduction requires verification.',
    );
    const rows = await handle.db
      .selectFrom('introductions')
      .select('id')
      .where('owner_id', '=', owner.id)
      .execute();
    expect(rows).toEqual([]);
    // without the setting the same member gets one
    await staff.caller.admin.register({ userId: owner.id });
  });

  it('keeps the setting, and refuses a match without the badge until they verify', async () => {
    const owner = await member('Amaka');
    await verify(owner.id);
    const created = await staff.caller.admin.register({ userId: owner.id, require_verification: true });
    const row = await handle.db
      .selectFrom('introductions')
      .select('require_verification')
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    expect(row.require_verification).toBe(true);
    const kemi = await member('Kemi');
    expect((await rejection(staff.caller.admin.setMatch({ id: created._id, user_id: kemi.id }))).status).toBe(
      409,
    );
    await verify(kemi.id);
    await staff.caller.admin.setMatch({ id: created._id, user_id: kemi.id });
    const matched = await handle.db
      .selectFrom('introductions')
      .select('contact_id')
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    expect(matched.contact_id).toBe(kemi.id);
  });
});
