// Live messages (docs/decisions/081-live-messages.md): the tRPC subscription messages.live over SSE, fed
// by the database's NOTIFY. Only the two parties of a message receive it, a blocked pair receives nothing, a
// signed-out caller is refused, the stream is never compressed, a shutdown ends it with a retryable error, and two
// server instances on one database deliver each other's messages (on PostgreSQL: two pools and two LISTEN
// connections, as two processes would have; on PGlite: two servers on the one embedded database).
import { createPostgresRateLimitStore, createSession } from '@rhema/auth';
import { blockMember, createMemoryMailer, reportMember, suspendFromReport } from '@rhema/core';
import { createDb, messageQueries, type DbHandle } from '@rhema/db';
import { testDbKind } from '@rhema/db/testing';
import type { TLiveMessageEvent } from '@rhema/schemas';
import { seedContent, seedFriendship, seedUser } from '@rhema/seed';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { loadEnv } from './env';
import { openSse, type SseStream } from './test/sse';
import { createTestServer } from './test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;
type Who = { id: string; token: string };

let n = 0;
async function member(server: { db: Server['db'] }, first_name: string): Promise<Who> {
  n += 1;
  const user = await seedUser(server.db, { first_name, email: `live-${n}-${Date.now()}@example.test` });
  const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
  return { id: user.id, token };
}

async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

async function subscribe(base: string, who: Who | null, headers: Record<string, string> = {}) {
  return openSse(`${base}/trpc/messages.live`, {
    ...(who ? { authorization: `Bearer ${who.token}` } : {}),
    ...headers,
  });
}

/** Waits for the `connected` event and the first `ready`: from then on the subscriber is listening. */
async function ready(stream: SseStream) {
  expect(stream.status).toBe(200);
  expect((await stream.next()).event).toBe('connected');
  const first = await stream.nextData<TLiveMessageEvent>();
  expect(first.type).toBe('ready');
  return first;
}

