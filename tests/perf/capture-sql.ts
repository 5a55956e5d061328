// Loaded into the built server by `pnpm bench:scale` (node --import) for one probe request per measured path, never
// in a measured run: appends every statement the server sends through pg (text and parameters) as a JSON line to
// CAPTURE_SQL_FILE, so tests/perf/bare-server.ts can run exactly the same SQL as the ceiling of that path.
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.CAPTURE_SQL_FILE;
if (!file) throw new Error('capture-sql: CAPTURE_SQL_FILE is required');

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function capture(this: pg.Client, ...args) {
  const [first, second] = args;
  const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? undefined);
  const values = Array.isArray(second) ? second : ((first as { values?: unknown[] } | null)?.values ?? []);
  if (text) appendFileSync(file, JSON.stringify({ at: Date.now(), text, values }) + '\n');
  return original.apply(this, args);
};
