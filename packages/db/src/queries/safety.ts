import { sql } from 'kysely';
import type { Database } from '../create-db';

/** Blocking twice changes nothing; returns whether a row was added. */
export async function insertBlock(
  db: Database,
  options: { blockerId: string; blockedId: string; now: Date },
) {
  const result = await db
    .insertInto('blocks')
    .values({ blocker_id: options.blockerId, blocked_id: options.blockedId, created_at: options.now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteBlock(db: Database, options: { blockerId: string; blockedId: string }) {
  const result = await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', options.blockerId)
    .where('blocked_id', '=', options.blockedId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whom the member blocked (first names only: enough to unblock). */
export async function listBlockedBy(db: Database, blockerId: string) {
  return db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.id', 'u.first_name', 'b.created_at'])
    .where('b.blocker_id', '=', blockerId)
    .orderBy('b.created_at', 'desc')
    .execute();
}

export async function hasBlocked(db: Database, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select(sql<number>`1`.as('one'))
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Files a report unless the reporter has an open one of this member: the new row, or undefined. */
export async function insertReport(
  db: Database,
  report: {
    reporterId: string;
    reportedId: string;
    reason: string;
    details: string;
    source: string;
    now: Date;
  },
) {
  return db
    .insertInto('reports')
    .values({
      reporter_id: report.reporterId,
      reported_id: report.reportedId,
      reason: report.reason,
      details: report.details,
      source: report.source,
      created_at: report.now,
    })
    .onConflict((oc) => oc.columns(['reporter_id', 'reported_id']).where('status', '=', 'open').doNothing())
    .returning(['id', 'status'])
    .executeTakeFirst();
}

/**
 * Holds the reporter's reports still until the transaction ends: their open report and their count of the day are
 * read and the new one written as one step, whatever the number of parallel calls (on any instance).
 */
export async function lockReporter(trx: Database, reporterId: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`report:${reporterId}`}, 0))`.execute(trx);
}

/** How many reports the reporter filed since `since`, and when the oldest of them was filed. */
export async function countReportsSince(db: Database, reporterId: string, since: Date) {
  const row = await db
    .selectFrom('reports')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('reporter_id', '=', reporterId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest == null ? null : new Date(row.oldest) };
}

/** The reporter's open report of this member, if any (at most one: reports_one_open_idx). */
export async function findOpenReport(db: Database, reporterId: string, reportedId: string) {
  return db
    .selectFrom('reports')
    .select(['id', 'status'])
    .where('reporter_id', '=', reporterId)
    .where('reported_id', '=', reportedId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

/** The moderation queue: reports in one state, oldest first for open ones, newest first once handled. */
export async function listReports(db: Database, options: { status: string; limit: number; offset: number }) {
  const base = db
    .selectFrom('reports as r')
    // a report outlives its author: an erased reporter is NULL (the queue shows a deleted member)
    .leftJoin('users as reporter', 'reporter.id', 'r.reporter_id')
    .innerJoin('users as reported', 'reported.id', 'r.reported_id')
    .where('r.status', '=', options.status);
  const [rows, total] = await Promise.all([
    base
      .select([
        'r.id',
        'r.reason',
        'r.details',
        'r.source',
        'r.status',
        'r.created_at',
        'r.reviewed_at',
        'r.resolution',
        'reporter.id as reporter_id',
        'reporter.first_name as reporter_first_name',
        'reporter.email as reporter_email',
        'reported.id as reported_id',
        'reported.first_name as reported_first_name',
        'reported.last_name as reported_last_name',
        'reported.email as reported_email',
        'reported.status as reported_status',
        sql<string>`(SELECT count(*) FROM reports x WHERE x.reported_id = r.reported_id)`.as('report_count'),
      ])
      .orderBy('r.created_at', options.status === 'open' ? 'asc' : 'desc')
      .orderBy('r.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findReport(db: Database, id: string) {
  return db
    .selectFrom('reports')
    .select(['id', 'reporter_id', 'reported_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Closes an open report (a conditional update: a report is reviewed once). */
export async function closeReport(
  db: Database,
  options: {
    id: string;
    status: 'dismissed' | 'suspended';
    reviewerId: string;
    resolution: string;
    now: Date;
  },
) {
  return db
    .updateTable('reports')
    .set({
      status: options.status,
      reviewed_by: options.reviewerId,
      reviewed_at: options.now,
      resolution: options.resolution,
    })
    .where('id', '=', options.id)
    .where('status', '=', 'open')
    .returning(['id', 'status'])
    .executeTakeFirst();
}

/** Suspends an active member (staff are never suspended from the queue); returns whether it changed. */
export async function suspendMember(db: Database, options: { userId: string; now: Date }) {
  const result = await db
    .updateTable('users')
    .set({ status: 'suspended', updated_at: options.now })
    .where('id', '=', options.userId)
    .where('role', '=', 'member')
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
