// Video calls (docs/decisions/180-video-calls.md): who may call whom (the messaging rule, never across a block,
// anyone else the unknown member's 404), the signals reaching the other party only over messages.live (on one
// instance and across two on one database), the negotiation deleted when the call ends, and TURN credentials
// minted per call that expire.
import { createHmac } from 'node:crypto';
import { createPostgresRateLimitStore, createSession } from '@rhema/auth';
import { blockMember, createMemoryMailer, turnCredentials } from '@rhema/core';
import { createDb, type DbHandle } from '@rhema/db';
import { testDbKind } from '@rhema/db/testing';
import {
  CALL_HEARTBEAT_MS,
  CALL_RING_TIMEOUT_MS,
  CALL_SILENT_AFTER_MS,
  FREE_FRIEND_CALLS_PER_24H,
  TURN_CREDENTIAL_TTL_SECONDS,
  type TCall,
  type TLiveMessageEvent,
} from '@rhema/schemas';
import { seedContent, seedFriendship, seedIntroduction, seedUser } from '@rhema/seed';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { loadEnv } from './env';
import { openSse, type SseStream } from './test/sse';
import { createTestServer } from './test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;
type Who = { id: string; token: string };

const ICE_SERVERS = JSON.stringify([
  { urls: 'stun:turn.rhema.test:3478' },
  { urls: ['turn:turn.rhema.test:3478?transport=udp', 'turns:turn.rhema.test:5349'] },
]);
const TURN_SECRET = 'a-secret-shared-with-coturn';

let n = 0;
async function member(db: Server['db'], first_name: string): Promise<Who> {
  n += 1;
  const user = await seedUser(db, { first_name, email: `call-${n}-${Date.now()}@example.test` });
  const { token } = await createSession(db, { userId: user.id, role: 'member', now: new Date() });
  return { id: user.id, token };
}

/** A tRPC call with the member's Bearer token: its status and data (or error message). */
async function trpc(app: FastifyInstance, who: Who, path: string, input: object, method = 'POST') {
  const headers = { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' };
  const res =
    method === 'GET'
      ? await app.inject({
          method,
          url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
        })
      : await app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: input });
  const body = res.json() as { result?: { data: unknown }; error?: { message: string } };
  return { status: res.statusCode, data: body.result?.data as never, message: body.error?.message };
}

async function live(base: string, who: Who) {
  const stream = await openSse(`${base}/trpc/messages.live`, { authorization: `Bearer ${who.token}` });
  expect(stream.status).toBe(200);
  expect((await stream.next()).event).toBe('connected');
  expect((await stream.nextData<TLiveMessageEvent>()).type).toBe('ready');
  return stream;
}

async function nextSignal(stream: SseStream) {
  const event = await stream.nextData<TLiveMessageEvent>();
  if (event.type !== 'call')
    throw new Error(`expected a call signal, got ${JSON.stringify(event).slice(0, 200)}`);
  return event;
}

async function start(app: FastifyInstance, from: Who, to: Who) {
  return trpc(app, from, 'calls.start', { user_id: to.id }) as Promise<{
    status: number;
    data: { call: TCall };
    message?: string;
  }>;
}

const OFFER = { type: 'offer', sdp: `v=0\r\n${'a=candidate-ish line\r\n'.repeat(600)}` };

