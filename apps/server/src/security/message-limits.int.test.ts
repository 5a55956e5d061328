// docs/security.md, F25: 150 messages in a row from one member to another were all answered 200 (150 rows kept),
// and 100 "is typing" notices likewise. Messages and typing now count against a burst and an hour per sender and
// an hour (a minute for typing) per sender-recipient pair, in the one rate limiter: 429 with Retry-After and the
// limit in the answer's words (the composer shows them).
import { createSession, RATE_LIMITS } from '@rhema/auth';
import { seedFriendship, seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;
type Who = { id: string; token: string };

describe('limits on messages and typing (F25)', () => {
  let clock = Date.parse('2026-06-01T09:00:00Z');
  let server: Server;
  beforeAll(async () => {
    server = await createTestServer({}, { now: () => new Date(clock) });
  });
  afterAll(() => server.close());

  let n = 0;
  async function member(): Promise<Who> {
    n += 1;
    const user = await seedUser(server.db, { email: `limits-${n}-${process.pid}@example.test` });
    const { token } = await createSession(server.db, {
      userId: user.id,
      role: 'member',
      now: new Date(clock),
    });
    return { id: user.id, token };
  }
  const post = (who: Who, path: string, payload: object) =>
    server.app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      payload,
    });
  const send = (from: Who, to: Who, body: string) =>
    post(from, '/trpc/messages.send', { user_id: to.id, body });
  const rows = async (from: Who) =>
    (
      await server.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('sender_id', '=', from.id)
        .executeTakeFirstOrThrow()
    ).n;

  it('a burst of messages to one member stops at the per-minute limit: 429, Retry-After, the limit said', async () => {
    const ada = await member();
    const bola = await member();
    await seedFriendship(server.db, ada, bola);
    const burst = RATE_LIMITS.messagesPerMinute.limit;
    for (let i = 0; i < burst; i += 1) expect((await send(ada, bola, `hello ${i}`)).statusCode).toBe(200);
    const refused = await send(ada, bola, 'one more');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((refused.json() as { error: { message: string } }).error.message).toBe(
      `Limit reached: you can send ${burst} messages a minute.`,
    );
    // over REST the same, in the envelope
    const rest = await server.app.inject({
      method: 'POST',
      url: `/api/v1/messages/${bola.id}`,
      headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
      payload: { body: 'and again' },
    });
    expect(rest.statusCode).toBe(429);
    expect(rest.headers['retry-after']).toBeDefined();
    expect(rest.json()).toEqual({
      success: false,
      message: `Limit reached: you can send ${burst} messages a minute.`,
    });
    expect(Number(await rows(ada))).toBe(burst);
    clock += 61_000;
    expect((await send(ada, bola, 'a minute later')).statusCode).toBe(200);
  });

  it('an hour per pair, and an hour per sender across recipients', async () => {
    const ada = await member();
    const others = await Promise.all(Array.from({ length: 3 }, () => member()));
    for (const other of others) await seedFriendship(server.db, ada, other);
    const perPair = RATE_LIMITS.messagesPerPairHour.limit;
    const burst = RATE_LIMITS.messagesPerMinute.limit;
    let sent = 0;
    // spaced to stay under the burst: the pair's hour is what stops them
    while (sent < perPair) {
      for (let i = 0; i < burst && sent < perPair; i += 1, sent += 1)
        expect((await send(ada, others[0]!, `m${sent}`)).statusCode).toBe(200);
      clock += 61_000;
    }
    const refused = await send(ada, others[0]!, 'past the pair');
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { error: { message: string } }).error.message).toContain(
      `send ${perPair} messages to one member an hour`,
    );
    // another recipient is still fine, until the sender's own hour is full
    const perHour = RATE_LIMITS.messagesPerHour.limit;
    let other = 1;
    let last = 200;
    while (sent < perHour + 1) {
      for (let i = 0; i < burst && sent < perHour + 1; i += 1, sent += 1) {
        const res = await send(ada, others[other]!, `n${sent}`);
        last = res.statusCode;
        if (last === 429) break;
        if ((sent + 1) % perPair === 0) other += 1;
      }
      if (last === 429) break;
      clock += 61_000;
    }
    expect(last).toBe(429);
    expect(sent).toBe(perHour);
    // two hundred sends, each three writes to the limiter: past the default 20 s on a busy machine
  }, 180_000);

  it('typing notices stop at their limit with a 429 too', async () => {
    const ada = await member();
    const bola = await member();
    await seedFriendship(server.db, ada, bola);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.typingPerPairMinute.limit + 5; i += 1)
      statuses.push((await post(ada, '/trpc/messages.typing', { user_id: bola.id })).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMITS.typingPerPairMinute.limit);
    expect(statuses.slice(RATE_LIMITS.typingPerPairMinute.limit)).toEqual(Array(5).fill(429));
  });
});
