// Self-matching over api/v1 as a mobile client sees it: communities joined and left, friend requests
// with the 24-hour limit (429 in the envelope), messaging opened by an accept, a block hiding both members from
// each other at once (404 both ways), reports. contract.int.test.ts checks each row's 200 against the OpenAPI
// document; this checks the rules through the rows.
import { FRIEND_REQUESTS_PER_24H, SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { seedContent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restClient } from '../test/rest-client';
import { createTestServer } from '../test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;

describe('api/v1 self-matching rows', () => {
  let server: Server;
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
  });
  afterAll(() => server.close());

  const { member, call } = restClient(() => server, 'rest-social');

  it('joins and leaves a community; its page lists the member', async () => {
    const a = await member('Ebere', { gender: 'female' });
    const slug = 'christian-singles-fellowship';
    const before = (await call(a, 'GET', `/communities/${slug}`)).body.data.community.member_count as number;
    // a faith community: the special-category consent is needed first, and can be given with the join
    const refused = await call(a, 'POST', `/communities/${slug}/join`, {});
    expect(refused).toMatchObject({
      status: 417,
      body: {
        success: false,
        requirement: 'special_consent',
        text_version: SPECIAL_CATEGORY_CONSENT.textVersion,
      },
    });
    const joined = await call(a, 'POST', `/communities/${slug}/join`, {
      special_consent_text_version: SPECIAL_CATEGORY_CONSENT.textVersion,
    });
    expect(joined).toMatchObject({ status: 200, body: { success: true, data: { joined: true } } });
    expect(joined.body.data.member_count).toBe(before + 1);
    expect((await call(a, 'POST', `/communities/${slug}/join`, {})).body.data.member_count).toBe(before + 1);
    const listed = await call(a, 'GET', '/communities?kind=faith');
    expect(listed.body.data.find((c: { slug: string }) => c.slug === slug)).toMatchObject({ joined: true });
    const left = await call(a, 'POST', `/communities/${slug}/leave`, {});
    expect(left.body.data).toEqual({ joined: false, member_count: before });
    expect((await call(a, 'GET', '/communities/no-such-community')).status).toBe(404);
  });

  it('a friend request, accepted, opens messaging; the quota counts it', async () => {
    const a = await member('Folake', { gender: 'female' });
    const b = await member('Gbenga', { gender: 'male' });
    const sent = await call(a, 'POST', '/friends/requests', { user_id: b.user.id });
    expect(sent.status).toBe(200);
    expect(sent.body.data.quota).toMatchObject({ limit: FRIEND_REQUESTS_PER_24H, used: 1 });
    const requestId = sent.body.data.request._id as string;
    expect((await call(a, 'POST', `/messages/${b.user.id}`, { body: 'Hello' })).status).toBe(403);
    const overview = await call(b, 'GET', '/friends');
    expect(overview.body.data.incoming.map((r: { _id: string }) => r._id)).toContain(requestId);
    // only the addressee accepts: the requester gets the same 404 as an unknown id
    expect((await call(a, 'PATCH', `/friends/requests/${requestId}/accept`, {})).status).toBe(404);
    const accepted = await call(b, 'PATCH', `/friends/requests/${requestId}/accept`, {});
    expect(accepted.body.data).toMatchObject({ _id: requestId, status: 'accepted' });
    expect((await call(b, 'PATCH', `/friends/requests/${requestId}/decline`, {})).status).toBe(409);
    expect((await call(a, 'POST', `/messages/${b.user.id}`, { body: 'Hello' })).status).toBe(200);
    expect((await call(a, 'GET', '/friends/quota')).body.data).toMatchObject({ used: 1 });
  });

  it(`refuses the friend request after ${FRIEND_REQUESTS_PER_24H} in 24 hours with 429 in the envelope`, async () => {
    const a = await member('Halima', { gender: 'female' });
    for (let i = 0; i < FRIEND_REQUESTS_PER_24H; i++) {
      const other = await member(`Ike${i}`, { gender: 'male' });
      expect((await call(a, 'POST', '/friends/requests', { user_id: other.user.id })).status).toBe(200);
    }
    const one = await member('Jide', { gender: 'male' });
    const refused = await call(a, 'POST', '/friends/requests', { user_id: one.user.id });
    expect(refused.status).toBe(429);
    expect(refused.body.success).toBe(false);
    expect((await call(a, 'GET', '/friends/quota')).body.data).toMatchObject({ remaining: 0 });
  });

  it('verified_only=true lists only members with the verified badge; false or none lists everybody', async () => {
    const a = await member('Maryam', { gender: 'female' });
    const verified = await member('Ruqayyah', { gender: 'female' });
    await member('Ruqayya', { gender: 'female' });
    await server.db
      .updateTable('users')
      .set({ identity_verified_at: new Date() })
      .where('id', '=', verified.user.id)
      .execute();
    const listed = async (query: string) => {
      const answer = await call(a, 'GET', `/members?name=ruqayy${query}`);
      expect(answer.status).toBe(200);
      return (answer.body.data.data as { _id: string; identity_verified: boolean }[])
        .map((m) => m._id)
        .sort();
    };
    expect(await listed('&verified_only=true')).toEqual([verified.user.id]);
    expect(await listed('&verified_only=1')).toEqual([verified.user.id]);
    expect(await listed('&verified_only=false')).toHaveLength(2);
    expect(await listed('')).toHaveLength(2);
    const bad = await call(a, 'GET', '/members?verified_only=yes-please');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^verified_only: /);
  });

  it('a block hides both members from each other at once; a report is taken', async () => {
    const a = await member('Kike', { gender: 'female' });
    const b = await member('Lanre', { gender: 'male' });
    const sees = async (viewer: typeof a, other: typeof a) =>
      ((await call(viewer, 'GET', '/members?page=1')).body.data.data as { _id: string }[]).some(
        (m) => m._id === other.user.id,
      );
    expect((await call(a, 'GET', `/members/${b.user.id}`)).status).toBe(200);
    expect((await call(a, 'POST', '/blocks', { user_id: b.user.id })).body.data).toEqual({ blocked: true });
    expect((await call(a, 'GET', `/members/${b.user.id}`)).status).toBe(404);
    expect((await call(b, 'GET', `/members/${a.user.id}`)).status).toBe(404);
    expect(await sees(a, b)).toBe(false);
    expect(await sees(b, a)).toBe(false);
    expect((await call(b, 'POST', '/friends/requests', { user_id: a.user.id })).status).toBe(404);
    expect((await call(a, 'GET', '/blocks')).body.data.map((m: { _id: string }) => m._id)).toContain(
      b.user.id,
    );

    const reported = await call(a, 'POST', '/reports', { user_id: b.user.id, reason: 'harassment' });
    expect(reported).toMatchObject({ status: 200, body: { success: true } });
    const badReason = await call(a, 'POST', '/reports', { user_id: b.user.id, reason: 'boring' });
    expect(badReason.status).toBe(400);
    expect(badReason.body.message).toMatch(/^reason: /);

    expect((await call(a, 'DELETE', `/blocks/${b.user.id}`)).body.data).toEqual({ blocked: false });
    expect((await call(a, 'GET', `/members/${b.user.id}`)).status).toBe(200);
  });
});
