import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { STAFF_ROLES } from '@rhema/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from './harness';

// The harness every router's tests use: one call gives a caller signed in with a role, on a real session row.
describe('test harness', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  for (const role of ['member', ...STAFF_ROLES] as const) {
    it(`as('${role}') signs in a seeded ${role}, and the token names the same user`, async () => {
      const { user, token, caller } = await h.as(role, { first_name: 'Harness' });
      const me = await caller.auth.me();
      expect(me.user).toMatchObject({ _id: user.id, role, first_name: 'Harness' });
      const viaToken = await h.withToken(token);
      expect((await viaToken.auth.me()).user._id).toBe(user.id);
    });
  }

  it('counts a seeded age from the harness clock, and the session ends by that clock', async () => {
    const { user, token } = await h.as('consultant', { age: 40 });
    const row = await handle.db
      .selectFrom('users')
      .select('date_of_birth')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const born = new Date(`${String(row.date_of_birth).slice(0, 10)}T00:00:00.000Z`);
    expect(h.clock.now.getUTCFullYear() - born.getUTCFullYear()).toBe(40);

    h.advance(13 * 60 * 60 * 1000); // staff sessions last 12 hours from sign-in
    expect((await rejection((await h.withToken(token)).auth.me())).status).toBe(401);
  });
});
