import { emailSubject, randomDigits, randomToken, sha256Hex, RATE_LIMITS } from '@rhema/auth';
import { passwordResetQueries, userQueries } from '@rhema/db';
import type { UseCaseDeps } from '../deps';
import { sendInBackground } from '../mail/mailer';
import { resetCodeEmail } from '../mail/templates';
import { takeRateLimits } from '../rate-limit/enforce';
import { RESET_CODE_TTL_MS, resetCodeHash } from './reset-code';

export const RESET_SPACING_MESSAGE =
  'We have just sent a code. Please wait a minute before asking for another one.';

/**
 * The spec's first reset step: always answers with a token, whether the email is known or not (no enumeration);
 * for a known, active account it also stores a fresh code (hashed, bound to the token) and mails it. The limits
 * are keyed by the email's hash, known or not, so they leak nothing either (SECURITY.md item 5).
 */
export async function requestPasswordReset({
  input,
  ...deps
}: UseCaseDeps & { input: { email: string } }): Promise<{ token: string }> {
  const subject = emailSubject(input.email);
  // every request counts, known email or not
  await takeRateLimits({
    store: deps.rateLimitStore,
    now: deps.now,
    slots: [
      { rule: RATE_LIMITS.resetRequestsPerIp, subject: deps.ip },
      { rule: RATE_LIMITS.resetRequestSpacing, subject, message: RESET_SPACING_MESSAGE },
      {
        rule: RATE_LIMITS.resetRequestsPerAccount,
        subject,
        message: 'You have asked for several codes in the last hour. Please try again later.',
      },
    ],
  });

  const token = randomToken(32);
  const user = await userQueries.findUserForLogin(deps.db, input.email);
  if (user && user.status === 'active') {
    const code = randomDigits(6);
    await deps.db.transaction().execute(async (trx) => {
      await passwordResetQueries.invalidateOpenResets(trx, user.id, deps.now);
      await passwordResetQueries.insertPasswordReset(trx, {
        user_id: user.id,
        token_hash: sha256Hex(token),
        code_hash: resetCodeHash(token, code),
        created_at: deps.now,
        expires_at: new Date(deps.now.getTime() + RESET_CODE_TTL_MS),
      });
    });
    sendInBackground(
      deps.mailer,
      resetCodeEmail({
        to: user.email,
        firstName: user.first_name,
        code,
        minutes: RESET_CODE_TTL_MS / 60_000,
      }),
      deps.log,
    );
  }
  return { token };
}
