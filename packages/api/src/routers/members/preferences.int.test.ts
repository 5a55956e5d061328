import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedContent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection, TEST_PASSWORD } from '../../test/harness';

// The members list's saved search preferences and its name search, through the procedures on a real database.

describe('members: saved search preferences and the name search', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let n = 0;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  async function member(options: Parameters<typeof h.signedIn>[0] = {}) {
    n += 1;
    const { user, token } = await h.signedIn({
      email: `prefs-${n}@example.test`,
      first_name: `Pref${n}`,
      ...options,
    });
    return { user, caller: await h.withToken(token) };
  }
  const names = (list: { first_name: string }[]) => list.map((p) => p.first_name);

  it('has none saved at first, saves the filters, reads them back on a later visit and clears them', async () => {
    const me = await member();
    expect(await me.caller.members.preferences()).toEqual({ updated_at: null });

    const saved = await me.caller.members.savePreferences({
      community: 'tech-and-product',
      country_code: 'GH',
      gender: 'female',
      min_age: 28,
      max_age: 40,
    });
    expect(saved).toEqual({
      community: 'tech-and-product',
      country_code: 'GH',
      gender: 'female',
      min_age: 28,
      max_age: 40,
      updated_at: h.clock.now.toISOString(),
    });
    // another session of the same member (a later visit, another device) reads the same
    const again = await h.anonymous().auth.login({ email: me.user.email, password: TEST_PASSWORD });
    expect(await (await h.withToken(again.token!)).members.preferences()).toEqual(saved);
    expect(await me.caller.members.preferences()).toEqual(saved);

    // a save replaces the whole set: a filter left out is off
    h.advance(60_000);
    expect(await me.caller.members.savePreferences({ country_code: 'NG' })).toEqual({
      country_code: 'NG',
      updated_at: h.clock.now.toISOString(),
    });
    const cleared = await me.caller.members.savePreferences({});
    expect(cleared).toEqual({ updated_at: h.clock.now.toISOString() });
  });

  it("keeps each member's preferences to themself", async () => {
    const a = await member();
    const b = await member();
    await a.caller.members.savePreferences({ gender: 'male', min_age: 30 });
    expect(await b.caller.members.preferences()).toEqual({ updated_at: null });
    expect((await rejection(h.anonymous().members.preferences())).status).toBe(401);
    expect((await rejection(h.anonymous().members.savePreferences({}))).status).toBe(401);
  });

  it('refuses what the list would refuse: an age range out of order, an unknown country', async () => {
    const me = await member();
    const order = await rejection(me.caller.members.savePreferences({ min_age: 50, max_age: 40 }));
    expect(order).toMatchObject({ status: 400, field: 'min_age' });
    const country = await rejection(
      me.caller.members.savePreferences({ country_code: 'XX' as unknown as 'GH' }),
    );
    expect(country.status).toBe(400);
    expect(await me.caller.members.preferences()).toEqual({ updated_at: null });
  });

  it('finds members by part of the first name, in any case, with the other filters', async () => {
    const viewer = await member();
    await member({ first_name: 'Oluwaseyi', country_code: 'NG', gender: 'female' });
    await member({ first_name: 'Seyifunmi', country_code: 'GH', gender: 'female', city: 'Kumasi' });
    await member({ first_name: 'Tobi', country_code: 'NG', gender: 'female' });

    expect(names((await viewer.caller.members.list({ name: 'SEYI' })).data).sort()).toEqual([
      'Oluwaseyi',
      'Seyifunmi',
    ]);
    const inGhana = await viewer.caller.members.list({ name: 'seyi', country_code: 'GH' });
    expect(names(inGhana.data)).toEqual(['Seyifunmi']);
    // a signed-in member sees the town (an anonymous visitor never does: match/lookup.int.test.ts)
    expect(inGhana.data[0]).toMatchObject({ city: 'Kumasi', country: 'Ghana' });
    expect(inGhana.paginator).toMatchObject({ pageCount: 1, hasNextPage: false });
    // spaces around the name are not part of it; a blank name is no filter
    expect(names((await viewer.caller.members.list({ name: '  tobi ' })).data)).toEqual(['Tobi']);
    const blank = await viewer.caller.members.list({ name: '   ' });
    expect(names(blank.data)).toEqual(expect.arrayContaining(['Oluwaseyi', 'Seyifunmi', 'Tobi']));
    expect(names((await viewer.caller.members.list({ name: 'nobody-by-this-name' })).data)).toEqual([]);
    const tooLong = await rejection(viewer.caller.members.list({ name: 'a'.repeat(51) }));
    expect(tooLong).toMatchObject({ status: 400, field: 'name' });
  });

  it('lists only members with the verified badge when asked, and saves that filter with the others', async () => {
    const viewer = await member();
    const verified = await member({ first_name: 'Ifeoluwa', gender: 'female' });
    await member({ first_name: 'Ifeyinwa', gender: 'female' });
    // users.identity_verified_at is the badge's one source (packages/db/src/queries/verification.ts)
    await handle.db
      .updateTable('users')
      .set({ identity_verified_at: h.clock.now })
      .where('id', '=', verified.user.id)
      .execute();

    const both = await viewer.caller.members.list({ name: 'ife' });
    expect(names(both.data).sort()).toEqual(['Ifeoluwa', 'Ifeyinwa']);
    const onlyVerified = await viewer.caller.members.list({ name: 'ife', verified_only: true });
    expect(names(onlyVerified.data)).toEqual(['Ifeoluwa']);
    expect(onlyVerified.data[0]).toMatchObject({ identity_verified: true });
    expect(onlyVerified.paginator).toMatchObject({ pageCount: 1, hasNextPage: false });
    // as the address writes it, and off
    expect(names((await viewer.caller.members.list({ name: 'ife', verified_only: 'true' })).data)).toEqual([
      'Ifeoluwa',
    ]);
    expect(
      names((await viewer.caller.members.list({ name: 'ife', verified_only: 'false' })).data).sort(),
    ).toEqual(['Ifeoluwa', 'Ifeyinwa']);
    const bad = await rejection(viewer.caller.members.list({ name: 'ife', verified_only: 'maybe' }));
    expect(bad).toMatchObject({ status: 400, field: 'verified_only' });

    // saved, it is read back on; switched off, it is left out like any filter that is off
    expect(await viewer.caller.members.savePreferences({ gender: 'female', verified_only: true })).toEqual({
      gender: 'female',
      verified_only: true,
      updated_at: h.clock.now.toISOString(),
    });
    expect(await viewer.caller.members.preferences()).toMatchObject({ verified_only: true });
    expect(await viewer.caller.members.savePreferences({ gender: 'female', verified_only: false })).toEqual({
      gender: 'female',
      updated_at: h.clock.now.toISOString(),
    });
  });
});
