import { emailRateLimitKeys, memberRateLimitKeys, verifyPassword, RATE_LIMITS } from '@rhema/auth';
import { auditQueries, eraseQueries, trainingQueries, userQueries } from '@rhema/db';
import type { UseCaseDeps } from '../deps';
import { AppError } from '../errors/app-error';
import { fillFreedPlace } from '../events/rsvp';
import { takeRateLimits } from '../rate-limit/enforce';

/**
 * A member terminates their account in Settings. Their personal data is erased, not flagged: the
 * user row and everything hanging off it go, identifiers of them in others' rows are scrubbed and the audit trail
 * names a tombstone id instead of them (packages/db/src/queries/erase.ts, docs/security.md target 14), their address
 * on the training centre's early list goes (signed up to before or after joining), and an 'account.erased' line
 * records that it happened. Answers the stored files of their photos, for the caller to remove once committed.
 */
export async function terminateAccount({
  input,
  ...deps
}: UseCaseDeps & { input: { userId: string; password: string } }): Promise<{ photoKeys: string[] }> {
  // the attempt takes a slot of the wrong-password limit; the right password gives it back
  const attempt = await takeRateLimits({
    store: deps.rateLimitStore,
    now: deps.now,
    slots: [{ rule: RATE_LIMITS.loginFailuresPerIp, subject: deps.ip }],
  });
  const user = await userQueries.findUserById(deps.db, input.userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  if (!user.password_hash || !(await verifyPassword(user.password_hash, input.password))) {
    throw new AppError('BAD_REQUEST', 'Your password is not correct.', { field: 'password' });
  }
  await attempt.release();
  if (user.role !== 'member') {
    throw new AppError('FORBIDDEN', 'Staff accounts are closed by an administrator.');
  }
  // one transaction: the early-list address, the erase (the user row locked first) and the audit line
  const erased = await deps.db.transaction().execute(async (trx) => {
    await trainingQueries.deleteTrainingSignupsByEmail(trx, user.email);
    const result = await eraseQueries.eraseMember(trx, user.id);
    if (!result) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    await auditQueries.insertAudit(trx, {
      actorId: null,
      action: 'account.erased',
      targetType: 'user',
      targetId: result.tombstoneId,
    });
    return result;
  });
  await deps.rateLimitStore.clear([...emailRateLimitKeys(user.email), ...memberRateLimitKeys(user.id)]);
  // their places at upcoming events go to the first on each waitlist
  for (const eventId of erased.freedEventIds) await fillFreedPlace(deps, eventId);
  return { photoKeys: erased.photoKeys };
}