describe('video calls', () => {
  let server: Server;
  let base: string;
  const open: SseStream[] = [];
  beforeAll(async () => {
    server = await createTestServer({ ICE_SERVERS, TURN_SECRET });
    await seedContent(server.db);
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await server.close();
  });

  it('rings only members one may message: friends, an accepted introduction; others get the unknown 404', async () => {
    const ada = await member(server.db, 'Ada');
    const bola = await member(server.db, 'Bola');
    const chika = await member(server.db, 'Chika');
    const dayo = await member(server.db, 'Dayo');
    const staff = await seedUser(server.db, {
      role: 'consultant',
      email: `call-staff-${Date.now()}@example.test`,
    });
    await seedFriendship(server.db, ada, bola);
    await seedIntroduction(server.db, {
      owner_id: ada.id,
      contact_id: dayo.id,
      created_by: staff.id,
      status: 'accepted',
    });

    expect((await start(server.app, ada, bola)).status).toBe(200);
    expect((await start(server.app, dayo, ada)).status).toBe(200);
    // the profile's call button follows the same rule
    const canCall = async (from: Who, to: Who) =>
      (
        (await trpc(server.app, from, 'members.get', { id: to.id }, 'GET')).data as {
          relation: { can_call: boolean };
        }
      ).relation.can_call;
    expect(await canCall(ada, bola)).toBe(true);
    expect(await canCall(ada, dayo)).toBe(true);
    expect(await canCall(dayo, ada)).toBe(true);
    expect(await canCall(ada, chika)).toBe(false);
    const unknown = await start(server.app, ada, { id: '00000000-0000-4000-8000-000000000000', token: '' });
    const stranger = await start(server.app, ada, chika);
    expect(unknown.status).toBe(404);
    expect(stranger).toEqual({ ...unknown, data: undefined });
    // a pending friend request is not enough either
    const eve = await member(server.db, 'Eve');
    await server.db
      .insertInto('friend_requests')
      .values({ requester_id: ada.id, addressee_id: eve.id, status: 'pending' })
      .execute();
    expect((await start(server.app, ada, eve)).status).toBe(404);
    // never across a block, either way, even between friends
    const funmi = await member(server.db, 'Funmi');
    await seedFriendship(server.db, funmi, ada);
    await blockMember({
      db: server.db,
      rateLimitStore: createPostgresRateLimitStore(server.db),
      userId: funmi.id,
      targetId: ada.id,
      now: new Date(),
    });
    expect(await start(server.app, ada, funmi)).toEqual({ ...unknown, data: undefined });
    expect((await start(server.app, funmi, ada)).status).toBe(404);
  });

  it('counts calls to friends against the free allowance, never those of an accepted introduction', async () => {
    const ada = await member(server.db, 'Gozie');
    const friends = await Promise.all([1, 2, 3, 4].map((i) => member(server.db, `Friend${i}`)));
    const matched = await member(server.db, 'Matched');
    const staff = await seedUser(server.db, {
      role: 'consultant',
      email: `call-staff2-${Date.now()}@example.test`,
    });
    await seedIntroduction(server.db, {
      owner_id: matched.id,
      contact_id: ada.id,
      created_by: staff.id,
      status: 'accepted',
    });
    for (const f of friends) await seedFriendship(server.db, ada, f);
    for (const f of friends.slice(0, FREE_FRIEND_CALLS_PER_24H)) {
      const { status, data } = await start(server.app, ada, f);
      expect(status).toBe(200);
      // ringing again returns the same call and counts nothing
      expect((await start(server.app, ada, f)).data.call._id).toBe(data.call._id);
      await trpc(server.app, ada, 'calls.end', { call_id: data.call._id });
    }
    const over = await start(server.app, ada, friends[FREE_FRIEND_CALLS_PER_24H]!);
    expect(over.status).toBe(429);
    expect(over.message).toMatch(/You can start 3 video calls in 24 hours/);
    // the introduction's calls are unlimited (its premium), and answering never counts
    expect((await start(server.app, ada, matched)).status).toBe(200);
    expect((await start(server.app, friends[3]!, ada)).status).toBe(200);
  });

  it('passes ring, accept, offer, answer, candidates and hang-up between the two parties only', async () => {
    const ada = await member(server.db, 'Ife');
    const bola = await member(server.db, 'Jide');
    const chika = await member(server.db, 'Kunle');
    await seedFriendship(server.db, ada, bola);
    await seedFriendship(server.db, chika, bola);
    const adaLive = await live(base, ada);
    const bolaLive = await live(base, bola);
    const chikaLive = await live(base, chika);
    open.push(adaLive, bolaLive, chikaLive);

    const { data } = await start(server.app, ada, bola);
    const callId = data.call._id;
    expect(data.call).toMatchObject({ status: 'ringing', caller_id: ada.id, callee_id: bola.id });
    expect(await nextSignal(bolaLive)).toEqual({
      type: 'call',
      call_id: callId,
      from: ada.id,
      signal: 'ring',
      payload: null,
    });
    // nothing is exchanged before the answer, and only the callee answers
    expect(
      (await trpc(server.app, ada, 'calls.signal', { call_id: callId, kind: 'offer', data: OFFER })).status,
    ).toBe(409);
    expect((await trpc(server.app, ada, 'calls.answer', { call_id: callId, accept: true })).status).toBe(404);
    // a third member can neither see, answer, signal nor end it
    for (const [path, input] of [
      ['calls.answer', { call_id: callId, accept: true }],
      ['calls.signal', { call_id: callId, kind: 'offer', data: OFFER }],
      ['calls.end', { call_id: callId }],
    ] as const)
      expect((await trpc(server.app, chika, path, input)).status, path).toBe(404);
    expect((await trpc(server.app, chika, 'calls.session', { call_id: callId }, 'GET')).status).toBe(404);

    expect((await trpc(server.app, bola, 'calls.answer', { call_id: callId, accept: true })).status).toBe(
      200,
    );
    expect(await nextSignal(adaLive)).toMatchObject({ call_id: callId, from: bola.id, signal: 'accept' });
    // an offer larger than NOTIFY's 8,000-byte payload travels whole
    expect(OFFER.sdp.length).toBeGreaterThan(8000);
    await trpc(server.app, ada, 'calls.signal', { call_id: callId, kind: 'offer', data: OFFER });
    expect(await nextSignal(bolaLive)).toMatchObject({ from: ada.id, signal: 'offer', payload: OFFER });
    const answer = { type: 'answer', sdp: 'v=0\r\n' };
    await trpc(server.app, bola, 'calls.signal', { call_id: callId, kind: 'answer', data: answer });
    expect(await nextSignal(adaLive)).toMatchObject({ from: bola.id, signal: 'answer', payload: answer });
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    await trpc(server.app, bola, 'calls.signal', { call_id: callId, kind: 'ice', data: candidate });
    expect(await nextSignal(adaLive)).toMatchObject({ signal: 'ice', payload: candidate });
    const stored = () =>
      server.db.selectFrom('call_signals').select('kind').where('call_id', '=', callId).execute();
    expect((await stored()).map((r) => r.kind)).toEqual(
      expect.arrayContaining(['ring', 'accept', 'offer', 'answer', 'ice']),
    );

    const ended = await trpc(server.app, bola, 'calls.end', { call_id: callId });
    expect(ended.status).toBe(200);
    expect(await nextSignal(adaLive)).toMatchObject({ from: bola.id, signal: 'hangup' });
    // its length is from the answer to the end, in whole seconds (a busy machine may take more than one between them)
    const call = (ended.data as { call: TCall }).call;
    expect(call.status).toBe('ended');
    expect(call.duration_seconds).toBe(
      Math.round((Date.parse(call.ended_at!) - Date.parse(call.answered_at!)) / 1000),
    );
    // the negotiation (network addresses) is gone; ending again changes nothing and tells nobody
    expect((await stored()).map((r) => r.kind).sort()).toEqual(['accept', 'hangup', 'ring']);
    expect((await trpc(server.app, ada, 'calls.end', { call_id: callId })).status).toBe(200);
    await chikaLive.expectQuiet(300);
    await adaLive.expectQuiet(100);
    // the thread's events: the call, for both parties
    const listed = await trpc(server.app, ada, 'calls.list', { user_id: bola.id }, 'GET');
    expect((listed.data as { calls: TCall[] }).calls.map((c) => c._id)).toContain(callId);
  });

  it('a call declined, or given up while ringing, reads as declined and missed; a block stops the signals', async () => {
    const ada = await member(server.db, 'Lola');
    const bola = await member(server.db, 'Mope');
    await seedFriendship(server.db, ada, bola);
    const bolaLive = await live(base, bola);
    open.push(bolaLive);
    const first = (await start(server.app, ada, bola)).data.call._id;
    await nextSignal(bolaLive);
    const declined = await trpc(server.app, bola, 'calls.answer', { call_id: first, accept: false });
    expect((declined.data as { call: TCall }).call.status).toBe('declined');
    const second = (await start(server.app, ada, bola)).data.call._id;
    await nextSignal(bolaLive);
    const missed = await trpc(server.app, ada, 'calls.end', { call_id: second });
    expect((missed.data as { call: TCall }).call.status).toBe('missed');
    expect(await nextSignal(bolaLive)).toMatchObject({ call_id: second, signal: 'hangup' });
    expect((await trpc(server.app, bola, 'calls.answer', { call_id: second, accept: true })).status).toBe(
      409,
    );

    const third = (await start(server.app, ada, bola)).data.call._id;
    await nextSignal(bolaLive);
    await trpc(server.app, bola, 'calls.answer', { call_id: third, accept: true });
    await blockMember({
      db: server.db,
      rateLimitStore: createPostgresRateLimitStore(server.db),
      userId: bola.id,
      targetId: ada.id,
      now: new Date(),
    });
    // the block ended the call (docs/security.md F30): its hang-up reaches the page, then nothing more
    expect(await nextSignal(bolaLive)).toMatchObject({ call_id: third, signal: 'hangup' });
    // the call is gone for both: no signal goes through, and none written meanwhile is delivered
    expect(
      (await trpc(server.app, ada, 'calls.signal', { call_id: third, kind: 'offer', data: OFFER })).status,
    ).toBe(404);
    await server.db
      .insertInto('call_signals')
      .values({
        call_id: third,
        sender_id: ada.id,
        recipient_id: bola.id,
        kind: 'offer',
        data: JSON.stringify(OFFER),
      })
      .execute();
    await bolaLive.expectQuiet(300);
  });

  it('mints TURN credentials per member that the TURN server accepts until they expire', async () => {
    const ada = await member(server.db, 'Nneka');
    const bola = await member(server.db, 'Obi');
    await seedFriendship(server.db, ada, bola);
    const callId = (await start(server.app, ada, bola)).data.call._id;
    await trpc(server.app, bola, 'calls.answer', { call_id: callId, accept: true });
    const before = Math.floor(Date.now() / 1000);
    const session = await trpc(server.app, ada, 'calls.session', { call_id: callId }, 'GET');
    const { ice_servers } = session.data as {
      ice_servers: { urls: string[]; username?: string; credential?: string }[];
    };
    expect(ice_servers[0]).toEqual({ urls: 'stun:turn.rhema.test:3478' });
    const turn = ice_servers[1]!;
    const [expiry, memberId] = turn.username!.split(':');
    expect(memberId).toBe(ada.id);
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + TURN_CREDENTIAL_TTL_SECONDS);
    expect(Number(expiry)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + TURN_CREDENTIAL_TTL_SECONDS);
    // a short expiry: one hour, not coturn's customary day
    expect(TURN_CREDENTIAL_TTL_SECONDS).toBeLessThanOrEqual(3600);

    // what coturn's use-auth-secret does with them: the HMAC of the username, and the time in it not passed
    const accepts = (username: string, credential: string, at: Date) =>
      createHmac('sha1', TURN_SECRET).update(username).digest('base64') === credential &&
      Number(username.split(':')[0]) > at.getTime() / 1000;
    expect(accepts(turn.username!, turn.credential!, new Date())).toBe(true);
    expect(accepts(turn.username!, `${turn.credential!.slice(1)}A`, new Date())).toBe(false);
    const minted = new Date('2026-11-24T12:00:00Z');
    const creds = turnCredentials({ secret: TURN_SECRET, userId: ada.id, now: minted });
    expect(creds.username).toBe(`${minted.getTime() / 1000 + TURN_CREDENTIAL_TTL_SECONDS}:${ada.id}`);
    const justBefore = new Date(creds.expires_at.getTime() - 1000);
    const after = new Date(creds.expires_at.getTime() + 1000);
    expect(accepts(creds.username, creds.credential, justBefore)).toBe(true);
    expect(accepts(creds.username, creds.credential, after)).toBe(false);
    // another member cannot reuse them: the member is part of what is signed
    const forged = `${creds.username.split(':')[0]}:${bola.id}`;
    expect(accepts(forged, creds.credential, justBefore)).toBe(false);
  });
});

