import { onboardingQueries, type Database } from '@rhema/db';
import {
  profileCompleteness,
  ZOnboardingStep,
  type TOnboardingState,
  type TOnboardingStep,
} from '@rhema/schemas';
import { getMyProfile } from '../account/get-my-profile';

/** The step a new member's onboarding starts at (written when the sign-up is confirmed). */
export async function startOnboarding({ db, userId, now }: { db: Database; userId: string; now: Date }) {
  await onboardingQueries.setStep(db, { userId, step: 'photos', now });
}

/**
 * Where the member's onboarding stands and how complete their profile is (packages/schemas/src/onboarding.ts).
 * A member who never had an onboarding (signed up before it existed, or made by staff) is 'done'.
 */
export async function getOnboarding({
  db,
  userId,
  now,
}: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<TOnboardingState> {
  const [step, profile] = await Promise.all([
    onboardingQueries.findStep(db, userId),
    getMyProfile({ db, userId, now }),
  ]);
  return {
    step: ZOnboardingStep.catch('done').parse(step ?? 'done'),
    completeness: profileCompleteness(profile),
  };
}

/** Saves the step reached (or 'done' when finished or skipped); a repeat sets the same, as a PUT should. */
export async function saveOnboarding({
  db,
  userId,
  now,
  input,
}: {
  db: Database;
  userId: string;
  now: Date;
  input: { step: TOnboardingStep };
}): Promise<TOnboardingState> {
  await onboardingQueries.setStep(db, { userId, step: input.step, now });
  return getOnboarding({ db, userId, now });
}
