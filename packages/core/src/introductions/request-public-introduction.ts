import { auditQueries, introductionQueries, type Database } from '@rhema/db';
import { isStaffRole, type Role } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { INTRODUCTION_NOT_FOUND } from './act-on-introduction';

export const ALREADY_REQUESTED_MESSAGE = 'You have already sent a request for this introduction.';

/**
 * POST user-introductions/{id}/request: "I am interested in {first name}" on a public, active introduction
 * One request per member and introduction (a second answers 409); the time it arrives is its
 * place in the queue (first come, first serve); consultants present them all to the owner.
 */
export async function requestPublicIntroduction({
  db,
  now,
  userId,
  role,
  introductionId,
  message,
}: {
  db: Database;
  now: Date;
  userId: string;
  role: Role;
  introductionId: string;
  message: string;
}) {
  if (isStaffRole(role)) throw new AppError('FORBIDDEN', 'Only members can request an introduction.');
  const introduction = await introductionQueries.findRequestableIntroduction(db, introductionId, userId);
  // not public, not active, blocked either way or unknown: the same 404
  if (!introduction) throw new AppError('NOT_FOUND', INTRODUCTION_NOT_FOUND);
  if (introduction.owner_id === userId || introduction.contact_id === userId) {
    throw new AppError('CONFLICT', 'This introduction is already yours.');
  }
  const created = await db.transaction().execute(async (trx) => {
    const row = await introductionQueries.insertIntroductionRequest(trx, {
      introductionId,
      requesterId: userId,
      message,
      at: now,
    });
    if (row) {
      await auditQueries.insertAudit(trx, {
        actorId: userId,
        action: 'introduction_request.create',
        targetType: 'introduction',
        targetId: introductionId,
        details: { request_id: row.id },
        at: now,
      });
    }
    return row;
  });
  if (!created) throw new AppError('CONFLICT', ALREADY_REQUESTED_MESSAGE);
  return {
    _id: created.id,
    introduction_id: created.introduction_id,
    message: created.message,
    status: created.status,
    created_at: created.created_at.toISOString(),
  };
}
