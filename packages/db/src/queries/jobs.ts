import { sql } from 'kysely';
import type { Database } from '../create-db';

// The durable job queue (migration 20261122T2300_outbox, docs/decisions/131-work-after-the-answer.md).

export async function insertJob(db: Database, job: { kind: string; payload: unknown; runAt: Date }) {
  await db
    .insertInto('jobs')
    .values({ kind: job.kind, payload: JSON.stringify(job.payload), run_at: job.runAt })
    .execute();
}

/**
 * Takes up to `limit` due jobs for `lockMs`: rows another worker holds are skipped (FOR UPDATE SKIP LOCKED), so
 * two instances never run the same job; a job whose worker died is taken again once its lock has passed.
 */
export async function claimJobs(db: Database, options: { now: Date; limit: number; lockMs: number }) {
  const lockedUntil = new Date(options.now.getTime() + options.lockMs);
  const rows = await sql<{ id: string; kind: string; payload: unknown; attempts: number }>`
    UPDATE jobs SET locked_until = ${lockedUntil}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE failed_at IS NULL AND run_at <= ${options.now}
        AND (locked_until IS NULL OR locked_until < ${options.now})
      ORDER BY run_at, id
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, payload, attempts`.execute(db);
  return rows.rows.map((row) => ({
    ...row,
    id: String(row.id),
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
  }));
}

export async function deleteJob(db: Database, id: string) {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/** A failed run: tried again at `retryAt`, or kept as failed (for an operator) when `retryAt` is null. */
export async function failJob(
  db: Database,
  id: string,
  options: { error: string; retryAt: Date | null; now: Date },
) {
  await db
    .updateTable('jobs')
    .set({
      locked_until: null,
      last_error: options.error.slice(0, 1000),
      ...(options.retryAt ? { run_at: options.retryAt } : { failed_at: options.now, payload: '{}' }),
    })
    .where('id', '=', id)
    .execute();
}

/** Jobs not yet done (waiting, running or failed): for tests and the health of the queue. */
export async function countJobs(db: Database) {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.count<string>('failed_at').as('failed')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), failed: Number(row.failed) };
}

/** Whether a job of `kind` whose payload's `field` is `value` is still waiting (one digest per member). */
export async function hasPendingJob(db: Database, kind: string, field: string, value: string) {
  const row = await sql<{ one: number }>`
    SELECT 1 AS one FROM jobs
    WHERE kind = ${kind} AND failed_at IS NULL AND payload ->> ${field} = ${value}
    LIMIT 1`.execute(db);
  return row.rows.length > 0;
}

/**
 * The queue as its operators see it (the gauges of /metrics): jobs due and waiting for a worker, held by one now,
 * kept as failed, and how long the oldest due job has waited (its lag), in seconds.
 */
export async function queueStats(db: Database, now: Date) {
  const row = await sql<{
    waiting: string;
    running: string;
    failed: string;
    oldest_due: Date | string | null;
  }>`
    SELECT
      count(*) FILTER (WHERE failed_at IS NULL AND (locked_until IS NULL OR locked_until < ${now})) AS waiting,
      count(*) FILTER (WHERE failed_at IS NULL AND locked_until >= ${now}) AS running,
      count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed,
      min(run_at) FILTER (
        WHERE failed_at IS NULL AND run_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
      ) AS oldest_due
    FROM jobs`.execute(db);
  const stats = row.rows[0]!;
  const oldest = stats.oldest_due === null ? null : new Date(stats.oldest_due);
  return {
    waiting: Number(stats.waiting),
    running: Number(stats.running),
    failed: Number(stats.failed),
    oldestDueSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
  };
}
