import { introductionQueries, type Database } from '@rhema/db';
import type { TIntroduction } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { INTRODUCTION_NOT_FOUND } from './act-on-introduction';
import { toIntroductionViews } from './introduction-views';

/** GET user-introductions: the member's own introductions and those addressed to them, newest first. */
export async function listMyIntroductions({
  db,
  now,
  userId,
}: {
  db: Database;
  now: Date;
  userId: string;
}): Promise<TIntroduction[]> {
  const rows = await introductionQueries.listIntroductionsForMember(db, userId);
  return toIntroductionViews({ db, rows, viewerId: userId, now });
}

/** GET user-introductions/introduction/list/{matchId}: one introduction, for its parties only. */
export async function getMyIntroduction({
  db,
  now,
  userId,
  matchId,
}: {
  db: Database;
  now: Date;
  userId: string;
  matchId: string;
}): Promise<TIntroduction> {
  const row = await introductionQueries.findIntroductionForParty(db, matchId, userId);
  const [introduction] = row ? await toIntroductionViews({ db, rows: [row], viewerId: userId, now }) : [];
  if (!introduction) throw new AppError('NOT_FOUND', INTRODUCTION_NOT_FOUND);
  return introduction;
}
