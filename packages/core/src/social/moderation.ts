import { auditQueries, safetyQueries, sessionQueries, type Database } from '@rhema/db';
import { paginatorFor, type TModerationReport } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { iso } from '../iso';

// The moderation queue at /admin21/reports: staff review reports, dismiss them or suspend the member.
export const MODERATION_PAGE_SIZE = 20;
const REPORT_NOT_FOUND = 'We could not find that report.';

export async function listReports(options: {
  db: Database;
  status: 'open' | 'dismissed' | 'suspended';
  page: number;
}) {
  const { rows, total } = await safetyQueries.listReports(options.db, {
    status: options.status,
    limit: MODERATION_PAGE_SIZE,
    offset: (options.page - 1) * MODERATION_PAGE_SIZE,
  });
  const data: TModerationReport[] = rows.map((r) => ({
    _id: r.id,
    reason: r.reason as TModerationReport['reason'],
    details: r.details,
    source: r.source as TModerationReport['source'],
    status: r.status as TModerationReport['status'],
    created_at: iso(r.created_at),
    reviewed_at: iso(r.reviewed_at),
    resolution: r.resolution,
    // null: the reporter erased their account since (the report stays, without them)
    reporter:
      r.reporter_id && r.reporter_first_name !== null && r.reporter_email !== null
        ? { _id: r.reporter_id, first_name: r.reporter_first_name, email: r.reporter_email }
        : null,
    reported: {
      _id: r.reported_id,
      first_name: r.reported_first_name,
      last_name: r.reported_last_name,
      email: r.reported_email,
      status: r.reported_status,
      report_count: Number(r.report_count),
    },
  }));
  return { data, paginator: paginatorFor({ page: options.page, pageSize: MODERATION_PAGE_SIZE, total }) };
}

async function closeOpen(
  trx: Database,
  options: {
    reportId: string;
    staffId: string;
    status: 'dismissed' | 'suspended';
    resolution: string;
    now: Date;
  },
) {
  const report = await safetyQueries.findReport(trx, options.reportId);
  if (!report) throw new AppError('NOT_FOUND', REPORT_NOT_FOUND);
  const closed = await safetyQueries.closeReport(trx, {
    id: report.id,
    status: options.status,
    reviewerId: options.staffId,
    resolution: options.resolution,
    now: options.now,
  });
  if (!closed) throw new AppError('CONFLICT', 'This report was already reviewed.');
  return report;
}

export async function dismissReport(options: {
  db: Database;
  staffId: string;
  reportId: string;
  note: string;
  now: Date;
}) {
  await options.db.transaction().execute(async (trx) => {
    await closeOpen(trx, { ...options, status: 'dismissed', resolution: options.note });
    await auditQueries.insertAudit(trx, {
      actorId: options.staffId,
      action: 'report.dismissed',
      targetType: 'report',
      targetId: options.reportId,
      details: options.note ? { note: options.note } : {},
      at: options.now,
    });
  });
  return { _id: options.reportId, status: 'dismissed' as const };
}

/** Suspends the reported member with a reason: the report closes, their sessions end, both are audited. */
export async function suspendFromReport(options: {
  db: Database;
  staffId: string;
  reportId: string;
  reason: string;
  now: Date;
}) {
  await options.db.transaction().execute(async (trx) => {
    const report = await closeOpen(trx, { ...options, status: 'suspended', resolution: options.reason });
    await safetyQueries.suspendMember(trx, { userId: report.reported_id, now: options.now });
    const ended = await sessionQueries.deleteUserSessions(trx, report.reported_id);
    await auditQueries.insertAudit(trx, {
      actorId: options.staffId,
      action: 'member.suspended',
      targetType: 'user',
      targetId: report.reported_id,
      details: { reason: options.reason, report_id: report.id, sessions_ended: ended },
      at: options.now,
    });
  });
  return { _id: options.reportId, status: 'suspended' as const };
}