describe('calls whose pages closed without hanging up', () => {
  // the server's clock, moved by the test: the time-outs are a minute long, nothing here waits for them
  let clock = Date.now();
  let server: Server;
  beforeAll(async () => {
    server = await createTestServer({}, { now: () => new Date(clock) });
    await seedContent(server.db);
  });
  afterAll(async () => {
    await server.close();
  });
  const advance = (ms: number) => {
    clock += ms;
  };
  const calls = async (who: Who, other: Who) =>
    ((await trpc(server.app, who, 'calls.list', { user_id: other.id }, 'GET')).data as { calls: TCall[] })
      .calls;
  const heartbeat = (who: Who, callId: string) =>
    trpc(server.app, who, 'calls.heartbeat', { call_id: callId }) as Promise<{
      status: number;
      data: { call: TCall };
    }>;

  it('ends a call both pages fell silent on at its last sign of life, and the two may call again', async () => {
    const ada = await member(server.db, 'Sade');
    const bola = await member(server.db, 'Tunde');
    const chika = await member(server.db, 'Uche');
    await seedFriendship(server.db, ada, bola);
    const callId = (await start(server.app, ada, bola)).data.call._id;
    advance(2_000);
    await trpc(server.app, bola, 'calls.answer', { call_id: callId, accept: true });
    await trpc(server.app, ada, 'calls.signal', { call_id: callId, kind: 'offer', data: OFFER });
    // a third member cannot keep it alive
    expect((await heartbeat(chika, callId)).status).toBe(404);

    // both pages beat for a while; one page alone keeps the call going
    for (let i = 0; i < 4; i++) {
      advance(CALL_HEARTBEAT_MS);
      expect((await heartbeat(ada, callId)).data.call.status).toBe('active');
      expect((await heartbeat(bola, callId)).data.call.status).toBe('active');
    }
    for (let i = 0; i < 6; i++) {
      advance(CALL_HEARTBEAT_MS);
      expect((await heartbeat(bola, callId)).data.call.status).toBe('active');
    }
    const lastBeat = clock;
    // then both tabs close: still under way just before the silence counts, ended just after
    advance(CALL_SILENT_AFTER_MS - 1_000);
    expect((await calls(ada, bola)).find((c) => c._id === callId)?.status).toBe('active');
    advance(2_000);
    const ended = (await calls(bola, ada)).find((c) => c._id === callId);
    // its length runs from the answer to the last heartbeat, not to the moment it was noticed
    expect(ended).toMatchObject({
      status: 'ended',
      ended_at: new Date(lastBeat).toISOString(),
      // answered 2 s in, ten heartbeats after
      duration_seconds: (10 * CALL_HEARTBEAT_MS) / 1000,
    });
    // its negotiation went with it, as on a hang-up; a late heartbeat does not bring it back
    const kinds = await server.db
      .selectFrom('call_signals')
      .select('kind')
      .where('call_id', '=', callId)
      .execute();
    expect(kinds.map((r) => r.kind).sort()).toEqual(['accept', 'ring']);
    expect((await heartbeat(ada, callId)).data.call.status).toBe('ended');

    // a new call rings
    const again = await start(server.app, bola, ada);
    expect(again.status).toBe(200);
    expect(again.data.call).toMatchObject({ status: 'ringing', caller_id: bola.id });
    expect(again.data.call._id).not.toBe(callId);
  });

  it('a call nobody answered and nobody gave up on reads as missed once its ring time-out has passed', async () => {
    const ada = await member(server.db, 'Wale');
    const bola = await member(server.db, 'Yemi');
    await seedFriendship(server.db, ada, bola);
    const first = (await start(server.app, ada, bola)).data.call._id;
    // the caller's tab closed while it rang: just within the time-out it still rings, and ringing again is the
    // same call
    advance(CALL_RING_TIMEOUT_MS - 1_000);
    expect((await calls(bola, ada)).find((c) => c._id === first)?.status).toBe('ringing');
    expect((await start(server.app, ada, bola)).data.call._id).toBe(first);
    advance(10_000);
    expect((await calls(bola, ada)).find((c) => c._id === first)).toMatchObject({
      status: 'missed',
      duration_seconds: null,
    });
    // too late to answer; calling again rings anew
    expect((await trpc(server.app, bola, 'calls.answer', { call_id: first, accept: true })).status).toBe(409);
    const second = await start(server.app, ada, bola);
    expect(second.data.call).toMatchObject({ status: 'ringing' });
    expect(second.data.call._id).not.toBe(first);
  });
});

