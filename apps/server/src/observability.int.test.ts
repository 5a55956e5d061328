import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { createDb, jobQueries } from '@rhema/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { loadEnv } from './env';
import { createTestServer } from './test/test-server';

const TOKEN = 'metrics-token-for-the-tests';

/** The value of one series in Prometheus's text format (the first line that matches), or null. */
function sample(text: string, series: RegExp): number | null {
  const line = text.split('\n').find((l) => !l.startsWith('#') && series.test(l));
  return line === undefined ? null : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** A log destination the test reads: one parsed object per line. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('/metrics', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer({ METRICS_TOKEN: TOKEN, PHOTO_DIR: tmpdir() }, { jobs: 'manual' });
  });
  afterAll(() => server.close());

  const scrape = async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('answers 401 without the token and 403 with another', async () => {
    const without = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.body).not.toContain('rhema_');
    const wrong = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-metrics-token' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('rhema_');
  });

  it('counts requests by route template, method and status class', async () => {
    const before = await scrape();
    const series =
      /^rhema_http_request_duration_seconds_count\{route="\/api\/v1\/faqs",method="GET",status_class="2xx"\}/;
    const counted = sample(before, series) ?? 0;
    for (let i = 0; i < 3; i++)
      expect((await server.app.inject({ method: 'GET', url: '/api/v1/faqs?faq_type=faqs' })).statusCode).toBe(
        200,
      );
    const after = await scrape();
    expect(sample(after, series)).toBe(counted + 3);
    expect(after).toMatch(
      /rhema_http_request_duration_seconds_bucket\{le="0.25",route="\/api\/v1\/faqs",method="GET",status_class="2xx"\}/,
    );
    // a 404 of an unknown API path is one series, whatever the address
    await server.app.inject({ method: 'GET', url: '/api/v1/no-such-path-1' });
    await server.app.inject({ method: 'GET', url: '/api/v1/no-such-path-2' });
    expect(await scrape()).not.toContain('no-such-path');
  });

  it('has the pool, the queue, the live streams and the process', async () => {
    await jobQueries.insertJob(server.db, {
      kind: 'mail',
      payload: { message: { to: 'a@example.com', subject: 's', text: 't', html: 'h' } },
      runAt: new Date(Date.now() - 30_000),
    });
    const text = await scrape();
    expect(sample(text, /^rhema_db_pool_connections /)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^rhema_db_pool_idle_connections /)).not.toBeNull();
    expect(sample(text, /^rhema_db_pool_waiting_requests /)).toBe(0);
    expect(sample(text, /^rhema_db_pool_timeouts_total /)).toBe(0);
    expect(sample(text, /^rhema_jobs_waiting /)).toBe(1);
    expect(sample(text, /^rhema_jobs_running /)).toBe(0);
    expect(sample(text, /^rhema_jobs_failed /)).toBe(0);
    expect(sample(text, /^rhema_jobs_oldest_due_age_seconds /)).toBeGreaterThanOrEqual(29);
    expect(sample(text, /^rhema_live_streams_open /)).toBe(0);
    expect(sample(text, /^process_resident_memory_bytes /)).toBeGreaterThan(0);
    // photos kept on this machine's disk (PHOTO_DIR below): the disk's figures
    expect(sample(text, /^rhema_photo_disk_size_bytes /)).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('# TYPE rhema_mails_sent_total counter');
    expect(text).toContain('# TYPE rhema_pushes_failed_total counter');
  });

  it('has every series the dashboard and the alerts of docs/ops read', async () => {
    const text = await scrape();
    const exposed = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
    const docs = ['grafana-dashboard.json', 'alerts.yml'].map((file) =>
      readFileSync(resolve(import.meta.dirname, '../../../docs/ops', file), 'utf8'),
    );
    const read = new Set(
      docs.flatMap((doc) =>
        [...doc.matchAll(/\b((?:rhema|process|nodejs)_[a-z0-9_]+)/g)].map((match) =>
          match[1]!.replace(/_(bucket|count|sum)$/, ''),
        ),
      ),
    );
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('counts a rate limit refusal by the limit', async () => {
    const series = /^rhema_rate_limit_refusals_total\{limit="match-lookup-ip"\}/;
    // the counters are the process's: other files of this worker may have counted before
    const before = sample(await scrape(), series) ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push(
        (
          await server.app.inject({
            method: 'GET',
            url: '/api/v1/search/match?contact_reference=ABC123',
            remoteAddress: '203.0.113.77',
          })
        ).statusCode,
      );
    expect(statuses.at(-1)).toBe(429);
    expect(sample(await scrape(), series)).toBe(before + 1);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('answers 404', async () => {
    const server = await createTestServer();
    try {
      const res = await server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('rhema_');
    } finally {
      await server.close();
    }
  });
});

describe('request ids', () => {
  const log = logLines();
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer({ LOG_LEVEL: 'info' }, { logStream: log.stream });
  });
  afterAll(() => server.close());

  it("keeps a client's id in the answer and in the request's one log line", async () => {
    const id = 'lb-7f3a9c1e-0001';
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/faqs?faq_type=faqs',
      headers: { 'x-request-id': id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    const mine = log.lines.filter((line) => line.request_id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/faqs?faq_type=faqs' },
      res: { statusCode: 200 },
    });
    expect(typeof mine[0]!.responseTime).toBe('number');
    // written without the redaction paths (plugins/request-log.ts): only fields none of them can match
    expect(Object.keys(mine[0]!).sort()).toEqual(
      ['hostname', 'level', 'msg', 'pid', 'req', 'request_id', 'res', 'responseTime', 'time'].sort(),
    );
    // (an injected request has no client port)
    const requestFields = ['host', 'method', 'remoteAddress', 'remotePort', 'url'];
    expect(Object.keys(mine[0]!.req as object).filter((key) => !requestFields.includes(key))).toEqual([]);
    expect(Object.keys(mine[0]!.res as object)).toEqual(['statusCode']);
  });

  it('still redacts credentials in the other lines of a request', async () => {
    const id = 'lb-7f3a9c1e-0002';
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-request-id': id, 'content-type': 'application/json' },
      payload: { email: 'nobody@example.com', password: 'not-a-real-password' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    server.app.log
      .child({ request_id: id })
      .warn(
        { input: { password: 'hunter2', token: 'abc' }, req: { headers: { authorization: 'Bearer x' } } },
        'a line with credentials',
      );
    const mine = log.lines.filter((line) => line.request_id === id);
    expect(mine.map((line) => line.msg)).toContain('request completed');
    const warned = mine.find((line) => line.msg === 'a line with credentials')!;
    expect(warned.input).toEqual({ password: '[redacted]', token: '[redacted]' });
    expect(JSON.stringify(mine)).not.toContain('hunter2');
    expect(JSON.stringify(mine)).not.toContain('not-a-real-password');
  });

  it('makes an id when none or an unusable one is sent, different for each request', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/healthz' });
    const odd = await server.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'two words\u0007' },
    });
    const long = await server.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a'.repeat(300) },
    });
    const ids = [plain, odd, long].map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('puts the id on answers given before any route (a malformed address)', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/faqs/%E0%A4%A',
      headers: { 'x-request-id': 'lb-bad-url' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toBe('lb-bad-url');
  });
});

describe('a 5xx answer and /readyz', () => {
  it('gives the request id in the envelope and is not ready while the database is unreachable', async () => {
    // a port nothing listens on: the pool fails to connect
    const handle = await createDb({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      connectionTimeoutMs: 500,
    });
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const app = await buildServer({ env, db: handle.db, services: { jobs: 'manual' } });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/faqs?faq_type=faqs',
        headers: { 'x-request-id': 'lb-db-down' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, request_id: 'lb-db-down' });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'database unreachable' });
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('is ready with every migration run, not with one missing, not while draining', async () => {
    const server = await createTestServer();
    try {
      expect((await server.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
        status: 'ready',
      });
      // a database behind this code (restored from an older backup, say)
      const newest = await sql<{
        name: string;
      }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(server.db);
      const name = newest.rows[0]!.name;
      await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(server.db);
      const behind = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ status: 'migrations pending', pending_migrations: [name] });
      // liveness is not readiness: the process itself is fine
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${new Date().toISOString()})`.execute(
        server.db,
      );
      expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      server.app.lifecycle.draining = true;
      const draining = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ status: 'draining' });
    } finally {
      await server.close();
    }
  });
});
