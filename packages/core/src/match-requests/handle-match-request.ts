import { auditQueries, consoleQueries, eventQueries, matchRequestQueries, type Database } from '@rhema/db';
import { ADMIN_PAGE_SIZE_MATCH_REQUESTS, paginatorFor, type TAdminMatchRequest } from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { insertIntroductionFor, setActiveIn, setMatchIn } from '../admin/change-introduction';
import { AppError } from '../errors/app-error';
import { loadMemberProfiles } from '../profiles/member-profiles';
import type { ProfileViewer } from '../profiles/visibility';
import { matchRequestFields, type MatchRequestRow } from './ask-for-introduction';
import * as tell from '../notifications/events';

// The consultants' queue of members' requests (/admin21/requests): open ones oldest first, handled ones newest
// first; a consultant creates the introduction the member asked for, or declines it with a note the member reads.
// Each is audited in its transaction; a repeat answers the request as it is, the other action a conflict.

type Deps = Pick<UseCaseDeps, 'db' | 'now'> & { viewer: ProfileViewer };
type StaffDeps = Deps & { staffId: string };

const NOT_FOUND = 'We could not find that request.';

async function toAdminRequests(
  deps: Deps,
  rows: readonly (MatchRequestRow & { handled_by_name?: string | null })[],
): Promise<TAdminMatchRequest[]> {
  const [profiles, eventTitles] = await Promise.all([
    loadMemberProfiles({
      db: deps.db,
      userIds: rows.flatMap((r) => [r.requester_id, r.member_id]),
      viewer: deps.viewer,
      now: deps.now,
    }),
    eventQueries.eventTitles(deps.db, [...new Set(rows.flatMap((r) => (r.event_id ? [r.event_id] : [])))]),
  ]);
  return rows.flatMap((row) => {
    const requester = profiles.get(row.requester_id);
    const member = profiles.get(row.member_id);
    if (!requester || !member) return [];
    return [
      {
        ...matchRequestFields(row),
        requester,
        member,
        handled_by: row.handled_by ? { _id: row.handled_by, first_name: row.handled_by_name ?? '' } : null,
        event: row.event_id ? { _id: row.event_id, title: eventTitles.get(row.event_id) ?? '' } : null,
      },
    ];
  });
}

/** One page of the queue: `open`, or `handled` (introduced or declined). */
export async function listMatchRequestQueue(
  deps: Deps & { input: { status: 'open' | 'handled'; page: number } },
) {
  const { page } = deps.input;
  const { rows, total } = await matchRequestQueries.listQueue(deps.db, {
    handled: deps.input.status === 'handled',
    limit: ADMIN_PAGE_SIZE_MATCH_REQUESTS,
    offset: (page - 1) * ADMIN_PAGE_SIZE_MATCH_REQUESTS,
  });
  return {
    data: await toAdminRequests(deps, rows),
    paginator: paginatorFor({ page, pageSize: ADMIN_PAGE_SIZE_MATCH_REQUESTS, total }),
  };
}

async function one(deps: Deps, id: string): Promise<TAdminMatchRequest> {
  const row = await matchRequestQueries.findRequest(deps.db, id);
  const [result] = row ? await toAdminRequests(deps, [row]) : [];
  if (!result) throw new AppError('NOT_FOUND', NOT_FOUND);
  return result;
}

/** The request as it stands when it is no longer open: the same action again is a repeat, another a conflict. */
function alreadyHandled(row: MatchRequestRow, wanted: 'introduced' | 'declined') {
  if (row.status === wanted) return;
  throw new AppError(
    'CONFLICT',
    row.status === 'introduced'
      ? 'An introduction was already created for this request.'
      : 'This request was already declined.',
  );
}

async function audit(db: Database, deps: StaffDeps, action: string, id: string, details: object) {
  await auditQueries.insertAudit(db, {
    actorId: deps.staffId,
    action,
    targetType: 'match_request',
    targetId: id,
    details: { ...details },
    at: deps.now,
  });
}

/**
 * Creates the introduction the member asked for: the asker its owner, the member they chose its match, set by the
 * console's pairing rule (refused when the two may no longer meet: a block since, a suspension). It is switched on
 * in the same step unless `activate` is false: the consultant has already called the member asked for, and the
 * asker sees it at once (docs/decisions/160-console-pairing.md).
 */
export async function introduceFromMatchRequest(
  deps: StaffDeps & { requestId: string; activate: boolean },
): Promise<TAdminMatchRequest> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await matchRequestQueries.findRequest(trx, deps.requestId);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (row.status !== 'open') return alreadyHandled(row, 'introduced');
    const introductionId = await insertIntroductionFor(trx, deps, { ownerId: row.requester_id, form: {} });
    // the console's pairing rule: an active member, no block between the two (a block since the request: 409)
    await setMatchIn(trx, deps, introductionId, { userId: row.member_id });
    if (deps.activate) await setActiveIn(trx, deps, introductionId, true);
    const closed = await matchRequestQueries.close(trx, {
      id: row.id,
      status: 'introduced',
      note: null,
      introductionId,
      staffId: deps.staffId,
      now: deps.now,
    });
    if (!closed) throw new AppError('CONFLICT', 'Another consultant handled this request meanwhile.');
    await audit(trx, deps, 'match_request.introduce', row.id, { introduction_id: introductionId });
    await tell.matchRequestHandled(trx, {
      requesterId: row.requester_id,
      outcome: 'introduced',
      now: deps.now,
    });
  });
  return one(deps, deps.requestId);
}

/** Declines the request with a note the member reads on their introductions page. */
export async function declineMatchRequest(
  deps: StaffDeps & { requestId: string; note: string },
): Promise<TAdminMatchRequest> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await matchRequestQueries.findRequest(trx, deps.requestId);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (row.status !== 'open') return alreadyHandled(row, 'declined');
    const closed = await matchRequestQueries.close(trx, {
      id: row.id,
      status: 'declined',
      note: deps.note,
      introductionId: null,
      staffId: deps.staffId,
      now: deps.now,
    });
    if (!closed) throw new AppError('CONFLICT', 'Another consultant handled this request meanwhile.');
    await audit(trx, deps, 'match_request.decline', row.id, {});
    await tell.matchRequestHandled(trx, {
      requesterId: row.requester_id,
      outcome: 'declined',
      now: deps.now,
    });
  });
  return one(deps, deps.requestId);
}

/** What waits for the consultants: open requests and open reports (the console's sidebar). */
export async function getConsoleCounts(deps: Pick<UseCaseDeps, 'db'>) {
  const counts = await consoleQueries.countWaiting(deps.db);
  return { requests_waiting: counts.requests, reports_open: counts.reports };
}
