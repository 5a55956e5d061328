// docs/security.md, F26, F30 and F31, on video calls:
// - F26: 40 ring/hang-up cycles inside an accepted introduction each rang the other member (only calls between
//   friends were counted). Rings now count per caller and per pair whatever the route to the call, and a member who
//   left a caller's last 3 rings unanswered is not rung by them again that day.
// - F30: a block during a call left it `active`, the blocked side got no hang-up, and neither could end it after.
// - F31: `calls.session` on a call missed 20 minutes earlier minted fresh TURN credentials.
import { createPostgresRateLimitStore, createSession, RATE_LIMITS } from '@rhema/auth';
import { blockMember } from '@rhema/core';
import {
  CALL_QUIET_AFTER_UNANSWERED_MS,
  CALL_RING_GRACE_MS,
  CALL_RING_TIMEOUT_MS,
  CALL_UNANSWERED_IN_A_ROW,
  TURN_CREDENTIAL_TTL_SECONDS,
  type TCall,
  type TLiveMessageEvent,
} from '@rhema/schemas';
import { seedFriendship, seedIntroduction, seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseStream } from '../test/sse';
import { createTestServer } from '../test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;
type Who = { id: string; token: string };
const ICE_SERVERS = JSON.stringify([
  { urls: 'stun:turn.rhema.test:3478' },
  { urls: ['turn:turn.rhema.test:3478?transport=udp'] },
]);

