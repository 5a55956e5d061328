import type { RateLimitStore } from '@rhema/auth';
import { auditQueries, friendQueries, safetyQueries, userQueries, type Database } from '@rhema/db';
import type { REPORT_SOURCES, TReportRequest } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { takeBlockLimits } from '../rate-limit/member-writes';
import { endCallsBetween } from './calls';
import { MEMBER_NOT_FOUND } from './friends';
import * as tell from '../notifications/events';

// Block and report (the terms promise a Report button). Blocks take effect in the same queries that
// list members, requests and threads (packages/db/src/queries/visibility.ts), so nothing else needs to change.

async function requireMember(db: Database, userId: string, targetId: string) {
  if (targetId === userId)
    throw new AppError('BAD_REQUEST', 'You cannot do that to yourself.', { field: 'user_id' });
  const target = await userQueries.findUserById(db, targetId);
  if (!target || target.role !== 'member') throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  return target;
}

type BlockOptions = {
  db: Database;
  rateLimitStore: RateLimitStore;
  userId: string;
  targetId: string;
  now: Date;
};

/**
 * Blocks a member: both disappear from each other's lists, requests and threads; live requests end, and so does a
 * call between them still ringing or under way (both told, docs/security.md F30). Blocks and unblocks count
 * against one limit (F29).
 */
export async function blockMember(options: BlockOptions) {
  await requireMember(options.db, options.userId, options.targetId);
  await takeBlockLimits(options, options.userId);
  await options.db.transaction().execute(async (trx) => {
    const added = await safetyQueries.insertBlock(trx, {
      blockerId: options.userId,
      blockedId: options.targetId,
      now: options.now,
    });
    await friendQueries.endBetween(trx, { a: options.userId, b: options.targetId, now: options.now });
    await endCallsBetween(trx, { a: options.userId, b: options.targetId, now: options.now });
    if (added) {
      await auditQueries.insertAudit(trx, {
        actorId: options.userId,
        action: 'member.blocked',
        targetType: 'user',
        targetId: options.targetId,
        at: options.now,
      });
    }
  });
  return { blocked: true };
}

export async function unblockMember(options: BlockOptions) {
  await takeBlockLimits(options, options.userId);
  const removed = await safetyQueries.deleteBlock(options.db, {
    blockerId: options.userId,
    blockedId: options.targetId,
  });
  if (removed) {
    await auditQueries.insertAudit(options.db, {
      actorId: options.userId,
      action: 'member.unblocked',
      targetType: 'user',
      targetId: options.targetId,
      at: options.now,
    });
  }
  return { blocked: false };
}

export async function listBlocked(options: { db: Database; userId: string }) {
  const rows = await safetyQueries.listBlockedBy(options.db, options.userId);
  return rows.map((r) => ({
    _id: r.id,
    first_name: r.first_name,
    blocked_at: new Date(r.created_at).toISOString(),
  }));
}

/** (ours) Reports one member may file in a day: a few people, not a campaign. */
export const REPORTS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;
export const TOO_MANY_REPORTS_MESSAGE =
  'You have sent several reports today. Our team is looking at them; please try again tomorrow.';

/**
 * A report from a profile or a thread: it goes to the moderation queue at /admin21/reports. A reporter holds one
 * open report per member (the same report again, a retry or a double tap, answers the open one and counts nothing)
 * and files at most REPORTS_PER_DAY a day (429 past it), so one member cannot flood the queue. The day's count is
 * the reporter's own rows, read under a lock on the reporter in the transaction that writes the report: the open
 * report, the count and the insert are one step, so parallel reports can pass neither rule.
 */
export async function reportMember(options: {
  db: Database;
  userId: string;
  report: Required<Pick<TReportRequest, 'user_id' | 'reason'>> & {
    details: string;
    source: (typeof REPORT_SOURCES)[number];
  };
  now: Date;
}): Promise<{ _id: string; status: 'open' }> {
  const { db, userId, now } = options;
  const reportedId = options.report.user_id;
  await requireMember(db, userId, reportedId);
  const outcome = await db.transaction().execute(async (trx) => {
    await safetyQueries.lockReporter(trx, userId);
    const open = await safetyQueries.findOpenReport(trx, userId, reportedId);
    if (open) return { id: open.id };
    const today = await safetyQueries.countReportsSince(trx, userId, new Date(now.getTime() - DAY_MS));
    if (today.count >= REPORTS_PER_DAY) {
      const frees = (today.oldest?.getTime() ?? now.getTime()) + DAY_MS;
      return { retryAfterSeconds: Math.max(1, Math.ceil((frees - now.getTime()) / 1000)) };
    }
    const row = await safetyQueries.insertReport(trx, {
      reporterId: userId,
      reportedId,
      reason: options.report.reason,
      details: options.report.details,
      source: options.report.source,
      now,
    });
    if (!row)
      throw new AppError('CONFLICT', 'This member was reported at the same moment. Please try again.');
    await auditQueries.insertAudit(trx, {
      actorId: userId,
      action: 'report.created',
      targetType: 'report',
      targetId: row.id,
      details: { reason: options.report.reason, source: options.report.source },
      at: now,
    });
    await tell.staffReport(trx, { reporterId: userId, now });
    return { id: row.id };
  });
  if ('retryAfterSeconds' in outcome) {
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_REPORTS_MESSAGE, {
      retryAfterSeconds: outcome.retryAfterSeconds,
    });
  }
  return { _id: outcome.id, status: 'open' };
}
