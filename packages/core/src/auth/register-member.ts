import { createSession, hashPassword, randomReference, RATE_LIMITS, type CreatedSession } from '@rhema/auth';
import { userQueries } from '@rhema/db';
import { ageOn, MIN_AGE, type TRegisterRequest, type TSessionUser } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { takeRateLimits } from '../rate-limit/enforce';
import type { UseCaseDeps } from '../deps';
import { assertPasswordAllowed } from './password-rules';
import { toSessionUser } from './session-user';

async function newContactReference(deps: UseCaseDeps): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const reference = randomReference();
    if (!(await userQueries.contactReferenceExists(deps.db, reference))) return reference;
  }
  throw new AppError('INTERNAL', 'could not find a free contact reference');
}

/** Creates a member account and signs it in. Role and status are never read from the input (SECURITY.md 7). */
export async function registerMember({
  input,
  ...deps
}: UseCaseDeps & { input: TRegisterRequest }): Promise<CreatedSession & { user: TSessionUser }> {
  // every sign-up counts, refused or not (issue 8, finding 2)
  await takeRateLimits({
    store: deps.rateLimitStore,
    now: deps.now,
    slots: [{ rule: RATE_LIMITS.registrationsPerIp, subject: deps.ip }],
  });
  const age = ageOn(input.date_of_birth, deps.now);
  if (age < MIN_AGE) {
    throw new AppError('BAD_REQUEST', `You must be at least ${MIN_AGE} years old to join.`, {
      field: 'date_of_birth',
    });
  }
  if (age > 120) {
    throw new AppError('BAD_REQUEST', 'Please enter a real date of birth', { field: 'date_of_birth' });
  }
  assertPasswordAllowed(input.password, 'password', input.email);

  if (await userQueries.emailExists(deps.db, input.email)) {
    throw new AppError(
      'CONFLICT',
      'An account with this email already exists. Please sign in, or reset your password if you forgot it.',
      { field: 'email' },
    );
  }
  const passwordHash = await hashPassword(input.password);
  const row = await userQueries.insertMember(deps.db, {
    email: input.email,
    password_hash: passwordHash,
    first_name: input.first_name,
    last_name: input.last_name,
    gender: input.gender,
    date_of_birth: input.date_of_birth,
    country_code: input.country_code,
    phone: input.phone,
    contact_reference: await newContactReference(deps),
  });
  if (!row) {
    // a concurrent sign-up with the same email won the insert
    throw new AppError('CONFLICT', 'An account with this email already exists. Please sign in.', {
      field: 'email',
    });
  }
  await userQueries.insertAudit(deps.db, {
    actorId: row.id,
    action: 'account.registered',
    targetType: 'user',
    targetId: row.id,
  });
  const session = await createSession(deps.db, {
    userId: row.id,
    role: row.role,
    now: deps.now,
    userAgent: deps.userAgent,
    ip: deps.ip,
  });
  return { ...session, user: await toSessionUser(deps.db, row) };
}
