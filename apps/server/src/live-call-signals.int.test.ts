// A video call's signals across a live stream's reconnect (docs/decisions/217-live-call-signals-catch-up.md): a
// stream that reconnects with its last position gets the signals sent to it meanwhile, in order, once each, then
// live ones; never across a block; a message id alone (old app builds) still resumes, its signals from the newest.
import { createPostgresRateLimitStore, createSession } from '@rhema/auth';
import { blockMember } from '@rhema/core';
import type { TCall, TLiveMessageEvent } from '@rhema/schemas';
import { seedContent, seedFriendship, seedUser } from '@rhema/seed';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseStream } from './test/sse';
import { createTestServer } from './test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;
type Who = { id: string; token: string };
type Tracked = { id: string; event: TLiveMessageEvent };

let n = 0;
async function member(db: Server['db'], first_name: string): Promise<Who> {
  n += 1;
  const user = await seedUser(db, { first_name, email: `call-resume-${n}-${Date.now()}@example.test` });
  const { token } = await createSession(db, { userId: user.id, role: 'member', now: new Date() });
  return { id: user.id, token };
}

async function trpc(app: FastifyInstance, who: Who, path: string, input: object) {
  const res = await app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    payload: input,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { data: { call: TCall } } }).result.data;
}

/** The next event with its id (the stream's position). */
async function tracked(stream: SseStream): Promise<Tracked> {
  const event = await stream.next();
  expect(event.event).toBe('message');
  return { id: event.id ?? '', event: JSON.parse(event.data) as TLiveMessageEvent };
}

/** The next `count` events, one after the other (the stream is read by one reader at a time). */
async function take(stream: SseStream, count: number): Promise<Tracked[]> {
  const events: Tracked[] = [];
  for (let i = 0; i < count; i += 1) events.push(await tracked(stream));
  return events;
}

const signalsOf = (events: Tracked[]) =>
  events.map(({ event }) =>
    event.type === 'call' ? { call_id: event.call_id, from: event.from, signal: event.signal } : event.type,
  );

