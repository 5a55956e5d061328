// The ceiling of `pnpm bench:scale`: Fastify with nothing but a pg pool and one route per measured thing, so the
// app's own cost per request (plugins, hooks, logging, validation, the envelope) shows as the gap to these.
//   GET /api/v1/faqs  the SQL the app's faqs.list runs (packages/db/src/queries/faqs.ts), captured from Kysely's
//                     log at start so it is byte for byte the same statement, answered in the same envelope
//   GET /terms        the prerendered page the app sends, from memory
//   GET /healthz      nothing at all
// Env: BARE_PORT, DATABASE_URL, WEB_DIST_DIR.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDb, faqQueries } from '@rhema/db';
import Fastify from 'fastify';

const port = Number(process.env.BARE_PORT ?? 3511);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bare-server: DATABASE_URL is required');

let captured: { sql: string; parameters: readonly unknown[] } | undefined;
const handle = await createDb({
  databaseUrl,
  log: (event) => {
    captured ??= { sql: event.query.sql, parameters: event.query.parameters };
  },
});
await faqQueries.listFaqs(handle.db, 'faqs');
if (!captured || !handle.pool) throw new Error('bare-server: no statement captured');
const faqsStatement = captured;
const pool = handle.pool;
const termsHtml = readFileSync(
  resolve(process.env.WEB_DIST_DIR ?? 'apps/web/dist', 'prerendered/terms.html'),
  'utf8',
);

const app = Fastify({ logger: false });
app.get('/api/v1/faqs', async () => {
  const { rows } = await pool.query(faqsStatement.sql, [...faqsStatement.parameters]);
  return { success: true, data: rows };
});
app.get('/terms', async (_request, reply) => reply.type('text/html; charset=utf-8').send(termsHtml));
app.get('/healthz', async () => ({ ok: true }));
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare server on ${port}`);
