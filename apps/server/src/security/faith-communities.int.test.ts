// Belonging to a faith community says what a member believes (special-category data, docs/security.md, F10):
// joining one needs the special-category consent, given at the join or before; the membership is
// shown only to those who may see the member's special-category answers (never to an anonymous visitor or in the
// private-match lookup), not in the community's member list or the members filter otherwise, and withdrawing the
// consent leaves those communities.
import { createSession } from '@rhema/auth';
import { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { seedContent, seedUser, type SeedUserOptions } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

const FAITH = 'muslim-singles-circle';
const FAITH_NAME = 'Muslim Singles Circle';
const INTEREST = 'tech-and-product';

describe('faith communities are special-category data', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let n = 0;
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
  });
  afterAll(() => server.close());

  async function member(first_name: string, options: SeedUserOptions = {}) {
    n += 1;
    const user = await seedUser(server.db, {
      first_name,
      email: `faith-${n}@example.test`,
      contact_reference: `FTH${String(n).padStart(3, '0')}`,
      ...options,
    });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    return { user, token };
  }

  async function trpc(who: { token: string }, path: string, input: object, mutation = false) {
    const res = await server.app.inject({
      method: mutation ? 'POST' : 'GET',
      url: mutation ? `/trpc/${path}` : `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      ...(mutation ? { payload: JSON.stringify(input) } : {}),
    });
    const body = res.json() as {
      result?: { data: unknown };
      error?: { message: string; data: { httpStatus: number } };
    };
    return { status: res.statusCode, data: body.result?.data, error: body.error };
  }

  const liveConsents = async (userId: string) =>
    server.db
      .selectFrom('user_consents')
      .select('text_version')
      .where('user_id', '=', userId)
      .where('withdrawn_at', 'is', null)
      .execute();

  it('joining a faith community needs the consent: 417 without it, given with the join', async () => {
    const amina = await member('Amina', { special_category_consent: false });
    const refused = await trpc(amina, 'communities.join', { slug: FAITH }, true);
    expect(refused.status).toBe(417);
    expect(refused.error?.message).toMatch(/needs your consent/);
    expect(
      await server.db
        .selectFrom('community_memberships')
        .select('user_id')
        .where('user_id', '=', amina.user.id)
        .execute(),
    ).toEqual([]);
    // an interest community needs nothing
    expect((await trpc(amina, 'communities.join', { slug: INTEREST }, true)).status).toBe(200);
    // a stale text version is refused, the current one records the consent and joins
    const stale = await trpc(
      amina,
      'communities.join',
      { slug: FAITH, special_consent_text_version: 'old' },
      true,
    );
    expect(stale.status).toBe(400);
    const joined = await trpc(
      amina,
      'communities.join',
      { slug: FAITH, special_consent_text_version: SPECIAL_CATEGORY_CONSENT.textVersion },
      true,
    );
    expect(joined).toMatchObject({ status: 200, data: { joined: true } });
    expect(await liveConsents(amina.user.id)).toEqual([
      { text_version: SPECIAL_CATEGORY_CONSENT.textVersion },
    ]);
  });

  it('a membership without consent is shown to nobody else: profile, lookup, member list, members filter', async () => {
    // a membership from before the rule (or a consent withdrawn since): the row exists, the consent does not
    const hidden = await member('Hafsa', {
      communities: [FAITH, INTEREST],
      special_category_consent: false,
      contact_reference: 'FTHHID',
    });
    const shown = await member('Yusuf', { communities: [FAITH], special_category_consent: true });
    const viewer = await member('Viewer');

    const profile = await trpc(viewer, 'members.get', { id: hidden.user.id });
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.data)).not.toContain(FAITH_NAME);
    expect(JSON.stringify(profile.data)).toContain('Tech & Product People');
    // the member still sees their own
    const own = await trpc(hidden, 'account.profile', {});
    expect(JSON.stringify(own.data)).toContain(FAITH_NAME);
    // a member with the consent is shown to other members, as their faith answer would be
    const consenting = await trpc(viewer, 'members.get', { id: shown.user.id });
    expect(JSON.stringify(consenting.data)).toContain(FAITH_NAME);

    const page = await trpc(viewer, 'communities.get', { slug: FAITH });
    const names = (page.data as { members: { data: { first_name: string }[] } }).members.data.map(
      (m) => m.first_name,
    );
    expect(names).toContain('Yusuf');
    expect(names).not.toContain('Hafsa');
    const filtered = await trpc(viewer, 'members.list', { community: FAITH });
    const listed = JSON.stringify(filtered.data);
    expect(listed).toContain('Yusuf');
    expect(listed).not.toContain('Hafsa');
  });

  it('the anonymous private-match lookup never shows a faith community, consent or not', async () => {
    await member('Zainab', {
      communities: [FAITH, INTEREST],
      special_category_consent: true,
      contact_reference: 'FTHPUB',
    });
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/search/match?contact_reference=FTHPUB',
      remoteAddress: '192.0.2.77',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(FAITH_NAME);
    expect(res.json().data.organisations).toEqual([{ name: 'Tech & Product People' }]);
  });

  it('withdrawing the consent leaves the faith communities, and joining again asks for it again', async () => {
    const bilal = await member('Bilal', { communities: [FAITH, INTEREST], special_category_consent: true });
    const viewer = await member('Viewer2');
    expect(JSON.stringify((await trpc(viewer, 'members.get', { id: bilal.user.id })).data)).toContain(
      FAITH_NAME,
    );
    expect((await trpc(bilal, 'profile.withdrawSpecialConsent', {}, true)).status).toBe(200);
    const kinds = await server.db
      .selectFrom('community_memberships as m')
      .innerJoin('communities as c', 'c.id', 'm.community_id')
      .select('c.slug')
      .where('m.user_id', '=', bilal.user.id)
      .execute();
    expect(kinds).toEqual([{ slug: INTEREST }]);
    expect((await trpc(bilal, 'communities.join', { slug: FAITH }, true)).status).toBe(417);
  });
});
