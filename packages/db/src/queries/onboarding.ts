import type { Database } from '../create-db';

// The onboarding's step per member (migration 20261124T1500_profile_visibility): a row only for members who
// signed up since; without one a member has nothing to resume.

export async function findStep(db: Database, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('onboarding_progress')
    .select('step')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.step;
}

/** Sets the step (a repeat sets the same): the onboarding is resumed there, on any device. */
export async function setStep(db: Database, options: { userId: string; step: string; now: Date }) {
  await db
    .insertInto('onboarding_progress')
    .values({ user_id: options.userId, step: options.step, updated_at: options.now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ step: options.step, updated_at: options.now }))
    .execute();
}