async function send(app: FastifyInstance, from: Who, to: Who, body: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/trpc/messages.send',
    headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
    payload: { user_id: to.id, body },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A tRPC call over HTTP with the member's Bearer token: its status. */
async function call(app: FastifyInstance, who: Who, method: 'GET' | 'POST', path: string, input: object) {
  const headers = { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' };
  const res =
    method === 'GET'
      ? await app.inject({
          method,
          url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
        })
      : await app.inject({ method, url: `/trpc/${path}`, headers, payload: input });
  return res.statusCode;
}

async function nextMessage(stream: SseStream) {
  const event = await stream.nextData<TLiveMessageEvent>();
  if (event.type !== 'message') throw new Error(`expected a message, got ${JSON.stringify(event)}`);
  return event;
}

describe('messages.live', () => {
  let server: Server;
  let base: string;
  const open: SseStream[] = [];
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
    base = await listen(server.app);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await server.close();
  });
  async function live(who: Who | null, headers?: Record<string, string>) {
    const stream = await subscribe(base, who, headers);
    open.push(stream);
    return stream;
  }

  it('delivers a conversation to its two parties and to nobody else', async () => {
    const ada = await member(server, 'Ada');
    const bola = await member(server, 'Bola');
    const chika = await member(server, 'Chika');
    const dayo = await member(server, 'Dayo');
    await seedFriendship(server.db, ada, bola);
    await seedFriendship(server.db, chika, dayo);
    const adaLive = await live(ada);
    const bolaLive = await live(bola);
    const chikaLive = await live(chika);
    expect(await ready(adaLive)).toEqual({ type: 'ready', unread_total: 0 });
    await ready(bolaLive);
    await ready(chikaLive);

    await send(server.app, bola, ada, 'Hello Ada');
    const toAda = await nextMessage(adaLive);
    expect(toAda.message).toMatchObject({ sender_id: bola.id, recipient_id: ada.id, body: 'Hello Ada' });
    expect(toAda.unread_total).toBe(1);
    // the sender's own stream has it too (their other tabs and devices)
    expect((await nextMessage(bolaLive)).message.body).toBe('Hello Ada');

    // a conversation of others: Ada's next event is her own next message, not theirs
    await send(server.app, dayo, chika, 'Not for Ada');
    await send(server.app, ada, bola, 'Hello Bola');
    expect((await nextMessage(adaLive)).message.body).toBe('Hello Bola');
    expect((await nextMessage(chikaLive)).message.body).toBe('Not for Ada');
    expect((await nextMessage(bolaLive)).message.body).toBe('Hello Bola');
    await chikaLive.expectQuiet(300);
  });

  it('delivers nothing between a blocked pair, and refuses anonymous subscribers', async () => {
    const ada = await member(server, 'Efe');
    const bola = await member(server, 'Funmi');
    const chika = await member(server, 'Gozie');
    await seedFriendship(server.db, ada, bola);
    await seedFriendship(server.db, chika, ada);
    const adaLive = await live(ada);
    await ready(adaLive);
    await blockMember({
      db: server.db,
      rateLimitStore: createPostgresRateLimitStore(server.db),
      userId: ada.id,
      targetId: bola.id,
      now: new Date(),
    });
    // a message written as the block landed (sending is refused from then on, so it is written directly)
    await messageQueries.insertMessage(server.db, {
      senderId: bola.id,
      recipientId: ada.id,
      body: 'written as the block landed',
      now: new Date(),
    });
    await send(server.app, chika, ada, 'after the block');
    expect((await nextMessage(adaLive)).message.body).toBe('after the block');

    // tRPC answers the event stream and says why in it: a 401 the client does not retry
    const anonymous = await live(null);
    expect((await anonymous.next()).event).toBe('connected');
    const refused = await anonymous.next();
    expect(refused.event).toBe('serialized-error');
    expect(JSON.parse(refused.data)).toMatchObject({ data: { code: 'UNAUTHORIZED', httpStatus: 401 } });
    await anonymous.ended;
  });

  it('ends the stream when the session ends (a suspension deletes it)', async () => {
    const ada = await member(server, 'Hauwa');
    const bola = await member(server, 'Ifeoma');
    await seedFriendship(server.db, ada, bola);
    const adaLive = await live(ada);
    await ready(adaLive);
    const staff = await seedUser(server.db, {
      role: 'consultant',
      first_name: 'Staff',
      email: `live-staff-${Date.now()}@example.test`,
    });
    const report = await reportMember({
      db: server.db,
      userId: bola.id,
      report: { user_id: ada.id, reason: 'harassment', details: '', source: 'thread' },
      now: new Date(),
    });
    await suspendFromReport({
      db: server.db,
      staffId: staff.id,
      reportId: report._id,
      reason: 'test',
      now: new Date(),
    });
    await messageQueries.insertMessage(server.db, {
      senderId: bola.id,
      recipientId: ada.id,
      body: 'after the suspension',
      now: new Date(),
    });
    const end = await adaLive.next();
    expect(end.event).toBe('serialized-error');
    expect(JSON.parse(end.data)).toMatchObject({ data: { code: 'UNAUTHORIZED', httpStatus: 401 } });
  });

  it('catches up after a reconnect: exactly the messages sent meanwhile, once, then live again', async () => {
    const ada = await member(server, 'Kemi');
    const bola = await member(server, 'Lanre');
    await seedFriendship(server.db, ada, bola);
    const first = await live(ada);
    await ready(first);
    await send(server.app, bola, ada, 'before the drop');
    // tracked: the event's id is the stream's position, the newest message id and call signal id it covers
    const seen = await first.next();
    const before = JSON.parse(seen.data) as TLiveMessageEvent;
    expect(before.type === 'message' && before.message.body).toBe('before the drop');
    const messageId = before.type === 'message' ? before.message._id : '';
    expect(seen.id).toBe(`${messageId}:0`);
    first.close();

    await send(server.app, bola, ada, 'while away 1');
    await send(server.app, ada, bola, 'while away 2');
    // the web app's httpSubscriptionLink puts the last id in the input; an SSE client sends Last-Event-ID
    const viaInput = await openSse(
      `${base}/trpc/messages.live?input=${encodeURIComponent(JSON.stringify({ lastEventId: seen.id }))}`,
      { authorization: `Bearer ${ada.token}` },
    );
    open.push(viaInput);
    const viaHeader = await live(ada, { 'last-event-id': seen.id ?? '' });
    // an app build from before call signals were replayed resumes with a message id alone
    const viaOldId = await live(ada, { 'last-event-id': messageId });
    for (const again of [viaInput, viaHeader, viaOldId]) {
      expect((await again.next()).event).toBe('connected');
      const missed = [await nextMessage(again), await nextMessage(again)];
      expect(missed.map((event) => event.message.body)).toEqual(['while away 1', 'while away 2']);
      expect(missed[1]?.unread_total).toBe(2);
      expect((await again.nextData<TLiveMessageEvent>()).type).toBe('ready');
    }
    // live from there, and nothing twice: the next event is the next message
    await send(server.app, bola, ada, 'back live');
    for (const again of [viaInput, viaHeader, viaOldId])
      expect((await nextMessage(again)).message.body).toBe('back live');

    // an id that is not a position is refused in the stream (400), not taken as "from the start"
    const bad = await live(ada, { 'last-event-id': 'abc' });
    expect((await bad.next()).event).toBe('connected');
    const refused = await bad.next();
    expect(refused.event).toBe('serialized-error');
    expect(JSON.parse(refused.data)).toMatchObject({ data: { code: 'BAD_REQUEST' } });
  });

  it('a read reaches the two parties only; typing reaches the other party only, at most once a second', async () => {
    const ada = await member(server, 'Nneka');
    const bola = await member(server, 'Obi');
    const chika = await member(server, 'Pelumi');
    await seedFriendship(server.db, ada, bola);
    const [adaLive, bolaLive, chikaLive] = [await live(ada), await live(bola), await live(chika)];
    for (const stream of [adaLive, bolaLive, chikaLive]) await ready(stream);
    await send(server.app, bola, ada, 'one');
    await send(server.app, bola, ada, 'two');
    const delivered = [await nextMessage(adaLive), await nextMessage(adaLive)];
    await nextMessage(bolaLive);
    await nextMessage(bolaLive);

    // Ada opens the thread: Bola's stream says she read up to his second message ("Seen"), and so do Ada's
    // other tabs, with her unread total back to 0
    await call(server.app, ada, 'GET', 'messages.thread', { user_id: bola.id });
    const read = { type: 'read', reader_id: ada.id, sender_id: bola.id, up_to: delivered[1]!.message._id };
    expect(await bolaLive.nextData()).toEqual({ ...read, unread_total: 0 });
    expect(await adaLive.nextData()).toEqual({ ...read, unread_total: 0 });
    // nothing left unread: reading again announces nothing
    await call(server.app, ada, 'GET', 'messages.thread', { user_id: bola.id });

    // typing: to Bola only (not back to Ada's own streams), and a second notice within a second is dropped
    expect(await call(server.app, ada, 'POST', 'messages.typing', { user_id: bola.id })).toBe(200);
    expect(await call(server.app, ada, 'POST', 'messages.typing', { user_id: bola.id })).toBe(200);
    expect(await bolaLive.nextData()).toEqual({ type: 'typing', user_id: ada.id });
    await Promise.all([adaLive.expectQuiet(300), bolaLive.expectQuiet(300), chikaLive.expectQuiet(300)]);
    // not to a member one may not message
    expect(await call(server.app, chika, 'POST', 'messages.typing', { user_id: ada.id })).toBe(403);
  });

  it('a blocked pair gets neither read marks nor typing, even announced directly', async () => {
    const ada = await member(server, 'Qudus');
    const bola = await member(server, 'Remi');
    const chika = await member(server, 'Sade');
    await seedFriendship(server.db, ada, bola);
    await seedFriendship(server.db, chika, bola);
    await send(server.app, ada, bola, 'before the block');
    const bolaLive = await live(bola);
    await ready(bolaLive);
    await blockMember({
      db: server.db,
      rateLimitStore: createPostgresRateLimitStore(server.db),
      userId: ada.id,
      targetId: bola.id,
      now: new Date(),
    });
    expect(await call(server.app, ada, 'POST', 'messages.typing', { user_id: bola.id })).toBe(404);
    expect(await call(server.app, bola, 'POST', 'messages.typing', { user_id: ada.id })).toBe(404);
    // written as the block landed: the database announces them, delivery reads the block
    await messageQueries.announceTyping(server.db, { from: ada.id, to: bola.id });
    await messageQueries.markRead(server.db, { to: bola.id, from: ada.id, now: new Date() });
    await send(server.app, chika, bola, 'from a friend');
    // the notice of the message sent before the stream opened may still come through (the database's notice can
    // arrive after the subscription; the app re-reads the thread on a message, so it shows once): nothing else may
    let event = await bolaLive.nextData<TLiveMessageEvent>();
    if (event.type === 'message' && event.message.body === 'before the block')
      event = await bolaLive.nextData<TLiveMessageEvent>();
    expect(event).toMatchObject({ type: 'message', message: { body: 'from a friend' } });
  });

  it('streams without compression, without caching', async () => {
    const ada = await member(server, 'Jumoke');
    const stream = await live(ada, { 'accept-encoding': 'br, gzip' });
    await ready(stream);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('cache-control')).toContain('no-cache');
  });
});

