import { matchQueries, type Database } from '@rhema/db';
import { AppError } from '../errors/app-error';

/**
 * Who a consultant may pair with an introduction's owner, as a suggestion code or as the match: an active member,
 * not the owner, with no block between the two. The refusal names the code (or the member) and the rule, whole
 * (no field prefix: the message already says which code).
 */
export async function requirePairCandidate(
  db: Database,
  by: { ownerId: string } & ({ code: string } | { userId: string }),
): Promise<{ id: string; contact_reference: string }> {
  const byCode = 'code' in by;
  const candidate = await matchQueries.findPairCandidate(
    db,
    byCode ? { ownerId: by.ownerId, contactReference: by.code } : { ownerId: by.ownerId, userId: by.userId },
  );
  const who = byCode ? `The code ${by.code}` : 'This member';
  if (!candidate || candidate.role !== 'member' || candidate.status !== 'active') {
    throw new AppError(
      'NOT_FOUND',
      byCode ? `No active member has the code ${by.code}.` : 'We could not find that member.',
    );
  }
  if (candidate.id === by.ownerId) {
    throw new AppError('CONFLICT', `${who} is the introduction's owner: choose another member.`);
  }
  if (candidate.blocked) {
    throw new AppError(
      'CONFLICT',
      `${who} cannot be paired with the owner: one of them has blocked the other.`,
    );
  }
  return { id: candidate.id, contact_reference: candidate.contact_reference };
}
