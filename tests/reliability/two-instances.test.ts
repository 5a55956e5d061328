// Two server processes on one PostgreSQL database, with no sticky routing, behave as one service.
// The load balancer is played by tests/reliability/client.ts (round-robin; one retry on a refused connection only).
// Every wait is on a signal: a log line of the server, a process's exit, a count of answers, a row in
// pg_stat_activity; none is a fixed sleep.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createDb, type Database, type DbHandle } from '@rhema/db';
import { seedFriendship, seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openSse } from '../../apps/server/src/test/sse';
import { createBalancer, send, type Outcome } from './client';
import { freePort, serverEntry, startInstance, type Instance } from './instance';

const databaseUrl = inject('reliabilityDatabaseUrl');
const redisUrl = inject('reliabilityRedisUrl');
const PASSWORD = 'reliability passphrase 12';
const run = randomBytes(3).toString('hex');

let addressCounter = 0;
/** A client address of its own per call (per-IP limits are not what these checks are about), in 198.18.0.0/15. */
function nextAddress(): string {
  addressCounter++;
  return `198.19.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(base: string, email: string): Promise<string> {
  const answer = await send(base, {
    method: 'POST',
    path: '/api/v1/auth/login',
    headers: { 'x-forwarded-for': nextAddress() },
    body: { email, password: PASSWORD },
  });
  expect(answer.status, answer.body).toBe(200);
  return answer.json<{ token: string }>().token;
}

/**
 * The load: a loop of real requests through the balancer from `workers` clients at once, half FAQ reads (REST), half
 * training sign-ups (tRPC writes, each with an email of its own, checked in the database afterwards).
 */
function startLoad(instances: readonly Instance[], workers: number) {
  const balancer = createBalancer(instances);
  const outcomes: Outcome[] = [];
  const answered = new EventEmitter();
  answered.setMaxListeners(0);
  let running = true;
  let seq = 0;
  const request = (n: number) => {
    if (n % 2 === 0) return balancer.send({ path: '/api/v1/faqs?faq_type=faqs' }, 'read');
    const email = `load-${run}-${n}@example.test`;
    return balancer.send(
      {
        method: 'POST',
        path: '/trpc/training.signup',
        headers: { 'x-forwarded-for': nextAddress() },
        body: { first_name: 'Ada', email, consent: true },
      },
      'write',
      email,
    );
  };
  const worker = async () => {
    while (running) {
      const outcome = await request(seq++);
      outcomes.push(outcome);
      answered.emit('answer', outcome);
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    outcomes,
    balancer,
    /** Resolves once `count` more answers passing `filter` have come in from now on. */
    answers: (count: number, filter: (o: Outcome) => boolean = () => true) =>
      new Promise<void>((resolve) => {
        let seen = 0;
        const onAnswer = (outcome: Outcome) => {
          if (filter(outcome) && ++seen >= count) {
            answered.off('answer', onAnswer);
            resolve();
          }
        };
        answered.on('answer', onAnswer);
      }),
    stop: async () => {
      running = false;
      await done;
      balancer.close();
    },
  };
}

async function storedSignups(db: Database, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.selectFrom('training_signups').select('email').where('email', 'in', emails).execute();
  return new Set(rows.map((row) => row.email));
}

function summary(outcomes: Outcome[]) {
  const byStatus = new Map<string, number>();
  for (const o of outcomes) {
    const key = `${o.instance}:${o.status || o.error}`;
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  return [...byStatus].map(([k, v]) => `${k}×${v}`).join(' ');
}

/** 70 private-match lookups from one address, spread over both instances at once: 60 a minute pass, in total. */
async function checkLimitAcrossBoth(a: Instance, b: Instance) {
  const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const lookup = (instance: Instance) =>
    send(instance.base, {
      path: '/api/v1/search/match?contact_reference=ZZZZZZ',
      headers: { 'x-forwarded-for': address },
    }).then((answer) => ({ instance: instance.name, status: answer.status }));
  const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => lookup(i % 2 === 0 ? a : b)));
  const passed = answers.filter((x) => x.status !== 429);
  // both instances let some through, and turned some away: the window is one
  expect(passed.length).toBe(60);
  expect(new Set(passed.map((x) => x.instance))).toEqual(new Set([a.name, b.name]));
  for (const instance of [a, b]) expect((await lookup(instance)).status).toBe(429);
  return `${passed.length} of 70 passed (a ${passed.filter((x) => x.instance === a.name).length}, b ${passed.filter((x) => x.instance === b.name).length}); the 71st and 72nd: 429 on both`;
}

const skipReason = inject('reliabilitySkipReason');

describe.runIf(databaseUrl)(`two instances on one PostgreSQL database (${serverEntry.label})`, () => {
  let a: Instance;
  let b: Instance;
  let admin: DbHandle;
  let member: { id: string; email: string };
  let friend: { id: string; email: string };

  beforeAll(async () => {
    admin = await createDb({ databaseUrl, poolMax: 2 });
    member = await seedUser(admin.db, { email: `member-${run}@example.test`, password: PASSWORD });
    friend = await seedUser(admin.db, {
      email: `friend-${run}@example.test`,
      first_name: 'Chidi',
      gender: 'male',
      password: PASSWORD,
    });
    await seedFriendship(admin.db, member, friend);
    [a, b] = await Promise.all([
      startInstance({ name: 'a', databaseUrl, port: await freePort() }),
      startInstance({ name: 'b', databaseUrl, port: await freePort() }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await admin?.close();
  });

  it('a session made on one works on the other', async () => {
    const token = await login(a.base, member.email);
    const me = await send(b.base, { path: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.status, me.body).toBe(200);
    // the signed-in member (auth.me: { user: { email, … } })
    expect(me.body).toContain(`"${member.email}"`);
  });

  it('a logout on one ends the session on both', async () => {
    const token = await login(b.base, member.email);
    for (const instance of [a, b])
      expect((await send(instance.base, { path: '/api/v1/auth/me', headers: bearer(token) })).status).toBe(
        200,
      );
    const out = await send(a.base, { method: 'POST', path: '/api/v1/auth/logout', headers: bearer(token) });
    expect(out.status, out.body).toBe(200);
    for (const instance of [a, b])
      expect((await send(instance.base, { path: '/api/v1/auth/me', headers: bearer(token) })).status).toBe(
        401,
      );
  });

  it('a rate limit holds across both (limits in PostgreSQL: REDIS_URL unset)', async ({ annotate }) => {
    await annotate(await checkLimitAcrossBoth(a, b));
  });

  it('a write through one is read through the other at once', async () => {
    const [senderToken, readerToken] = await Promise.all([
      login(a.base, member.email),
      login(b.base, friend.email),
    ]);
    const body = `written through a, read through b (${run})`;
    const sent = await send(a.base, {
      method: 'POST',
      path: `/api/v1/messages/${friend.id}`,
      headers: bearer(senderToken),
      body: { body },
    });
    expect(sent.status, sent.body).toBe(200);
    const thread = await send(b.base, {
      path: `/api/v1/messages/${member.id}`,
      headers: bearer(readerToken),
    });
    expect(thread.status, thread.body).toBe(200);
    expect(thread.body).toContain(body);
  });

  it('every PostgreSQL connection of one killed mid-load (pg_terminate_backend): it recovers without a restart, no acknowledged write lost', async ({
    annotate,
  }) => {
    // its pool's connections and its LISTEN connection (DATABASE_LISTEN_URL: its own application_name)
    const connectionsOf = async (instance: Instance) =>
      (
        await admin.pool!.query<{ pid: number; query: string; application_name: string }>(
          `select pid, query, application_name from pg_stat_activity
            where application_name = any($1) and datname = current_database()`,
          [[instance.applicationName, instance.listenApplicationName]],
        )
      ).rows;
    // a live-messages subscriber on b, so b holds its LISTEN connection too (packages/db/src/notifications.ts)
    const [memberToken, friendToken] = await Promise.all([
      login(a.base, member.email),
      login(b.base, friend.email),
    ]);
    const stream = await openSse(`${b.base}/trpc/messages.live`, bearer(friendToken));
    const load = startLoad([a, b], 6);
    try {
      expect(stream.status).toBe(200);
      expect((await stream.next()).event).toBe('connected');
      expect(await stream.nextData()).toMatchObject({ type: 'ready' });
      await load.answers(40, (o) => o.instance === b.name && o.status === 200);
      const before = await connectionsOf(b);
      const killedAt = performance.now();
      const killed = (
        await admin.pool!.query<{ pid: number; terminated: boolean }>(
          'select pid, pg_terminate_backend(pid) as terminated from unnest($1::int[]) as pid',
          [before.map((c) => c.pid)],
        )
      ).rows.filter((row) => row.terminated);
      expect(killed.map((k) => k.pid).sort(), JSON.stringify({ before, killed })).toEqual(
        before.map((c) => c.pid).sort(),
      );
      // recovered: 40 answers of b in a row with 200, every one started after the kill
      let inARow = 0;
      await load.answers(1, (o) => {
        if (o.instance !== b.name || o.startedAt < killedAt) return false;
        inARow = o.status === 200 ? inARow + 1 : 0;
        return inARow >= 40;
      });
      const health = await send(b.base, { path: '/healthz' });
      // the LISTEN connection is back (it reconnects after 250 ms, doubling), and live messages flow through it:
      // the subscriber on b gets `ready` again after the gap, then a message written through a
      await expect
        .poll(
          async () =>
            (await connectionsOf(b)).some(
              (c) =>
                c.application_name === b.listenApplicationName &&
                /^LISTEN/i.test(c.query) &&
                !before.some((old) => old.pid === c.pid),
            ),
          { timeout: 15_000 },
        )
        .toBe(true);
      const resynced = await stream.nextData(15_000).catch((error: Error) => {
        throw new Error(`${error.message}; b logged:\n${b.problems()}`);
      });
      expect(resynced).toMatchObject({ type: 'ready' });
      const body = `after the kill (${run})`;
      const sent = await send(a.base, {
        method: 'POST',
        path: `/api/v1/messages/${friend.id}`,
        headers: bearer(memberToken),
        body: { body },
      });
      expect(sent.status, sent.body).toBe(200);
      expect(await stream.nextData(15_000)).toMatchObject({ type: 'message', message: { body } });
      await load.stop();

      const afterKill = load.outcomes.filter((o) => o.startedAt >= killedAt);
      const failed = load.outcomes.filter((o) => o.status !== 200);
      const acked = load.outcomes.filter((o) => o.kind === 'write' && o.status === 200).map((o) => o.key!);
      const stored = await storedSignups(admin.db, acked);
      await annotate(
        `${load.outcomes.length} requests (${summary(load.outcomes)}); ${killed.length} of b's ${before.length} ` +
          `connections terminated (pool and LISTEN); ${afterKill.length} requests after the kill, ` +
          `${failed.length} not 2xx (503 while b's pool replaced them); ${acked.length} writes acknowledged, ` +
          `${acked.filter((e) => stored.has(e)).length} stored; the LISTEN connection back and a message delivered live on b`,
      );
      expect(killed.length).toBe(before.length);
      // pooled connections and the LISTEN connection (through DATABASE_LISTEN_URL) among them
      expect(new Set(before.map((c) => c.application_name))).toEqual(
        new Set([b.applicationName, b.listenApplicationName]),
      );
      // the same process: no restart
      expect(b.child.exitCode).toBeNull();
      expect(health.status).toBe(200);
      // only b failed, only with the busy answer, while its connections were being replaced
      expect(failed.filter((o) => o.instance !== b.name || o.status !== 503)).toEqual([]);
      expect(acked.filter((email) => !stored.has(email))).toEqual([]);
    } finally {
      stream.close();
      await load.stop();
    }
  });

  it('SIGTERM to one during load: its in-flight requests finish, the other keeps serving, no request fails', async ({
    annotate,
  }) => {
    const load = startLoad([a, b], 6);
    try {
      await load.answers(40, (o) => o.instance === a.name);
      // requests in flight on a when the signal comes: a burst straight to a (points, not faqs: its own log line),
      // the signal sent once a has answered the first of them (one log line per request, at its answer)
      const burst = Array.from({ length: 12 }, () =>
        send(a.base, { path: '/api/v1/faqs?faq_type=points' }).then(
          (answer) => answer.status,
          (error: Error & { code?: string }) => error.code ?? error.message,
        ),
      );
      await a.logLine(/^(?=.*faq_type=points)(?=.*request completed)/);
      const killedAt = performance.now();
      a.child.kill('SIGTERM');
      await a.logLine(/shutting down: draining/);
      // the balancer's health check sees a draining, and stops sending it requests
      await load.balancer.dropped(a.name);
      const drainSeenAt = performance.now();
      const code = await a.exited;
      const exitedAt = performance.now();
      // the other keeps serving: 40 more answers, started after a has gone
      await load.answers(40, (o) => o.startedAt > exitedAt);
      await load.stop();
      const burstStatuses = await Promise.all(burst);

      const failed = load.outcomes.filter((o) => o.status < 200 || o.status > 299);
      const retried = load.outcomes.filter((o) => o.retriedAfterRefusal);
      const servedByADraining = load.outcomes.filter((o) => o.instance === a.name && o.endedAt > killedAt);
      const acked = load.outcomes.filter((o) => o.kind === 'write' && o.status === 200).map((o) => o.key!);
      const stored = await storedSignups(admin.db, acked);
      await annotate(
        `${load.outcomes.length} requests through the balancer (${summary(load.outcomes)}), ${failed.length} failed; ` +
          `${burstStatuses.length} requests in flight on a at SIGTERM answered ${[...new Set(burstStatuses)].join(', ')}; ` +
          `${servedByADraining.length} balancer requests answered by a after the signal; the balancer dropped a ` +
          `${Math.round(drainSeenAt - killedAt)} ms after SIGTERM; a exited ${code} after ` +
          `${Math.round(exitedAt - killedAt)} ms; ${retried.length} refused by a and sent to b; ` +
          `${acked.length} writes acknowledged, all stored: ${acked.every((e) => stored.has(e))}`,
      );
      expect(code).toBe(0);
      expect(burstStatuses).toEqual(burstStatuses.map(() => 200));
      expect(failed).toEqual([]);
      expect(acked.filter((email) => !stored.has(email))).toEqual([]);
    } finally {
      await load.stop();
    }
  });
});

describe.runIf(databaseUrl && redisUrl)('two instances with REDIS_URL: limits in Redis', () => {
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      startInstance({ name: 'ra', databaseUrl, port: await freePort(), env: { REDIS_URL: redisUrl } }),
      startInstance({ name: 'rb', databaseUrl, port: await freePort(), env: { REDIS_URL: redisUrl } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('a rate limit holds across both (limits in Redis: REDIS_URL set)', async ({ annotate }) => {
    await annotate(await checkLimitAcrossBoth(a, b));
  });
});

// without PostgreSQL the run says why in its list of tests (global-setup.ts printed it too)
if (!databaseUrl) {
  describe('two instances', () => {
    it.skip(`SKIPPED: ${skipReason}`, () => undefined);
  });
}