describe('video calls: ring limits, blocks and TURN credentials (F26, F30, F31)', () => {
  let clock = Date.now();
  let server: Server;
  let base = '';
  const open: SseStream[] = [];
  beforeAll(async () => {
    server = await createTestServer(
      { ICE_SERVERS, TURN_SECRET: 'a-secret-shared-with-coturn' },
      { now: () => new Date(clock) },
    );
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await server.close();
  });

  let n = 0;
  async function member(first_name: string): Promise<Who> {
    n += 1;
    const user = await seedUser(server.db, { first_name, email: `ring-${n}-${process.pid}@example.test` });
    const { token } = await createSession(server.db, {
      userId: user.id,
      role: 'member',
      now: new Date(clock),
    });
    return { id: user.id, token };
  }
  let staffId: string | null = null;
  async function introduced(a: Who, b: Who) {
    staffId ??= (
      await seedUser(server.db, { role: 'consultant', email: `ring-staff-${process.pid}@example.test` })
    ).id;
    await seedIntroduction(server.db, {
      owner_id: a.id,
      contact_id: b.id,
      created_by: staffId,
      status: 'accepted',
    });
  }
  async function trpc(who: Who, path: string, input: object, method = 'POST') {
    const headers = { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' };
    const res =
      method === 'GET'
        ? await server.app.inject({
            method,
            url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
            headers,
          })
        : await server.app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: input });
    const body = res.json() as { result?: { data: unknown }; error?: { message: string } };
    return {
      status: res.statusCode,
      retryAfter: res.headers['retry-after'],
      data: body.result?.data as { call: TCall },
      message: body.error?.message,
    };
  }
  const ring = (from: Who, to: Who) => trpc(from, 'calls.start', { user_id: to.id });
  const hangUp = (who: Who, callId: string) => trpc(who, 'calls.end', { call_id: callId });

  it('rings inside an accepted introduction count per pair and per caller (F26)', async () => {
    const ada = await member('Ada');
    const bola = await member('Bola');
    await introduced(ada, bola);
    const perPair = RATE_LIMITS.callRingsPerPairHour.limit;
    const statuses: number[] = [];
    for (let i = 0; i < perPair + 2; i += 1) {
      const call = await ring(ada, bola);
      statuses.push(call.status);
      if (call.status !== 200) {
        expect(call.message).toBe(`Limit reached: you can call one member ${perPair} times an hour.`);
        expect(Number(call.retryAfter)).toBeGreaterThan(0);
        continue;
      }
      // answered and ended: the "not answered in a row" rule is not what stops them here
      await trpc(bola, 'calls.answer', { call_id: call.data.call._id, accept: true });
      await hangUp(ada, call.data.call._id);
    }
    expect(statuses).toEqual([...Array<number>(perPair).fill(200), 429, 429]);

    // per caller, across members (each pair under its own limit)
    const perCaller = RATE_LIMITS.callRingsPerHour.limit;
    clock += 60 * 60_000 + 1000;
    const chika = await member('Chika');
    const others = await Promise.all(
      Array.from({ length: Math.ceil(perCaller / 2) + 1 }, (_, i) => member(`O${i}`)),
    );
    let rung = 0;
    let last = 200;
    for (const other of others) {
      await introduced(chika, other);
      for (let i = 0; i < 2 && last === 200; i += 1) {
        const call = await ring(chika, other);
        last = call.status;
        if (last !== 200) break;
        rung += 1;
        await trpc(other, 'calls.answer', { call_id: call.data.call._id, accept: true });
        await hangUp(chika, call.data.call._id);
      }
    }
    expect([rung, last]).toEqual([perCaller, 429]);
    // some thirty calls rung, answered and ended: past the default 20 s on a busy machine
  }, 120_000);

  it(`a member who left ${CALL_UNANSWERED_IN_A_ROW} rings in a row unanswered is not rung by that caller that day (F26)`, async () => {
    const ada = await member('Dami');
    const bola = await member('Efe');
    await introduced(ada, bola);
    // declined, given up while ringing (missed), rung out (missed)
    const first = await ring(ada, bola);
    await trpc(bola, 'calls.answer', { call_id: first.data.call._id, accept: false });
    clock += 60_000;
    await hangUp(ada, (await ring(ada, bola)).data.call._id);
    clock += 60_000;
    expect((await ring(ada, bola)).status).toBe(200);
    clock += CALL_RING_TIMEOUT_MS + CALL_RING_GRACE_MS + 1000;
    const refused = await ring(ada, bola);
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(
      /^Efe has not answered your last 3 calls\. You can call them again after \d\d:\d\d UTC, or when they call you\.$/,
    );
    const retryAfter = Number(refused.retryAfter);
    expect(retryAfter).toBeGreaterThan(CALL_QUIET_AFTER_UNANSWERED_MS / 1000 - 3 * 60);
    expect(retryAfter).toBeLessThanOrEqual(CALL_QUIET_AFTER_UNANSWERED_MS / 1000);
    // Efe calling back lifts it
    const back = await ring(bola, ada);
    expect(back.status).toBe(200);
    await hangUp(bola, back.data.call._id);
    expect((await ring(ada, bola)).status).toBe(200);
  });

  it('the quiet day ends a day after the last unanswered ring (F26)', async () => {
    const ada = await member('Femi');
    const bola = await member('Gbemi');
    await seedFriendship(server.db, ada, bola);
    await introduced(ada, bola);
    for (let i = 0; i < CALL_UNANSWERED_IN_A_ROW; i += 1) {
      await hangUp(ada, (await ring(ada, bola)).data.call._id);
      clock += 60_000;
    }
    expect((await ring(ada, bola)).status).toBe(429);
    clock += CALL_QUIET_AFTER_UNANSWERED_MS;
    expect((await ring(ada, bola)).status).toBe(200);
  });

  it('a block ends a call under way: status ended, a hang-up to both (F30)', async () => {
    const ada = await member('Hauwa');
    const bola = await member('Ify');
    await seedFriendship(server.db, ada, bola);
    const streams = await Promise.all(
      [ada, bola].map(async (who) => {
        const stream = await openSse(`${base}/trpc/messages.live`, { authorization: `Bearer ${who.token}` });
        open.push(stream);
        expect((await stream.next()).event).toBe('connected');
        expect((await stream.nextData<TLiveMessageEvent>()).type).toBe('ready');
        return stream;
      }),
    );
    const [adaLive, bolaLive] = streams as [SseStream, SseStream];
    const callId = (await ring(ada, bola)).data.call._id;
    expect(await bolaLive.nextData<TLiveMessageEvent>()).toMatchObject({ type: 'call', signal: 'ring' });
    await trpc(bola, 'calls.answer', { call_id: callId, accept: true });
    expect(await adaLive.nextData<TLiveMessageEvent>()).toMatchObject({ type: 'call', signal: 'accept' });

    await blockMember({
      db: server.db,
      rateLimitStore: createPostgresRateLimitStore(server.db),
      userId: ada.id,
      targetId: bola.id,
      now: new Date(clock),
    });
    for (const stream of [adaLive, bolaLive])
      expect(await stream.nextData<TLiveMessageEvent>()).toMatchObject({
        type: 'call',
        call_id: callId,
        signal: 'hangup',
      });
    const row = await server.db
      .selectFrom('calls')
      .select(['status', 'ended_at'])
      .where('id', '=', callId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ended');
    expect(row.ended_at).not.toBeNull();
  });

  it('TURN credentials only for a ringing or active call, for its expected length (F31)', async () => {
    const ada = await member('Jide');
    const bola = await member('Kemi');
    await seedFriendship(server.db, ada, bola);
    const turnOf = async (callId: string) => {
      const session = await trpc(ada, 'calls.session', { call_id: callId }, 'GET');
      expect(session.status).toBe(200);
      const { ice_servers } = session.data as unknown as {
        ice_servers: { urls: string | string[]; username?: string }[];
      };
      return ice_servers.filter((s) => [s.urls].flat().some((u) => u.startsWith('turn')));
    };
    const callId = (await ring(ada, bola)).data.call._id;
    const ringing = await turnOf(callId);
    expect(ringing).toHaveLength(1);
    const expiry = Number(ringing[0]!.username!.split(':')[0]);
    const nowSeconds = Math.floor(clock / 1000);
    expect(expiry - nowSeconds).toBeGreaterThan(TURN_CREDENTIAL_TTL_SECONDS);
    expect(expiry - nowSeconds).toBeLessThanOrEqual(
      TURN_CREDENTIAL_TTL_SECONDS + (CALL_RING_TIMEOUT_MS + CALL_RING_GRACE_MS) / 1000,
    );
    await trpc(bola, 'calls.answer', { call_id: callId, accept: true });
    const active = await turnOf(callId);
    expect(Number(active[0]!.username!.split(':')[0]) - nowSeconds).toBe(TURN_CREDENTIAL_TTL_SECONDS);
    await hangUp(ada, callId);
    expect(await turnOf(callId)).toEqual([]);
    // a call missed 20 minutes ago: the page still reads it, without a relay
    const missed = (await ring(ada, bola)).data.call._id;
    clock += 20 * 60_000;
    expect(await turnOf(missed)).toEqual([]);
  });
});
