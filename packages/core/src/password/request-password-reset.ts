import { emailSubject, randomDigits, randomToken, sha256Hex, RATE_LIMITS } from '@rhema/auth';
import { passwordResetQueries, userQueries } from '@rhema/db';
import { MAILED_CODE_LENGTH } from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import type { Job, JobContext } from '../jobs/queue';
import { resetCodeEmail } from '../mail/templates';
import { takeRateLimits } from '../rate-limit/enforce';
import { RESET_CODE_TTL_MS, resetCodeHash } from './reset-code';

export const RESET_SPACING_MESSAGE =
  'We have just sent a code. Please wait a minute before asking for another one.';

/**
 * The first reset step: always answers with a token, whether the email is known or not (no enumeration),
 * doing the same work either way: the code is stored and mailed by a job after the answer (docs/security.md,
 * F5), so the time of the answer tells nothing either. The limits are keyed by the email's hash, known
 * or not (docs/security.md target 5).
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

  // the same work for every address: the job finds out whether it has an account, after the answer
  const token = randomToken(32);
  const code = randomDigits(MAILED_CODE_LENGTH);
  await deps.jobs.add({
    kind: 'password-reset',
    email: input.email,
    tokenHash: sha256Hex(token),
    codeHash: resetCodeHash(token, code),
    code,
  });
  return { token };
}

/** The job of a reset request: for a known, active account, stores the code (bound to the token) and mails it. */
export async function runPasswordResetJob(job: Extract<Job, { kind: 'password-reset' }>, ctx: JobContext) {
  const user = await userQueries.findUserForLogin(ctx.db, job.email);
  if (!user || user.status !== 'active') return;
  await ctx.db.transaction().execute(async (trx) => {
    await passwordResetQueries.invalidateOpenResets(trx, user.id, ctx.now);
    await passwordResetQueries.insertPasswordReset(trx, {
      user_id: user.id,
      token_hash: job.tokenHash,
      code_hash: job.codeHash,
      created_at: ctx.now,
      expires_at: new Date(ctx.now.getTime() + RESET_CODE_TTL_MS),
    });
  });
  await ctx.mailer.send(
    resetCodeEmail({
      to: user.email,
      firstName: user.first_name,
      code: job.code,
      minutes: RESET_CODE_TTL_MS / 60_000,
    }),
  );
}
