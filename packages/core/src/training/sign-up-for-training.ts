import { createPostgresRateLimitStore, RATE_LIMITS, type RateLimitStore } from '@rhema/auth';
import { trainingQueries, type Database } from '@rhema/db';
import {
  TRAINING_CONSENT_VERSION,
  TRAINING_SIGNUP_MESSAGE,
  ZTrainingSignupRequest,
  type TTrainingSignupRequest,
} from '@rhema/schemas';
import { takeRateLimits, TOO_MANY_REQUESTS_MESSAGE } from '../rate-limit/enforce';

/**
 * Puts a visitor on the training centre's early list. Signing up twice is fine: the second time changes nothing
 * and gets the same thank-you (so the answer never tells whether an address is already listed).
 */
export async function signUpForTraining({
  db,
  rateLimitStore,
  now,
  ip,
  signup,
}: {
  db: Database;
  /** the request's limiter (Redis when configured); callers outside a request (tests) may leave it out */
  rateLimitStore?: RateLimitStore;
  now: Date;
  ip: string;
  signup: TTrainingSignupRequest;
}): Promise<{ message: string }> {
  const input = ZTrainingSignupRequest.parse(signup);
  // 10 per 10 minutes per IP: generous for a household or an office, tight enough to stop a script
  await takeRateLimits({
    store: rateLimitStore ?? createPostgresRateLimitStore(db),
    now,
    slots: [{ rule: RATE_LIMITS.trainingSignupsPerIp, subject: ip, message: TOO_MANY_REQUESTS_MESSAGE }],
  });
  await trainingQueries.insertTrainingSignup(db, {
    email: input.email,
    firstName: input.first_name,
    countryCode: input.country_code ?? null,
    topics: [...new Set(input.topics)],
    consentTextVersion: TRAINING_CONSENT_VERSION,
  });
  return { message: TRAINING_SIGNUP_MESSAGE };
}