const OFFER = { type: 'offer', sdp: 'v=0\r\n' };
const ICE = { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0' };

describe('call signals after a live stream reconnects', () => {
  let server: Server;
  let base: string;
  const open: SseStream[] = [];
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await server.close();
  });
  /** messages.live, resumed from `lastEventId` by Last-Event-ID or in the input (the web's subscription link) */
  async function live(who: Who, lastEventId?: string, via: 'header' | 'input' = 'header') {
    const query =
      lastEventId && via === 'input' ? `?input=${encodeURIComponent(JSON.stringify({ lastEventId }))}` : '';
    const stream = await openSse(`${base}/trpc/messages.live${query}`, {
      authorization: `Bearer ${who.token}`,
      ...(lastEventId && via === 'header' ? { 'last-event-id': lastEventId } : {}),
    });
    open.push(stream);
    expect(stream.status).toBe(200);
    expect((await stream.next()).event).toBe('connected');
    return stream;
  }
  /** A call from `caller` that `callee` picked up, `callee` listening: the ring's event. */
  async function activeCall(caller: Who, callee: Who) {
    const stream = await live(callee);
    expect((await tracked(stream)).event.type).toBe('ready');
    const { call } = await trpc(server.app, caller, 'calls.start', { user_id: callee.id });
    const ring = await tracked(stream);
    expect(ring.event).toMatchObject({ type: 'call', call_id: call._id, signal: 'ring' });
    await trpc(server.app, callee, 'calls.answer', { call_id: call._id, accept: true });
    return { stream, callId: call._id, ring };
  }

  it('replays an offer, candidates and a hang-up sent while away, in order, once, then goes live (both ways of resuming)', async () => {
    const ada = await member(server.db, 'Ada');
    const bola = await member(server.db, 'Bola');
    const chika = await member(server.db, 'Chika');
    await seedFriendship(server.db, ada, bola);
    await seedFriendship(server.db, chika, bola);
    const { stream, callId, ring } = await activeCall(ada, bola);
    stream.close();

    // away: Ada's offer and two candidates; Chika rings Bola and gives up (that ring no longer rings: its hang-up)
    await trpc(server.app, ada, 'calls.signal', { call_id: callId, kind: 'offer', data: OFFER });
    await trpc(server.app, ada, 'calls.signal', { call_id: callId, kind: 'ice', data: ICE });
    await trpc(server.app, ada, 'calls.signal', {
      call_id: callId,
      kind: 'ice',
      data: { ...ICE, sdpMid: '1' },
    });
    const { call: other } = await trpc(server.app, chika, 'calls.start', { user_id: bola.id });
    await trpc(server.app, chika, 'calls.end', { call_id: other._id });

    const expected = [
      'ready',
      { call_id: callId, from: ada.id, signal: 'offer' },
      { call_id: callId, from: ada.id, signal: 'ice' },
      { call_id: callId, from: ada.id, signal: 'ice' },
      { call_id: other._id, from: chika.id, signal: 'hangup' },
    ];
    const viaHeader = await live(bola, ring.id, 'header');
    const viaInput = await live(bola, ring.id, 'input');
    const seen: Tracked[][] = [];
    for (const again of [viaHeader, viaInput]) {
      const events = await take(again, expected.length);
      expect(signalsOf(events)).toEqual(expected);
      expect(events[2]!.event).toMatchObject({ payload: ICE });
      seen.push(events);
    }
    // the position moves by each signal: a reconnect from any one of them replays what came after it only
    const fromOffer = await live(bola, seen[0]![1]!.id);
    expect(signalsOf(await take(fromOffer, expected.length - 1))).toEqual(['ready', ...expected.slice(2)]);
    await fromOffer.expectQuiet(100);
    fromOffer.close();

    // then live, and nothing twice: the next event is the next signal
    await trpc(server.app, ada, 'calls.signal', {
      call_id: callId,
      kind: 'ice',
      data: { ...ICE, sdpMid: '2' },
    });
    let lastId = '';
    for (const again of [viaHeader, viaInput]) {
      const next = await tracked(again);
      expect(next.event).toMatchObject({ signal: 'ice', payload: { sdpMid: '2' } });
      lastId = next.id;
      await again.expectQuiet(100);
      again.close();
    }
    // a reconnect from the last position replays nothing
    const caughtUp = await live(bola, lastId);
    expect((await tracked(caughtUp)).event.type).toBe('ready');
    await caughtUp.expectQuiet(300);
  });

  it('replays nothing across a block: the block ends the call, and its hang-up is all that comes', async () => {
    const ada = await member(server.db, 'Dayo');
    const bola = await member(server.db, 'Efe');
    await seedFriendship(server.db, ada, bola);
    const { stream, callId, ring } = await activeCall(ada, bola);
    stream.close();
    await trpc(server.app, ada, 'calls.signal', { call_id: callId, kind: 'offer', data: OFFER });
    await blockMember({
      db: server.db,
      rateLimitStore: createPostgresRateLimitStore(server.db),
      userId: ada.id,
      targetId: bola.id,
      now: new Date(),
    });
    // written past the rules after the block: not replayed either
    await server.db
      .insertInto('call_signals')
      .values({
        call_id: callId,
        sender_id: ada.id,
        recipient_id: bola.id,
        kind: 'ice',
        data: JSON.stringify(ICE),
      })
      .execute();
    const again = await live(bola, ring.id);
    const events = [await tracked(again), await tracked(again)];
    expect(signalsOf(events)).toEqual(['ready', { call_id: callId, from: ada.id, signal: 'hangup' }]);
    await again.expectQuiet(300);
  });

  it('a message id alone (an old app build) still resumes: signals start at the newest, a call ringing rings once', async () => {
    const ada = await member(server.db, 'Funmi');
    const bola = await member(server.db, 'Gozie');
    await seedFriendship(server.db, ada, bola);
    const first = await live(bola);
    expect((await tracked(first)).event.type).toBe('ready');
    const { call } = await trpc(server.app, ada, 'calls.start', { user_id: bola.id });
    const ring = await tracked(first);
    const [messagePart] = ring.id.split(':');
    first.close();
    const again = await live(bola, messagePart);
    const events = [await tracked(again), await tracked(again)];
    expect(signalsOf(events)).toEqual(['ready', { call_id: call._id, from: ada.id, signal: 'ring' }]);
    expect(events[1]!.id).toBe(ring.id);
    await again.expectQuiet(300);
    // a stream that opens fresh: the ring once too
    const fresh = await live(bola);
    expect(signalsOf([await tracked(fresh), await tracked(fresh)])).toEqual([
      'ready',
      { call_id: call._id, from: ada.id, signal: 'ring' },
    ]);
    await fresh.expectQuiet(300);
  });
});
