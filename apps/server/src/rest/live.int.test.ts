// GET /api/v1/live (live.ts): the member's live stream for the mobile apps as plain Server-Sent Events with the
// Bearer token. Every event is valid against the OpenAPI document's LiveEvent, Last-Event-ID resumes, comment
// lines keep it open, and a refusal (401, 429 past the per-member limit, 400) is an enveloped answer before any
// stream opens.
import { openLiveStream } from '@rhema/api-client';
import { createSession } from '@rhema/auth';
import { LIVE_STREAMS_PER_MEMBER } from '@rhema/core';
import { seedFriendship, seedUser } from '@rhema/seed';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseStream } from '../test/sse';
import { createTestServer } from '../test/test-server';
import { buildOpenApiDocument } from './openapi';
import { LIVE_HEARTBEAT_MS } from './live';

type Server = Awaited<ReturnType<typeof createTestServer>>;
type Who = { id: string; token: string };
type Event = { type: string } & Record<string, unknown>;

let n = 0;
async function member(server: Server, first_name: string): Promise<Who> {
  n += 1;
  const user = await seedUser(server.db, { first_name, email: `api-live-${n}@example.test` });
  const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
  return { id: user.id, token };
}

describe('GET /api/v1/live', () => {
  let server: Server;
  let base: string;
  const streams: SseStream[] = [];
  const document = buildOpenApiDocument();
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema(document, 'openapi.json');
  const validateEvent = ajv.getSchema('openapi.json#/components/schemas/LiveEvent')!;

  beforeAll(async () => {
    server = await createTestServer();
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server.close();
  });

  async function live(who: Who, headers: Record<string, string> = {}) {
    const stream = await openSse(`${base}/api/v1/live`, { authorization: `Bearer ${who.token}`, ...headers });
    streams.push(stream);
    return stream;
  }
  /** the next event, checked against the document's LiveEvent */
  async function next(stream: SseStream): Promise<Event & { id?: string }> {
    const event = await stream.next();
    expect(event.event).toBe('message');
    const data = JSON.parse(event.data) as Event;
    expect({ data, errors: validateEvent(data) ? null : validateEvent.errors }).toMatchObject({
      errors: null,
    });
    return { ...data, ...(event.id ? { id: event.id } : {}) };
  }
  async function rest(who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
    const res = await server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${who.token}` },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Record<string, unknown> };
  }

  it('carries messages, read marks, typing and call signals, each as the document says', async () => {
    const ada = await member(server, 'Ada');
    const bola = await member(server, 'Bola');
    await seedFriendship(server.db, ada, bola);
    const adaLive = await live(ada);
    expect(adaLive.status).toBe(200);
    expect(adaLive.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(adaLive.headers.get('content-encoding')).toBeNull();
    expect(await next(adaLive)).toMatchObject({ type: 'ready', unread_total: 0, id: expect.any(String) });

    await rest(bola, 'POST', `/messages/${ada.id}/typing`, {});
    expect(await next(adaLive)).toEqual(expect.objectContaining({ type: 'typing', user_id: bola.id }));
    await rest(bola, 'POST', `/messages/${ada.id}`, { body: 'Hello Ada' });
    const message = await next(adaLive);
    expect(message).toMatchObject({ type: 'message', unread_total: 1, message: { body: 'Hello Ada' } });
    // the position: the newest message id and call signal id the stream delivered
    expect(message.id).toBe(`${(message.message as { _id: string })._id}:0`);
    // Ada reads the thread: her other devices hear of it
    await rest(ada, 'GET', `/messages/${bola.id}`);
    expect(await next(adaLive)).toMatchObject({ type: 'read', reader_id: ada.id, unread_total: 0 });
    const rung = await rest(bola, 'POST', '/calls', { user_id: ada.id });
    const callId = (rung.data.call as { _id: string })._id;
    expect(await next(adaLive)).toMatchObject({
      type: 'call',
      call_id: callId,
      from: bola.id,
      signal: 'ring',
    });
  });

  it('resumes after Last-Event-ID with the messages written meanwhile, once each', async () => {
    const ada = await member(server, 'Chika');
    const bola = await member(server, 'Dayo');
    await seedFriendship(server.db, ada, bola);
    const first = await live(ada);
    const ready = await next(first);
    first.close();
    await rest(bola, 'POST', `/messages/${ada.id}`, { body: 'While you were away' });
    await rest(bola, 'POST', `/messages/${ada.id}`, { body: 'And another' });
    const again = await live(ada, { 'last-event-id': ready.id! });
    expect((await next(again)).message).toMatchObject({ body: 'While you were away' });
    const second = await next(again);
    expect(second.message).toMatchObject({ body: 'And another' });
    expect(await next(again)).toMatchObject({ type: 'ready', unread_total: 2, id: second.id });
    await again.expectQuiet(200);
  });

  it("resumes after Last-Event-ID with the calls' signals sent meanwhile, in order, once each; an ended call's negotiation is not replayed", async () => {
    const ada = await member(server, 'Efe');
    const bola = await member(server, 'Funmi');
    await seedFriendship(server.db, ada, bola);
    const first = await live(bola);
    await next(first);
    const callId = ((await rest(ada, 'POST', '/calls', { user_id: bola.id })).data.call as { _id: string })
      ._id;
    const ring = await next(first);
    expect(ring).toMatchObject({ type: 'call', signal: 'ring', call_id: callId });
    await rest(bola, 'POST', `/calls/${callId}/answer`, { accept: true });
    // Bola's phone changes networks: the offer and a candidate are sent while its stream is down
    first.close();
    const offer = { type: 'offer', sdp: 'v=0\r\n' };
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0' };
    await rest(ada, 'POST', `/calls/${callId}/signals`, { kind: 'offer', data: offer });
    await rest(ada, 'POST', `/calls/${callId}/signals`, { kind: 'ice', data: candidate });
    const again = await live(bola, { 'last-event-id': ring.id! });
    expect(await next(again)).toMatchObject({ type: 'ready', id: ring.id });
    const replayed = [await next(again), await next(again)];
    expect(replayed).toMatchObject([
      { type: 'call', call_id: callId, from: ada.id, signal: 'offer', payload: offer },
      { type: 'call', call_id: callId, from: ada.id, signal: 'ice', payload: candidate },
    ]);
    // each event's position moves on by its signal, so a reconnect from the last one replays nothing
    expect(replayed.map((event) => event.id!.split(':')[1])).toEqual(
      replayed.map((event) => event.id!.split(':')[1]).sort((a, b) => Number(a) - Number(b)),
    );
    await again.expectQuiet(200);
    again.close();
    // dropped again: a candidate, then the hang-up, sent meanwhile. The hang-up deleted the negotiation: only it
    await rest(ada, 'POST', `/calls/${callId}/signals`, { kind: 'ice', data: candidate });
    await rest(ada, 'PATCH', `/calls/${callId}/end`);
    const third = await live(bola, { 'last-event-id': replayed[1]!.id! });
    expect(await next(third)).toMatchObject({ type: 'ready' });
    expect(await next(third)).toMatchObject({ type: 'call', call_id: callId, signal: 'hangup' });
    await third.expectQuiet(200);
  });

  it(`refuses a stream past ${LIVE_STREAMS_PER_MEMBER} per member with 429 in the envelope, before it opens`, async () => {
    const ada = await member(server, 'Efe');
    const held: SseStream[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_MEMBER; i++) {
      const stream = await live(ada);
      await next(stream);
      held.push(stream);
    }
    const refused = await fetch(`${base}/api/v1/live`, { headers: { authorization: `Bearer ${ada.token}` } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toEqual({ success: false, message: expect.stringMatching(/Too many live/) });
    // a place freed is a place for the next stream
    held[0]!.close();
    let reopened: SseStream | null = null;
    for (let tries = 0; tries < 20 && !reopened; tries++) {
      const stream = await live(ada);
      if (stream.status === 200) reopened = stream;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(reopened?.status).toBe(200);
  });

  it('ends with one error event when the member signed out meanwhile (read by the typed client)', async () => {
    const ada = await member(server, 'Ifeanyi');
    const bola = await member(server, 'Jumoke');
    await seedFriendship(server.db, ada, bola);
    const items = openLiveStream({ baseUrl: base, token: ada.token });
    expect((await items.next()).value).toMatchObject({ kind: 'event', event: { type: 'ready' } });
    await rest(ada, 'POST', '/auth/logout', {});
    await rest(bola, 'POST', `/messages/${ada.id}`, { body: 'Are you there?' });
    expect((await items.next()).value).toEqual({ kind: 'error', status: 401, message: expect.any(String) });
    expect((await items.next()).done).toBe(true);
  });

  it('refuses anonymous callers and a bad Last-Event-ID in the envelope', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/live' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: expect.any(String) });
    const ada = await member(server, 'Funmi');
    const bad = await server.app.inject({
      method: 'GET',
      url: '/api/v1/live',
      headers: { authorization: `Bearer ${ada.token}`, 'last-event-id': '99999999999999999999' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
  });

  it('sends a comment line while nothing happens, so proxies keep it open', async () => {
    const ada = await member(server, 'Gozie');
    const res = await fetch(`${base}/api/v1/live`, { headers: { authorization: `Bearer ${ada.token}` } });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const deadline = Date.now() + LIVE_HEARTBEAT_MS + 3_000;
    while (!text.includes('\n: ping\n') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    expect(text).toMatch(/^retry: \d+\nid: \d+:\d+\ndata: \{"type":"ready"/);
    expect(text).toContain('\n: ping\n');
  }, 20_000);

  it('answers fuzzed positions, queries and tokens with a stream or a 4xx in the envelope, never a 5xx', async () => {
    const ada = await member(server, 'Hauwa');
    const position = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789-+.e x'), maxLength: 25 }),
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
      fc.string({ maxLength: 30 }).filter((text) => /^[\x20-\x7e]*$/.test(text)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.option(position),
        fc.option(position),
        fc.constantFrom(ada.token, `${ada.token}x`, 'not-a-token', ''),
        async (header, query, token) => {
          const abort = new AbortController();
          const url = `${base}/api/v1/live${query === null ? '' : `?lastEventId=${encodeURIComponent(query)}`}`;
          const res = await fetch(url, {
            signal: abort.signal,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(header === null ? {} : { 'last-event-id': header }),
            },
          });
          try {
            expect(res.status).toBeLessThan(500);
            if (res.status === 200) {
              expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
            } else {
              expect(await res.json()).toEqual({ success: false, message: expect.any(String) });
            }
          } finally {
            abort.abort();
          }
        },
      ),
      { numRuns: 200, seed: 20_261_128 },
    );
  }, 60_000);

  it('is documented as text/event-stream with every event shape', () => {
    const operation = document.paths['/api/v1/live']!.get as unknown as {
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(operation.responses['200']!.content).toEqual({
      'text/event-stream': expect.objectContaining({
        'x-item-schema': { $ref: '#/components/schemas/LiveEvent' },
      }),
    });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '429']));
    expect(validateEvent({ type: 'typing', user_id: 'x' })).toBe(true);
    expect(validateEvent({ type: 'typing' })).toBe(false);
    expect(validateEvent({ type: 'no such event' })).toBe(false);
  });
});
