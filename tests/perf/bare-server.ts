// The ceiling of `pnpm bench:scale`: Fastify with nothing but a pg pool and one route per measured thing, so the
// app's own cost per request (plugins, hooks, logging, validation, sessions, the envelope) shows as the gap to these.
//   GET /same/:i  the statements the built server ran for measured path i (recorded by tests/perf/capture-sql.ts,
//                 read from SAME_SQL_FILE), sent in the same order with the same parameters on one connection,
//                 the last one's rows answered in the app's envelope
//   GET /terms    the prerendered page the app sends, from memory
//   GET /noop     nothing at all (and /healthz, for the start-up wait)
// Env: BARE_PORT, DATABASE_URL, WEB_DIST_DIR, SAME_SQL_FILE.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.BARE_PORT ?? 3511);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bare-server: DATABASE_URL is required');
const statements = JSON.parse(
  process.env.SAME_SQL_FILE ? readFileSync(process.env.SAME_SQL_FILE, 'utf8') : '{}',
) as Record<string, { text: string; values: unknown[] }[]>;

// the app's pool size (packages/db/src/create-db.ts default)
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
// without a web build (tests/perf/overhead.ts measures API paths only) /terms answers 404
const termsFile = resolve(process.env.WEB_DIST_DIR ?? 'apps/web/dist', 'prerendered/terms.html');
const termsHtml = existsSync(termsFile) ? readFileSync(termsFile, 'utf8') : null;

const app = Fastify({ logger: false });
app.get<{ Params: { i: string } }>('/same/:i', async (request, reply) => {
  const list = statements[request.params.i];
  if (!list) return reply.code(404).send({ success: false });
  const client = await pool.connect();
  try {
    let rows: unknown[] = [];
    for (const { text, values } of list) rows = (await client.query(text, values)).rows;
    return { success: true, data: rows };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
});
app.get('/terms', async (_request, reply) =>
  termsHtml === null
    ? reply.code(404).send({ success: false })
    : reply.type('text/html; charset=utf-8').send(termsHtml),
);
app.get('/noop', async () => ({ ok: true }));
app.get('/healthz', async () => ({ ok: true }));
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare server on ${port}`);
