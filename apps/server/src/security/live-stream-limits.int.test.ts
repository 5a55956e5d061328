// docs/security.md, F17, F19 and F24, on the live-message stream (messages.live over SSE):
// a 19-digit position answered INTERNAL_SERVER_ERROR (bigint out of range), one member opened 500 streams at once,
// all accepted, and `ready` carried the newest message id of the whole platform.
import { createSession } from '@rhema/auth';
import type { TLiveMessageEvent } from '@rhema/schemas';
import { seedFriendship, seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseStream } from '../test/sse';
import { createTestServer } from '../test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;
type Who = { id: string; token: string };

let n = 0;
async function member(server: Server): Promise<Who> {
  n += 1;
  const user = await seedUser(server.db, { email: `stream-${n}-${Date.now()}@example.test` });
  const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
  return { id: user.id, token };
}

async function send(server: Server, from: Who, to: Who, body: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/trpc/messages.send',
    headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
    payload: { user_id: to.id, body },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The stream's first answer after `connected`: its `ready` event (with the SSE id) or the error it ended with. */
async function firstAnswer(stream: SseStream) {
  expect(stream.status).toBe(200);
  expect((await stream.next()).event).toBe('connected');
  const event = await stream.next();
  if (event.event === 'serialized-error') {
    const { data } = JSON.parse(event.data) as { data: { code: string; httpStatus: number } };
    return { error: data.code, status: data.httpStatus };
  }
  const payload = JSON.parse(event.data) as { data?: TLiveMessageEvent } & TLiveMessageEvent;
  return { type: (payload.data ?? payload).type, id: event.id };
}

function harness(env: Record<string, string> = {}) {
  const state = { server: null as Server | null, base: '', open: [] as SseStream[] };
  beforeAll(async () => {
    state.server = await createTestServer(env);
    state.base = await state.server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of state.open) s.close();
    await state.server?.close();
  });
  const live = async (who: Who, options: { input?: unknown; headers?: Record<string, string> } = {}) => {
    const query = options.input ? `?input=${encodeURIComponent(JSON.stringify(options.input))}` : '';
    const stream = await openSse(`${state.base}/trpc/messages.live${query}`, {
      authorization: `Bearer ${who.token}`,
      ...options.headers,
    });
    state.open.push(stream);
    return stream;
  };
  return { state, live, server: () => state.server! };
}

describe('live-message stream positions (F17 and F24)', () => {
  const { live, server } = harness();

  it('a position past the bigint range is a 400 in the stream, by input or Last-Event-ID; the largest is taken', async () => {
    const ada = await member(server());
    // either part of a position (`<message id>:<call signal id>`) past it
    for (const id of [
      '9999999999999999999',
      '9223372036854775808',
      '1:9223372036854775808',
      '9223372036854775808:1',
    ]) {
      expect(await firstAnswer(await live(ada, { input: { lastEventId: id } }))).toEqual({
        error: 'BAD_REQUEST',
        status: 400,
      });
      expect(await firstAnswer(await live(ada, { headers: { 'last-event-id': id } }))).toEqual({
        error: 'BAD_REQUEST',
        status: 400,
      });
    }
    for (const id of ['9223372036854775807', '9223372036854775807:9223372036854775807']) {
      const largest = await live(ada, { headers: { 'last-event-id': id } });
      expect(await firstAnswer(largest)).toMatchObject({ type: 'ready' });
      largest.close();
    }
  });

  it('a position that is no whole number ("abc", "1.5", "-1") nor two ("1:", "1:2:3") is a 400 naming lastEventId, never a JS error (F32)', async () => {
    const ada = await member(server());
    for (const id of ['abc', '1.5', '-1', '', '1:', ':1', '1:2:3', '1:-1', '01:2', '1: 2']) {
      for (const options of [{ input: { lastEventId: id } }, { headers: { 'last-event-id': id } }]) {
        const stream = await live(ada, options);
        expect((await stream.next()).event).toBe('connected');
        const event = await stream.next();
        if (id === '' && 'headers' in options) {
          // an empty header is no position: the stream starts from now
          expect(event.event).not.toBe('serialized-error');
          continue;
        }
        expect({ id, event: event.event }).toEqual({ id, event: 'serialized-error' });
        const error = JSON.parse(event.data) as { message: string; data: { httpStatus: number } };
        expect({ id, status: error.data.httpStatus, message: error.message }).toEqual({
          id,
          status: 400,
          message:
            'lastEventId: must be the id of an event this stream sent (a whole number, or two joined by a colon)',
        });
        stream.close();
      }
    }
  });

  it("`ready` carries the member's own position: other members' messages do not move it", async () => {
    const ada = await member(server());
    const bola = await member(server());
    const chika = await member(server());
    const dayo = await member(server());
    await seedFriendship(server().db, ada, bola);
    await seedFriendship(server().db, chika, dayo);
    await send(server(), bola, ada, 'for Ada');
    const before = await firstAnswer(await live(ada));
    // two other members write: Ada's position stays where her own messages are
    await send(server(), chika, dayo, 'not for Ada 1');
    await send(server(), dayo, chika, 'not for Ada 2');
    const after = await firstAnswer(await live(ada));
    expect(after).toEqual(before);
    const newest = await server()
      .db.selectFrom('messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    expect(after.id).not.toBe(String(newest.id));
    const adas = await server()
      .db.selectFrom('messages')
      .select('id')
      .where('recipient_id', '=', ada.id)
      .executeTakeFirstOrThrow();
    // her call signal part is hers too: a call between others does not move it
    const call = await server()
      .db.insertInto('calls')
      .values({ caller_id: chika.id, callee_id: dayo.id, via: 'friends' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server()
      .db.insertInto('call_signals')
      .values({ call_id: call.id, sender_id: chika.id, recipient_id: dayo.id, kind: 'ring' })
      .execute();
    expect(await firstAnswer(await live(ada))).toEqual(before);
    expect(after.id).toBe(`${adas.id}:0`);
    // a member without messages or calls starts at 0 for both
    expect(await firstAnswer(await live(await member(server())))).toEqual({ type: 'ready', id: '0:0' });
  });
});

describe('live-message streams per member (F19)', () => {
  const { live, server } = harness();

  it('a member gets 5 streams at once; the 6th answers 429; closing one frees its place; others are not affected', async () => {
    const ada = await member(server());
    const streams = await Promise.all(Array.from({ length: 12 }, () => live(ada)));
    const answers = await Promise.all(streams.map(firstAnswer));
    expect(answers.filter((a) => a.type === 'ready')).toHaveLength(5);
    const refused = answers.filter((a) => a.type !== 'ready');
    expect(refused).toEqual(Array(7).fill({ error: 'TOO_MANY_REQUESTS', status: 429 }));
    expect(await firstAnswer(await live(await member(server())))).toMatchObject({ type: 'ready' });
    streams[answers.findIndex((a) => a.type === 'ready')]!.close();
    await expect.poll(() => server().app.messageHub?.size()).toBe(5);
    expect(await firstAnswer(await live(ada))).toMatchObject({ type: 'ready' });
  });
});

describe('live-message streams per process (F19)', () => {
  const { live, server } = harness({ LIVE_STREAMS_MAX: '3' });

  it('past the process cap, a stream of any member answers 429', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => member(server())));
    const answers = await Promise.all((await Promise.all(members.map((m) => live(m)))).map(firstAnswer));
    expect(answers.filter((a) => a.type === 'ready')).toHaveLength(3);
    expect(answers.filter((a) => a.type !== 'ready')).toEqual([{ error: 'TOO_MANY_REQUESTS', status: 429 }]);
  });
});
