import { friendQueries, safetyQueries, userQueries, type Database } from '@rhema/db';
import type { TReportRequest } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { MEMBER_NOT_FOUND } from './friends';

// Block and report (issue 11; the terms promise a Report button). Blocks take effect in the same queries that
// list members, requests and threads (packages/db/src/queries/visibility.ts), so nothing else needs to change.

async function requireMember(db: Database, userId: string, targetId: string) {
  if (targetId === userId)
    throw new AppError('BAD_REQUEST', 'You cannot do that to yourself.', { field: 'user_id' });
  const target = await userQueries.findUserById(db, targetId);
  if (!target || target.role !== 'member') throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  return target;
}

/** Blocks a member: both disappear from each other's lists, requests and threads; live requests end. */
export async function blockMember(options: { db: Database; userId: string; targetId: string; now: Date }) {
  await requireMember(options.db, options.userId, options.targetId);
  await options.db.transaction().execute(async (trx) => {
    const added = await safetyQueries.insertBlock(trx, {
      blockerId: options.userId,
      blockedId: options.targetId,
      now: options.now,
    });
    await friendQueries.endBetween(trx, { a: options.userId, b: options.targetId, now: options.now });
    if (added) {
      await userQueries.insertAudit(trx, {
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

export async function unblockMember(options: { db: Database; userId: string; targetId: string; now: Date }) {
  const removed = await safetyQueries.deleteBlock(options.db, {
    blockerId: options.userId,
    blockedId: options.targetId,
  });
  if (removed) {
    await userQueries.insertAudit(options.db, {
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

/** A report from a profile or a thread: it goes to the moderation queue at /admin21/reports. */
export async function reportMember(options: {
  db: Database;
  userId: string;
  report: Required<Pick<TReportRequest, 'user_id' | 'reason'>> & {
    details: string;
    source: 'profile' | 'thread';
  };
  now: Date;
}) {
  await requireMember(options.db, options.userId, options.report.user_id);
  return options.db.transaction().execute(async (trx) => {
    const created = await safetyQueries.insertReport(trx, {
      reporterId: options.userId,
      reportedId: options.report.user_id,
      reason: options.report.reason,
      details: options.report.details,
      source: options.report.source,
      now: options.now,
    });
    await userQueries.insertAudit(trx, {
      actorId: options.userId,
      action: 'report.created',
      targetType: 'report',
      targetId: created.id,
      details: { reason: options.report.reason, source: options.report.source },
      at: options.now,
    });
    return { _id: created.id, status: created.status as 'open' };
  });
}