describe('messages.live across two server instances on one database', () => {
  let first: Server;
  let secondHandle: DbHandle;
  let second: FastifyInstance;
  let secondBase: string;
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
    secondBase = await listen(second);
  });
  afterAll(async () => {
    await second.close();
    await secondHandle.close();
    await first.close();
  });

  it('a message sent through one instance arrives live on a subscriber of the other', async () => {
    if (testDbKind() === 'postgres') expect(secondHandle.kind).toBe('postgres');
    const ada = await member(first, 'Kemi');
    const bola = await member(first, 'Lola');
    await seedFriendship(first.db, ada, bola);
    const adaOnSecond = await subscribe(secondBase, ada);
    try {
      await ready(adaOnSecond);
      await send(first.app, bola, ada, 'through the first instance');
      const event = await nextMessage(adaOnSecond);
      expect(event.message).toMatchObject({ sender_id: bola.id, body: 'through the first instance' });
      // and back: a reply through the second reaches a subscriber of the first
      const bolaOnFirst = await subscribe(await listen(first.app), bola);
      try {
        await ready(bolaOnFirst);
        await send(second, ada, bola, 'through the second instance');
        expect((await nextMessage(bolaOnFirst)).message.body).toBe('through the second instance');
      } finally {
        bolaOnFirst.close();
      }
    } finally {
      adaOnSecond.close();
    }
  });

  it('a shutdown ends open streams at once with a retryable 503, so clients reconnect elsewhere', async () => {
    const ada = await member(first, 'Mope');
    const stream = await subscribe(secondBase, ada);
    await ready(stream);
    expect(second.messageHub?.size()).toBe(1);
    const closing = second.close();
    const end = await stream.next();
    expect(end.event).toBe('serialized-error');
    expect(JSON.parse(end.data)).toMatchObject({ data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } });
    await stream.ended;
    // an open stream would hold close() until the test's time-out: it resolves because the stream was ended first
    await closing;
  });
});
