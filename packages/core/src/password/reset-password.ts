import {
  hashPassword,
  invalidateUserSessions,
  sha256Hex,
  timingSafeEqualString,
  RATE_LIMITS,
} from '@rhema/auth';
import { auditQueries, passwordResetQueries, userQueries } from '@rhema/db';
import type { TPasswordResetRequest } from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { assertPasswordAllowed } from '../auth/password-rules';
import { AppError } from '../errors/app-error';
import { passwordChangedEmail } from '../mail/templates';
import { takeRateLimits } from '../rate-limit/enforce';
import { RESET_MAX_ATTEMPTS, resetCodeHash } from './reset-code';

export const RESET_INVALID_MESSAGE = 'This code is not valid any more. Please request a new code.';

/**
 * The second reset step. The code is single use, bound to the token of its request, valid 10 minutes, and
 * at most 5 codes are ever evaluated per request (an atomic claim), so the 6th wrong code finds it dead. A
 * completed reset revokes every session of the account and mails a notice (docs/security.md target 5).
 */
export async function resetPassword({
  input,
  ...deps
}: UseCaseDeps & { input: TPasswordResetRequest }): Promise<void> {
  // a too-common new password is refused before an attempt is spent
  assertPasswordAllowed(input.password_reset, 'password_reset', input.email);
  // every attempt takes a slot of the wrong-code limit up front; a right code gives it back
  const attempt = await takeRateLimits({
    store: deps.rateLimitStore,
    now: deps.now,
    slots: [{ rule: RATE_LIMITS.resetAttemptsPerIp, subject: deps.ip }],
  });

  const failed = (message: string, field: string) => new AppError('BAD_REQUEST', message, { field });

  const request = await passwordResetQueries.findResetByTokenHash(deps.db, sha256Hex(input.token));
  if (!request || request.email !== input.email || request.status !== 'active') {
    throw failed(RESET_INVALID_MESSAGE, 'code');
  }
  const claim = await passwordResetQueries.claimResetAttempt(
    deps.db,
    request.id,
    RESET_MAX_ATTEMPTS,
    deps.now,
  );
  if (!claim) {
    if (request.attempts >= RESET_MAX_ATTEMPTS) {
      await passwordResetQueries.invalidateReset(deps.db, request.id, deps.now);
    }
    throw failed(RESET_INVALID_MESSAGE, 'code');
  }
  if (!timingSafeEqualString(resetCodeHash(input.token, input.code), request.code_hash)) {
    const left = RESET_MAX_ATTEMPTS - claim.attempts;
    if (left <= 0) await passwordResetQueries.invalidateReset(deps.db, request.id, deps.now);
    throw failed(
      left > 0
        ? `That code is not correct. Please check the email and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`
        : 'That code is not correct, and it has now been tried too often. Please request a new code.',
      'code',
    );
  }
  if (!(await passwordResetQueries.markResetUsed(deps.db, request.id, deps.now))) {
    throw failed(RESET_INVALID_MESSAGE, 'code');
  }
  await attempt.release();

  const passwordHash = await hashPassword(input.password_reset);
  await userQueries.updatePasswordHash(deps.db, request.user_id, passwordHash, deps.now);
  await passwordResetQueries.invalidateOpenResets(deps.db, request.user_id, deps.now);
  await invalidateUserSessions(deps.db, request.user_id);
  await auditQueries.insertAudit(deps.db, {
    actorId: request.user_id,
    action: 'password.reset',
    targetType: 'user',
    targetId: request.user_id,
  });
  await deps.jobs.add({
    kind: 'mail',
    message: passwordChangedEmail({ to: request.email, firstName: request.first_name, when: deps.now }),
  });
}
