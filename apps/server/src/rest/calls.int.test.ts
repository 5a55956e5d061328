// Video calls over api/v1 (routes-calls.ts) follow the web's rules, since both go through the same procedures:
// who may be rung, the free allowance to friends, blocks, who may answer or signal, and TURN credentials only
// for the call's parties. Each refusal is an answer in the envelope with its status (and Retry-After on 429).
import { createSession } from '@rhema/auth';
import { FREE_FRIEND_CALLS_PER_24H } from '@rhema/schemas';
import { seedFriendship, seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;
type Who = { id: string; token: string };

describe('video calls over api/v1', () => {
  let server: Server;
  let n = 0;
  beforeAll(async () => {
    server = await createTestServer({
      ICE_SERVERS: JSON.stringify([{ urls: 'turn:turn.rhema.test:3478' }]),
      TURN_SECRET: 'a-secret-shared-with-coturn',
    });
  });
  afterAll(() => server.close());

  async function member(first_name: string): Promise<Who> {
    n += 1;
    const user = await seedUser(server.db, { first_name, email: `rest-call-${n}@example.test` });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    return { id: user.id, token };
  }
  async function rest(who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
    const res = await server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${who.token}` },
      ...(payload ? { payload } : {}),
    });
    return {
      status: res.statusCode,
      retryAfter: res.headers['retry-after'],
      body: res.json() as { success: boolean; message?: string; data?: { call: { _id: string } } },
    };
  }
  const ring = (from: Who, to: Who) => rest(from, 'POST', '/calls', { user_id: to.id });

  it('rings only a member one may message, never across a block', async () => {
    const ada = await member('Ada');
    const bola = await member('Bola');
    const chika = await member('Chika');
    await seedFriendship(server.db, ada, bola);
    await seedFriendship(server.db, ada, chika);
    expect((await ring(ada, bola)).status).toBe(200);
    const stranger = await member('Dayo');
    const refused = await ring(ada, stranger);
    expect(refused).toMatchObject({ status: 404, body: { success: false } });
    expect((await rest(chika, 'POST', '/blocks', { user_id: ada.id })).status).toBe(200);
    expect(await ring(ada, chika)).toEqual(refused);
  });

  it('counts calls to friends against the free allowance: 429 with Retry-After past it', async () => {
    const ada = await member('Efe');
    const friends = await Promise.all(
      Array.from({ length: FREE_FRIEND_CALLS_PER_24H + 1 }, (_, i) => member(`Friend${i}`)),
    );
    for (const friend of friends) await seedFriendship(server.db, ada, friend);
    for (const friend of friends.slice(0, FREE_FRIEND_CALLS_PER_24H)) {
      const rung = await ring(ada, friend);
      expect(rung.status).toBe(200);
      await rest(ada, 'PATCH', `/calls/${rung.body.data!.call._id}/end`);
    }
    const over = await ring(ada, friends[FREE_FRIEND_CALLS_PER_24H]!);
    expect(over).toMatchObject({ status: 429, body: { success: false, message: expect.any(String) } });
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
  });

  it('lets only the callee answer, only the parties signal, and only an active call carry signals', async () => {
    const ada = await member('Funmi');
    const bola = await member('Gozie');
    const other = await member('Hauwa');
    await seedFriendship(server.db, ada, bola);
    const callId = (await ring(ada, bola)).body.data!.call._id;
    const offer = { kind: 'offer', data: { type: 'offer', sdp: 'v=0\r\n' } };
    expect((await rest(ada, 'POST', `/calls/${callId}/signals`, offer)).status).toBe(409);
    expect((await rest(ada, 'POST', `/calls/${callId}/answer`, { accept: true })).status).toBe(404);
    expect((await rest(other, 'POST', `/calls/${callId}/answer`, { accept: true })).status).toBe(404);
    expect((await rest(bola, 'POST', `/calls/${callId}/answer`, { accept: true })).status).toBe(200);
    expect((await rest(other, 'POST', `/calls/${callId}/signals`, offer)).status).toBe(404);
    expect((await rest(ada, 'POST', `/calls/${callId}/signals`, offer)).status).toBe(200);
    // TURN credentials for the parties only, each minted for its own member
    const session = await rest(bola, 'GET', `/calls/${callId}`);
    expect(session.body.data).toMatchObject({
      ice_servers: [{ username: expect.stringMatching(new RegExp(`:${bola.id}$`)) }],
    });
    expect((await rest(other, 'GET', `/calls/${callId}`)).status).toBe(404);
  });
});
