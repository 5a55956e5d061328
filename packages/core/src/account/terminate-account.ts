import { emailRateLimitKeys, verifyPassword, RATE_LIMITS } from '@rhema/auth';
import { socialExportQueries, trainingQueries, userQueries } from '@rhema/db';
import type { UseCaseDeps } from '../deps';
import { AppError } from '../errors/app-error';
import { takeRateLimits } from '../rate-limit/enforce';

/**
 * A member terminates their account in Settings (spec section 2). Their personal data is erased, not flagged: the
 * user row and everything hanging off it go (docs/security.md target 14), so does their address on the training centre's
 * early list (signed up to before or after joining), and an audit line without any identifier records that an
 * erasure happened.
 */
export async function terminateAccount({
  input,
  ...deps
}: UseCaseDeps & { input: { userId: string; password: string } }): Promise<void> {
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
  // one transaction: the early-list address, the user row (and all that cascades from it) and the audit line
  await deps.db.transaction().execute(async (trx) => {
    await trainingQueries.deleteTrainingSignupsByEmail(trx, user.email);
    await userQueries.deleteUser(trx, user.id);
    // entries about them (blocked by someone, suspended) keep the action, not the id (issue 11)
    await socialExportQueries.forgetAuditTarget(trx, user.id);
    await userQueries.insertAudit(trx, {
      actorId: null,
      action: 'account.erased',
      targetType: 'user',
      targetId: null,
    });
  });
  await deps.rateLimitStore.clear(emailRateLimitKeys(user.email));
}
