import { trainingQueries, type Database } from '@rhema/db';
import {
  TRAINING_CONSENT_VERSION,
  TRAINING_SIGNUP_MESSAGE,
  ZTrainingSignupRequest,
  type TTrainingSignupRequest,
} from '@rhema/schemas';
import { enforceIpLimit, type IpLimit } from '../match/ip-limit';

/** Generous for a household or an office behind one address, tight enough to stop a script filling the list. */
export const TRAINING_SIGNUP_LIMIT: IpLimit = { bucket: 'training-signup', limit: 10, windowSeconds: 600 };

/**
 * Puts a visitor on the training centre's early list. Signing up twice is fine: the second time changes nothing
 * and gets the same thank-you (so the answer never tells whether an address is already listed).
 */
export async function signUpForTraining({
  db,
  ip,
  signup,
}: {
  db: Database;
  ip: string;
  signup: TTrainingSignupRequest;
}): Promise<{ message: string }> {
  const input = ZTrainingSignupRequest.parse(signup);
  await enforceIpLimit({ db, ip, limit: TRAINING_SIGNUP_LIMIT });
  await trainingQueries.insertTrainingSignup(db, {
    email: input.email,
    firstName: input.first_name,
    countryCode: input.country_code ?? null,
    topics: [...new Set(input.topics)],
    consentTextVersion: TRAINING_CONSENT_VERSION,
  });
  return { message: TRAINING_SIGNUP_MESSAGE };
}
