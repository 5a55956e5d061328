import { hashPassword, invalidateUserSessions, verifyPassword, RATE_LIMITS } from '@rhema/auth';
import { auditQueries, userQueries } from '@rhema/db';
import type { UseCaseDeps } from '../deps';
import { assertPasswordAllowed } from '../auth/password-rules';
import { AppError } from '../errors/app-error';
import { passwordChangedEmail } from '../mail/templates';
import { takeRateLimits } from '../rate-limit/enforce';

/** A signed-in member changes their password; every other session is signed out and a notice is mailed. */
export async function changePassword({
  input,
  ...deps
}: UseCaseDeps & {
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string };
}): Promise<void> {
  // the attempt takes a slot of the wrong-password limit; the right password gives it back
  const attempt = await takeRateLimits({
    store: deps.rateLimitStore,
    now: deps.now,
    slots: [{ rule: RATE_LIMITS.loginFailuresPerIp, subject: deps.ip }],
  });
  const user = await userQueries.findUserById(deps.db, input.userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  if (!user.password_hash || !(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', 'Your current password is not correct.', { field: 'current_password' });
  }
  await attempt.release();
  assertPasswordAllowed(input.newPassword, 'new_password', user.email);
  if (input.newPassword === input.currentPassword) {
    throw new AppError('BAD_REQUEST', 'Please choose a password different from your current one.', {
      field: 'new_password',
    });
  }
  await userQueries.updatePasswordHash(deps.db, user.id, await hashPassword(input.newPassword), deps.now);
  await invalidateUserSessions(deps.db, user.id, { except: input.sessionId });
  await auditQueries.insertAudit(deps.db, {
    actorId: user.id,
    action: 'password.changed',
    targetType: 'user',
    targetId: user.id,
  });
  await deps.jobs.add({
    kind: 'mail',
    message: passwordChangedEmail({ to: user.email, firstName: user.first_name, when: deps.now }),
  });
}
