// How the demo seed writes its rows, apart from what the rows are (demo.ts): multi-row INSERTs anywhere, or
// PostgreSQL's COPY with the indexes and constraints of empty tables built once after the load. A million members
// with 10^7 child rows take minutes through INSERTs that maintain every index row by row; COPY into bare tables
// and one index build per index take well under a minute on two cores (docs/decisions/100-bulk-seeding.md).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DB, Database } from '@rhema/db';
import { sql, type Insertable } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyGroups, type ColumnTypes, type CopyGroup } from './copy-binary';

/** The tables the demo seed fills in bulk, parents first. */
export const BULK_TABLES = [
  'users',
  'profile_answers',
  'photos',
  'user_citizenships',
  'user_core_values',
  'community_memberships',
  'user_consents',
  'introductions',
  'introduction_requests',
  'suggestion_codes',
] as const satisfies readonly (keyof DB)[];

export type TableRows = { [T in keyof DB]: readonly [T, readonly Insertable<DB[T]>[]] }[keyof DB];

/** A table's rows already in binary COPY format (made in a worker thread), and how many rows that is. */
export type CopyTable = readonly [table: keyof DB, groups: readonly CopyGroup[], rowCount: number];

export interface RowWriter {
  /** Writes the tables in the order given (parents first), all in one transaction. */
  write: (tables: readonly TableRows[]) => Promise<void>;
  /** The same for rows already made into binary COPY (copyWriter only), encoded with `columnTypes`. */
  writeCopy?: (tables: readonly CopyTable[]) => Promise<void>;
  /** The tables' column types, which another thread needs to encode rows for writeCopy (copy-binary.ts). */
  columnTypes?: ColumnTypes;
  /** After the last write: builds what the load put off (indexes, constraints). Safe to call twice. */
  finish: () => Promise<void>;
}

// Bind parameters per INSERT. PostgreSQL takes 65,535, but PGlite fails from 32,768 on ("Invalid array length";
// the boundary is also reported in https://github.com/nicia-ai/typegraph/issues/315), so one limit fits both.
const MAX_PARAMS_PER_STATEMENT = 32_767;