describe('video call signals across two server instances on one database', () => {
  let first: Server;
  let secondHandle: DbHandle;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestServer();
    await seedContent(first.db);
    const url = first.handle.databaseUrl;
    // CI sets TEST_DATABASE_URL: there this runs on PostgreSQL, never skipped
    if (testDbKind() === 'postgres') expect(url).toMatch(/^postgres/);
    secondHandle = url
      ? await createDb({ databaseUrl: url })
      : { ...first.handle, close: async () => undefined };
    second = await buildServer({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
      db: secondHandle.db,
      notifications: secondHandle.notifications,
      services: { mailer: createMemoryMailer(), jobs: 'inline' },
    });
  });
  afterAll(async () => {
    await second.close();
    await secondHandle.close();
    await first.close();
  });

  it('a member on one instance rings and hangs up on a member listening on the other', async () => {
    if (testDbKind() === 'postgres') expect(secondHandle.kind).toBe('postgres');
    const ada = await member(first.db, 'Pelumi');
    const bola = await member(first.db, 'Rotimi');
    await seedFriendship(first.db, ada, bola);
    const bolaOnSecond = await live(await second.listen({ port: 0, host: '127.0.0.1' }), bola);
    const adaOnFirst = await live(await first.app.listen({ port: 0, host: '127.0.0.1' }), ada);
    try {
      const callId = (await start(first.app, ada, bola)).data.call._id;
      expect(await nextSignal(bolaOnSecond)).toMatchObject({ call_id: callId, from: ada.id, signal: 'ring' });
      await trpc(second, bola, 'calls.answer', { call_id: callId, accept: true });
      expect(await nextSignal(adaOnFirst)).toMatchObject({ call_id: callId, signal: 'accept' });
      await trpc(first.app, ada, 'calls.signal', { call_id: callId, kind: 'offer', data: OFFER });
      expect(await nextSignal(bolaOnSecond)).toMatchObject({ signal: 'offer', payload: OFFER });
      await trpc(second, bola, 'calls.end', { call_id: callId });
      expect(await nextSignal(adaOnFirst)).toMatchObject({ call_id: callId, signal: 'hangup' });
    } finally {
      bolaOnSecond.close();
      adaOnFirst.close();
    }
  });
});
