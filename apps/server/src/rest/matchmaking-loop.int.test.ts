// The whole private-matchmaking loop as mobile clients and a consultant's tool drive it: nothing but the documented
// api/v1 rows (apps/server/src/rest/routes.ts) and Bearer tokens from POST /auth/login, staff rows included.
import { seedContent, seedUser } from '@rhema/seed';
import type { Role } from '@rhema/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;
const PASSWORD = 'a long enough passphrase';

describe('api/v1: a member asks, a consultant pairs, premium is paid, both accept, both message', () => {
  let server: Server;
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
  });
  afterAll(() => server.close());

  async function call(token: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) {
    const res = await server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(method === 'GET' ? {} : { payload: body ?? {} }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field below
    return { status: res.statusCode, body: res.json() as Record<string, any> };
  }

  /** A seeded account signed in the way a client signs in: its token comes from POST /auth/login. */
  async function signIn(first_name: string, email: string, role: Role = 'member') {
    const user = await seedUser(server.db, { first_name, email, role, password: PASSWORD });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return { id: user.id, token: (res.json() as { token: string }).token };
  }

  it('runs end to end, and messaging opens only once the introduction is accepted', async () => {
    const asker = await signIn('Chidi', 'loop-asker@example.test');
    const chosen = await signIn('Amara', 'loop-chosen@example.test');
    const consultant = await signIn('Grace', 'loop-consultant@example.test', 'consultant');

    // 1. the asker reads the chosen member's handle and asks the team for an introduction
    const profile = await call(asker.token, 'GET', `/members/${chosen.id}`);
    expect(profile.status).toBe(200);
    const asked = await call(asker.token, 'POST', '/match-requests', { user_id: chosen.id });
    expect(asked.status).toBe(200);
    const requestId: string = asked.body.data.request._id;

    // 2. the consultant finds it in the queue and creates the introduction with that match, then activates it
    const queue = await call(consultant.token, 'GET', '/admin/match-requests?status=open');
    expect(queue.status).toBe(200);
    const waiting = queue.body.data.data.find((r: { _id: string }) => r._id === requestId);
    expect(waiting).toMatchObject({ requester: { _id: asker.id }, member: { _id: chosen.id } });
    const introduced = await call(consultant.token, 'PATCH', `/admin/match-requests/${requestId}/introduce`);
    expect(introduced.status).toBe(200);
    const matchId: string = introduced.body.data.introduction_id;
    expect(matchId).toEqual(expect.any(String));
    const activated = await call(
      consultant.token,
      'PATCH',
      `/admin/user-introductions/introduction/${matchId}/activate`,
    );
    expect(activated.status).toBe(200);

    // the asker's request list says so; the two cannot message each other yet
    const mine = await call(asker.token, 'GET', '/match-requests');
    expect(mine.body.data.data[0]).toMatchObject({ _id: requestId, status: 'introduced' });
    const early = await call(asker.token, 'POST', `/messages/${chosen.id}`, { body: 'Hello?' });
    expect(early.status).toBe(403);

    // 3. the asker sees the match, is asked for premium, starts it and quotes its reference
    const list = await call(asker.token, 'GET', '/user-introductions');
    const card = list.body.data.find((i: { _id: string }) => i._id === matchId);
    expect(card).toMatchObject({ role: 'owner', status: 'open', contact: { _id: chosen.id } });
    const unpaid = await call(asker.token, 'PATCH', `/user-introductions/${matchId}/request`, {
      message: 'I would love to meet you',
    });
    expect(unpaid.status).toBe(417);
    const premium = await call(asker.token, 'POST', `/user-subscriptions/premium?matchId=${matchId}`);
    expect(premium.status).toBe(200);
    const subscriptionId: string = premium.body.data._id;
    const reference: string = premium.body.data.payment.reference;

    // 4. the consultant finds the pending premium with that reference and records the payment
    const owner = await call(consultant.token, 'GET', `/admin/user-introductions/owner/${asker.id}`);
    expect(owner.body.subscriptions).toContainEqual(
      expect.objectContaining({ _id: subscriptionId, status: 'pending', reference }),
    );
    const confirmed = await call(
      consultant.token,
      'PATCH',
      `/admin/user-subscriptions/${subscriptionId}/confirm`,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe('active');

    // 5. the asker requests, the chosen member accepts
    const requested = await call(asker.token, 'PATCH', `/user-introductions/${matchId}/request`, {
      message: 'I would love to meet you',
    });
    expect(requested.status).toBe(200);
    const accepted = await call(chosen.token, 'PATCH', `/user-introductions/${matchId}/accept`, {
      message: 'Happy to talk',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.status).toBe('accepted');

    // 6. both message each other
    const hello = await call(asker.token, 'POST', `/messages/${chosen.id}`, { body: 'Hello Amara!' });
    expect(hello.status).toBe(200);
    const reply = await call(chosen.token, 'POST', `/messages/${asker.id}`, { body: 'Hello Chidi!' });
    expect(reply.status).toBe(200);
    const thread = await call(asker.token, 'GET', `/messages/${chosen.id}`);
    expect(thread.body.data.can_send).toBe(true);
    expect(thread.body.data.messages.map((m: { body: string }) => m.body)).toEqual(
      expect.arrayContaining(['Hello Amara!', 'Hello Chidi!']),
    );
  });

  it('refuses the staff rows to a member token', async () => {
    const member = await signIn('Tobi', 'loop-member@example.test');
    expect((await call(member.token, 'GET', '/admin/match-requests')).status).toBe(403);
  });
});