/** Multi-row INSERTs of at most MAX_PARAMS_PER_STATEMENT parameters: PGlite, and PostgreSQL without a pool. */
export function insertWriter(db: Database): RowWriter {
  return {
    write: (tables) =>
      db.transaction().execute(async (trx) => {
        // demo data is rebuilt rather than recovered: no need to wait for the WAL flush at each commit
        await sql`SET LOCAL synchronous_commit = off`.execute(trx);
        for (const [table, rows] of tables) {
          const first = rows[0];
          if (!first) continue;
          const size = Math.max(1, Math.floor(MAX_PARAMS_PER_STATEMENT / Object.keys(first).length));
          for (let start = 0; start < rows.length; start += size) {
            await trx
              .insertInto(table)
              .values(rows.slice(start, start + size) as never)
              .execute();
          }
        }
      }),
    finish: async () => {},
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Where the statements that rebuild put-off indexes wait, so a killed load can be finished by the next run. */
const PENDING_TABLE = 'seed_deferred_ddl';

interface Deferred {
  /** Indexes and primary/unique constraints: built first, several at once, the largest tables first. */
  build: { table: string; statement: string }[];
  /** Foreign keys, added NOT VALID: a moment each, once the keys they point at have their indexes. */
  link: string[];
  /**
   * Then each one validated: VALIDATE CONSTRAINT locks only its own table against writes (SHARE UPDATE EXCLUSIVE)
   * and the referenced one for nothing (ROW SHARE), so the checks run side by side, where adding a checked
   * foreign key takes SHARE ROW EXCLUSIVE on both tables and every key pointing at users would wait for the last.
   */
  validate: { table: string; statement: string }[];
}

/**
 * Kept through a load: the introductions trigger reads each new introduction's owner by id (its filter fields,
 * migration 20261123T1100_introduction_owner_fields), which without this index is a scan of every member per row.
 */
const KEPT_DURING_LOAD = new Set(['users_pkey']);

/**
 * Drops the indexes and constraints of the given tables, and the foreign keys pointing at them, when they are all
 * empty; returns what rebuilds them (also kept in PENDING_TABLE until rebuilt). Nothing is dropped otherwise.
 */
async function deferIndexes(client: pg.PoolClient, tables: readonly string[]): Promise<Deferred | null> {
  for (const table of tables) {
    const { rowCount } = await client.query(`SELECT 1 FROM ${quoteIdent(table)} LIMIT 1`);
    if (rowCount) return null;
  }
  const names = [...tables];
  const constraints = await client.query<{ tbl: string; name: string; def: string; kind: string }>(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def,
            c.contype AS kind
       FROM pg_constraint c
      WHERE c.contype IN ('p', 'u', 'f')
        AND (c.conrelid = ANY ($1::regclass[]) OR (c.contype = 'f' AND c.confrelid = ANY ($1::regclass[])))
      ORDER BY c.contype DESC, c.conname`,
    [names],
  );
  const indexes = await client.query<{ tbl: string; name: string; def: string }>(
    `SELECT i.indrelid::regclass::text AS tbl, i.indexrelid::regclass::text AS name,
            pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
      WHERE i.indrelid = ANY ($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u', 'x'))
      ORDER BY 2`,
    [names],
  );
  constraints.rows = constraints.rows.filter((c) => !KEPT_DURING_LOAD.has(c.name));
  const deferred: Deferred = { build: [], link: [], validate: [] };
  const drops: string[] = [];
  // foreign keys first (they depend on the unique indexes), then constraints, then plain indexes
  for (const c of constraints.rows.filter((r) => r.kind === 'f')) {
    drops.push(`ALTER TABLE ${c.tbl} DROP CONSTRAINT ${quoteIdent(c.name)}`);
    deferred.link.push(`ALTER TABLE ${c.tbl} ADD CONSTRAINT ${quoteIdent(c.name)} ${c.def} NOT VALID`);
    deferred.validate.push({
      table: c.tbl,
      statement: `ALTER TABLE ${c.tbl} VALIDATE CONSTRAINT ${quoteIdent(c.name)}`,
    });
  }
  for (const c of constraints.rows.filter((r) => r.kind !== 'f')) {
    drops.push(`ALTER TABLE ${c.tbl} DROP CONSTRAINT ${quoteIdent(c.name)}`);
    deferred.build.push({
      table: c.tbl,
      statement: `ALTER TABLE ${c.tbl} ADD CONSTRAINT ${quoteIdent(c.name)} ${c.def}`,
    });
  }
  for (const i of indexes.rows) {
    drops.push(`DROP INDEX ${i.name}`);
    deferred.build.push({ table: i.tbl, statement: i.def });
  }
  await client.query('BEGIN');
  try {
    await client.query(
      `CREATE TABLE ${PENDING_TABLE} (position int PRIMARY KEY, phase text, statement text, tbl text)`,
    );
    const all = [
      ...deferred.build.map((b) => ['build', b.statement, b.table]),
      ...deferred.link.map((s) => ['link', s, null]),
      ...deferred.validate.map((v) => ['validate', v.statement, v.table]),
    ];
    await client.query(
      `INSERT INTO ${PENDING_TABLE} SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
      [all.map((_, i) => i), all.map(([phase]) => phase), all.map(([, s]) => s), all.map(([, , t]) => t)],
    );
    for (const drop of drops) await client.query(drop);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  return deferred;
}

/**
 * Rebuilds what a COPY load put off, if anything waits in PENDING_TABLE (this run's load, or one that was killed):
 * the index builds on `parallel` connections at once, then the foreign keys.
 */
export async function finishDeferredIndexes(
  pool: pg.Pool,
  parallel = 2,
  onStatement?: (statement: string, seconds: number) => void,
): Promise<number> {
  const exists = await pool.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [PENDING_TABLE]);
  if (!exists.rows[0]?.present) return 0;
  // the largest tables' builds first, so the last one to finish is a small one (sizes after the load)
  const { rows } = await pool.query<{ phase: string; statement: string }>(
    `SELECT p.phase, p.statement
       FROM ${PENDING_TABLE} p
       LEFT JOIN pg_class c ON c.oid = to_regclass(p.tbl)
      ORDER BY p.phase = 'build' DESC, coalesce(pg_relation_size(c.oid), 0) DESC, p.position`,
  );
  const run = async (statements: string[], connections: number) => {
    const queue = [...statements];
    await Promise.all(
      Array.from({ length: Math.max(1, connections) }, async () => {
        const client = await pool.connect();
        try {
          // sorts for the index builds and hash joins for the key checks in memory, not in temporary files
          await client.query(`SET maintenance_work_mem = '1GB'`);
          await client.query(`SET work_mem = '256MB'`);
          await client.query('SET statement_timeout = 0');
          for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
            const started = performance.now();
            await client.query(next);
            onStatement?.(next, (performance.now() - started) / 1000);
          }
        } finally {
          client.release();
        }
      }),
    );
  };
  const phase = (name: string) => rows.filter((r) => r.phase === name).map((r) => r.statement);
  await run(phase('build'), parallel);
  // one connection: each takes a moment, and two on the same table would wait for each other anyway
  await run(phase('link'), 1);
  await run(phase('validate'), parallel);
  await pool.query(`DROP TABLE ${PENDING_TABLE}`);
  return rows.length;
}

/** The type of every column of `tables`, a domain by its base type (what binary COPY reads). */
async function columnTypesOf(client: pg.PoolClient, tables: readonly string[]): Promise<ColumnTypes> {
  const { rows } = await client.query<{ tbl: string; name: string; type: string }>(
    `SELECT c.relname AS tbl, a.attname AS name,
            (CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END)::regtype::text AS type
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_type t ON t.oid = a.atttypid
      WHERE a.attrelid = ANY ($1::regclass[]) AND a.attnum > 0 AND NOT a.attisdropped`,
    [[...tables]],
  );
  const types: Record<string, Record<string, string>> = {};
  for (const { tbl, name, type } of rows) (types[tbl] ??= {})[name] = type;
  return types;
}

/**
 * COPY FROM STDIN (binary), one transaction per write, on the pool's connections. When every one of `tables` is empty (a
 * fresh or reset database) their indexes and constraints are dropped first and rebuilt by finish().
 */
export async function copyWriter(
  pool: pg.Pool,
  tables: readonly (keyof DB)[],
  options: {
    onIndexes?: (count: number, seconds: number) => void;
    /** Each put-off index or constraint as it is built, with its time. */
    onStatement?: (statement: string, seconds: number) => void;
  } = {},
): Promise<RowWriter> {
  await finishDeferredIndexes(pool);
  const client = await pool.connect();
  let deferred: Deferred | null;
  let columnTypes: ColumnTypes;
  try {
    columnTypes = await columnTypesOf(client, tables);
    deferred = await deferIndexes(client, tables);
  } finally {
    client.release();
  }
  const writeCopy = async (tablesText: readonly CopyTable[]) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL synchronous_commit = off');
      for (const [table, groups] of tablesText) {
        for (const group of groups) {
          const columns = group.columns.map(quoteIdent).join(', ');
          await pipeline(
            Readable.from([Buffer.from(group.bytes.buffer, group.bytes.byteOffset, group.bytes.byteLength)]),
            client.query(copyFrom(`COPY ${quoteIdent(table)} (${columns}) FROM STDIN (FORMAT binary)`)),
          );
        }
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return {
    write: (batch) =>
      writeCopy(batch.map(([table, rows]) => [table, copyGroups(columnTypes, table, rows), rows.length])),
    writeCopy,
    columnTypes,
    finish: async () => {
      if (!deferred) return;
      deferred = null;
      const started = performance.now();
      const count = await finishDeferredIndexes(pool, 2, options.onStatement);
      options.onIndexes?.(count, (performance.now() - started) / 1000);
    },
  };
}
