import {
  createSession,
  emailSubject,
  hashPassword,
  RATE_LIMITS,
  verifyPassword,
  type CreatedSession,
} from '@rhema/auth';
import { userQueries } from '@rhema/db';
import type { TLoginRequest, TSessionUser } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { takeRateLimits } from '../rate-limit/enforce';
import type { UseCaseDeps } from '../deps';
import { toSessionUser } from './session-user';

/** One answer for an unknown email and a wrong password (docs/security.md target 2). */
export const INVALID_CREDENTIALS_MESSAGE = 'The email or password is incorrect.';

// Verified against when the email is unknown, so both cases cost one argon2id verification (similar timing).
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-real-password');
  return dummyHash;
}

export async function signIn({
  input,
  ...deps
}: UseCaseDeps & { input: TLoginRequest }): Promise<CreatedSession & { user: TSessionUser }> {
  const accountSubject = emailSubject(input.email);
  // every attempt takes a slot of the failure limits up front; a right password gives them back
  const attempt = await takeRateLimits({
    store: deps.rateLimitStore,
    now: deps.now,
    slots: [
      { rule: RATE_LIMITS.loginFailuresPerIp, subject: deps.ip },
      { rule: RATE_LIMITS.loginFailuresPerAccount, subject: accountSubject },
    ],
  });

  const user = await userQueries.findUserForLogin(deps.db, input.email);
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : (await verifyPassword(await getDummyHash(), input.password), false);

  if (!user || !valid) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
  await attempt.release();
  // only someone who knows the password learns that the account is closed
  if (user.status === 'suspended') {
    throw new AppError(
      'FORBIDDEN',
      'This account has been suspended. Please contact our support if you think this is a mistake.',
    );
  }
  if (user.status !== 'active') {
    throw new AppError('FORBIDDEN', 'This account has been terminated and can no longer sign in.');
  }
  const session = await createSession(deps.db, {
    userId: user.id,
    role: user.role,
    now: deps.now,
    userAgent: deps.userAgent,
    ip: deps.ip,
  });
  return { ...session, user: await toSessionUser(deps.db, user) };
}
