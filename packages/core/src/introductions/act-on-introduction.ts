import { auditQueries, introductionQueries, type Database } from '@rhema/db';
import type { TIntroduction, TIntroductionAction, TIntroductionStatus } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { hasActivePremium, premiumRequiredError } from '../subscriptions/premium';
import { toIntroductionViews } from './introduction-views';
import { conflictMessage, forbiddenMessage, sideOf, TRANSITIONS } from './rules';
import * as tell from '../notifications/events';

export const INTRODUCTION_NOT_FOUND = 'Introduction not found.';
export const INTRODUCTION_WITHOUT_MATCH =
  'This introduction has no match yet: your consultant will choose one.';
export const INTRODUCTION_INACTIVE = 'This introduction is not active: your consultant will activate it.';

/** The contact details one member's acceptance releases to the other. */
export const RELEASED_FIELDS = ['international_phone_number', 'account_email'];

async function view(db: Database, matchId: string, userId: string, now: Date): Promise<TIntroduction> {
  const row = await introductionQueries.findIntroductionForParty(db, matchId, userId);
  const [introduction] = row ? await toIntroductionViews({ db, rows: [row], viewerId: userId, now }) : [];
  if (!introduction) throw new AppError('NOT_FOUND', INTRODUCTION_NOT_FOUND);
  return introduction;
}

/**
 * A member requests, accepts or rejects an introduction. Only its parties see it (anyone else gets
 * the same 404 as an unknown id); the move is one conditional UPDATE, so of concurrent calls exactly one changes the
 * row and writes the one audit entry; the same action again answers the same introduction and changes nothing
 * (clients retry PATCH, docs/security.md target 16); an action that conflicts with what happened answers 409. Requesting needs
 * an active premium for the match (417); accepting releases both members' contact details, each release recorded.
 */
export async function actOnIntroduction({
  db,
  now,
  userId,
  matchId,
  action,
  message = '',
}: {
  db: Database;
  now: Date;
  userId: string;
  matchId: string;
  action: TIntroductionAction;
  message?: string;
}): Promise<TIntroduction> {
  const row = await introductionQueries.findIntroductionForParty(db, matchId, userId);
  if (!row) throw new AppError('NOT_FOUND', INTRODUCTION_NOT_FOUND);
  const rule = TRANSITIONS[action];
  if (sideOf(row, userId) !== rule.actor) throw new AppError('FORBIDDEN', forbiddenMessage(action));

  const settle = (status: string) => {
    if (status === rule.to) return view(db, matchId, userId, now);
    throw new AppError('CONFLICT', conflictMessage(action, status as TIntroductionStatus));
  };
  // every member action needs the introduction switched on: a consultant's switch-off stops it where it is
  if (!row.is_active) throw new AppError('CONFLICT', INTRODUCTION_INACTIVE);
  if (row.status !== rule.from) return settle(row.status);

  if (action === 'request') {
    if (!row.contact_id) {
      throw new AppError('CONFLICT', INTRODUCTION_WITHOUT_MATCH);
    }
    if (!(await hasActivePremium({ db, userId, matchId, now }))) throw premiumRequiredError(matchId);
  }

  const moved = await db.transaction().execute(async (trx) => {
    const updated = await introductionQueries.transitionIntroduction(trx, {
      id: matchId,
      from: rule.from,
      to: rule.to,
      at: now,
      ...(action === 'request' ? { requestMessage: message } : {}),
      ...(action === 'accept' ? { responseMessage: message } : {}),
      ...(action === 'reject' ? { responseMessage: '' } : {}),
    });
    if (!updated) return false;
    await auditQueries.insertAudit(trx, {
      actorId: userId,
      action: `introduction.${action}`,
      targetType: 'introduction',
      targetId: matchId,
      details: { from: rule.from, to: rule.to },
      at: now,
    });
    if (action === 'accept' && row.contact_id) {
      await introductionQueries.insertContactDisclosures(trx, [
        {
          subjectId: row.owner_id,
          viewerId: row.contact_id,
          introductionId: matchId,
          fields: RELEASED_FIELDS,
          at: now,
        },
        {
          subjectId: row.contact_id,
          viewerId: row.owner_id,
          introductionId: matchId,
          fields: RELEASED_FIELDS,
          at: now,
        },
      ]);
    }
    if (row.contact_id)
      await tell.introductionMoved(trx, { action, ownerId: row.owner_id, contactId: row.contact_id, now });
    return true;
  });
  if (moved) return view(db, matchId, userId, now);

  // another call moved it first (or a consultant switched it off): answer as if this one came after it
  const current = await introductionQueries.findIntroductionForParty(db, matchId, userId);
  if (!current) throw new AppError('NOT_FOUND', INTRODUCTION_NOT_FOUND);
  if (!current.is_active) throw new AppError('CONFLICT', INTRODUCTION_INACTIVE);
  return settle(current.status);
}
