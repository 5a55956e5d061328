import {
  createSession,
  emailSubject,
  hashPassword,
  randomDigits,
  randomReference,
  sha256Hex,
  timingSafeEqualString,
  RATE_LIMITS,
  type CreatedSession,
} from '@rhema/auth';
import { auditQueries, pendingRegistrationQueries, userQueries } from '@rhema/db';
import {
  ageOn,
  MAILED_CODE_LENGTH,
  MIN_AGE,
  type TRegisterConfirmRequest,
  type TRegisterRequest,
  type TSessionUser,
} from '@rhema/schemas';
import { startOnboarding } from '../profiles/onboarding';
import { AppError } from '../errors/app-error';
import type { Job, JobContext } from '../jobs/queue';
import { registrationAttemptEmail, registrationCodeEmail } from '../mail/templates';
import { takeRateLimits } from '../rate-limit/enforce';
import type { UseCaseDeps } from '../deps';
import { assertPasswordAllowed } from './password-rules';
import { toSessionUser } from './session-user';

// Sign-up in two steps (docs/security.md, F2; docs/decisions/131-work-after-the-answer.md). The first
// step answers the same for a new address and for one that has an account (same status, same body, the same
// work: one argon2id hash and one job), so it tells nobody who is a member; the job mails a code to a new
// address, and to an existing one a notice that someone tried. The account exists only when the code comes
// back (confirmRegistration).

export const REGISTRATION_CODE_TTL_MS = 30 * 60_000;
export const REGISTRATION_MAX_ATTEMPTS = 5;
export const REGISTRATION_STARTED_MESSAGE =
  'We have sent a code to your email address. Enter it here to finish creating your account.';
export const REGISTRATION_SPACING_MESSAGE =
  'We have just sent a code to this address. Please wait a minute before asking for another one.';
export const REGISTRATION_CODE_INVALID_MESSAGE =
  'This code is not valid any more. Please sign up again to get a new code.';

/** The stored form of a sign-up code: bound to the address it was mailed to. */
function registrationCodeHash(email: string, code: string): string {
  return sha256Hex(`register:${email}:${code}`);
}

/** Step 1: checks the form, counts the attempt, hands the rest to a job; the same answer for every address. */
export async function startRegistration({
  input,
  ...deps
}: UseCaseDeps & { input: TRegisterRequest }): Promise<{ message: string }> {
  // every sign-up counts, accepted or refused
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
  // every accepted form mails the address (a code or a notice): spaced per address, so sign-ups from many IPs
  // cannot flood someone else's inbox (docs/security.md, F21)
  const subject = emailSubject(input.email);
  await takeRateLimits({
    store: deps.rateLimitStore,
    now: deps.now,
    slots: [
      { rule: RATE_LIMITS.registrationMailSpacing, subject, message: REGISTRATION_SPACING_MESSAGE },
      {
        rule: RATE_LIMITS.registrationMailsPerAddress,
        subject,
        message: 'We have sent several codes to this address in the last hour. Please try again later.',
      },
    ],
  });
  const code = randomDigits(MAILED_CODE_LENGTH);
  await deps.jobs.add({
    kind: 'registration',
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.first_name,
    lastName: input.last_name,
    gender: input.gender,
    dateOfBirth: input.date_of_birth,
    countryCode: input.country_code,
    phone: input.phone,
    code,
    codeHash: registrationCodeHash(input.email, code),
  });
  return { message: REGISTRATION_STARTED_MESSAGE };
}

/** The job of step 1, after the answer: a code for a new address, a notice for a taken one. */
export async function runRegistrationJob(job: Extract<Job, { kind: 'registration' }>, ctx: JobContext) {
  const existing = await userQueries.findUserForLogin(ctx.db, job.email);
  if (existing) {
    await ctx.mailer.send(registrationAttemptEmail({ to: existing.email, firstName: existing.first_name }));
    return;
  }
  await pendingRegistrationQueries.deleteExpiredPendingRegistrations(ctx.db, ctx.now);
  await pendingRegistrationQueries.upsertPendingRegistration(ctx.db, {
    email: job.email,
    password_hash: job.passwordHash,
    first_name: job.firstName,
    last_name: job.lastName,
    gender: job.gender,
    date_of_birth: job.dateOfBirth,
    country_code: job.countryCode,
    phone: job.phone,
    code_hash: job.codeHash,
    expires_at: new Date(ctx.now.getTime() + REGISTRATION_CODE_TTL_MS),
  });
  await ctx.mailer.send(
    registrationCodeEmail({
      to: job.email,
      firstName: job.firstName,
      code: job.code,
      minutes: REGISTRATION_CODE_TTL_MS / 60_000,
    }),
  );
}

async function newContactReference(deps: UseCaseDeps): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const reference = randomReference();
    if (!(await userQueries.contactReferenceExists(deps.db, reference))) return reference;
  }
  throw new AppError('INTERNAL', 'could not find a free contact reference');
}

/**
 * Step 2: the mailed code creates the account (its address verified) and signs it in. Role and status are never
 * read from the input (docs/security.md target 7). At most 5 codes are tried per sign-up; wrong codes count
 * against the address's limit, a right one gives its slot back.
 */
export async function confirmRegistration({
  input,
  ...deps
}: UseCaseDeps & { input: TRegisterConfirmRequest }): Promise<CreatedSession & { user: TSessionUser }> {
  const attempt = await takeRateLimits({
    store: deps.rateLimitStore,
    now: deps.now,
    slots: [{ rule: RATE_LIMITS.registrationCodesPerIp, subject: deps.ip }],
  });
  const invalid = () => new AppError('BAD_REQUEST', REGISTRATION_CODE_INVALID_MESSAGE, { field: 'code' });
  const pending = await pendingRegistrationQueries.findPendingRegistration(deps.db, input.email);
  if (!pending || new Date(pending.expires_at).getTime() <= deps.now.getTime()) throw invalid();
  const claim = await pendingRegistrationQueries.claimPendingAttempt(
    deps.db,
    pending.id,
    REGISTRATION_MAX_ATTEMPTS,
  );
  if (!claim) throw invalid();
  if (!timingSafeEqualString(registrationCodeHash(input.email, input.code), pending.code_hash)) {
    const left = REGISTRATION_MAX_ATTEMPTS - claim.attempts;
    if (left <= 0) await pendingRegistrationQueries.deletePendingRegistration(deps.db, pending.id);
    throw new AppError(
      'BAD_REQUEST',
      left > 0
        ? `That code is not correct. Please check the email and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`
        : 'That code is not correct, and it has now been tried too often. Please sign up again.',
      { field: 'code' },
    );
  }
  // one confirmation wins when the same code comes twice at once
  if (!(await pendingRegistrationQueries.deletePendingRegistration(deps.db, pending.id))) throw invalid();
  await attempt.release();

  const row = await userQueries.insertMember(deps.db, {
    email: pending.email,
    password_hash: pending.password_hash,
    first_name: pending.first_name,
    last_name: pending.last_name,
    gender: pending.gender,
    date_of_birth: pending.date_of_birth,
    country_code: pending.country_code,
    phone: pending.phone,
    contact_reference: await newContactReference(deps),
    email_verified_at: deps.now,
  });
  if (!row) {
    // an account was made for this address since the code was sent (by staff): sign in instead
    throw new AppError('CONFLICT', 'An account with this email already exists. Please sign in.', {
      field: 'email',
    });
  }
  await startOnboarding({ db: deps.db, userId: row.id, now: deps.now });
  await auditQueries.insertAudit(deps.db, {
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
