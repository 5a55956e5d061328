import type { Database } from '../create-db';

export interface NewTrainingSignup {
  email: string;
  firstName: string;
  countryCode: string | null;
  topics: string[];
  consentTextVersion: string;
}

/** Adds the signup unless the email is already on the list; says whether a row was added. */
export async function insertTrainingSignup(db: Database, signup: NewTrainingSignup): Promise<boolean> {
  const row = await db
    .insertInto('training_signups')
    .values({
      email: signup.email,
      first_name: signup.firstName,
      country_code: signup.countryCode,
      topics: signup.topics,
      consent_text_version: signup.consentTextVersion,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id'])
    .executeTakeFirst();
  return row !== undefined;
}

export async function countTrainingSignups(db: Database, email?: string): Promise<number> {
  let query = db.selectFrom('training_signups').select((eb) => eb.fn.countAll<string>().as('count'));
  if (email) query = query.where('email', '=', email);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Removes an address from the early list (when its owner erases their account). Addresses are stored lower-cased
 * (the signup schema lower-cases them, a CHECK constraint holds it), so the given one is lower-cased the same way.
 */
export async function deleteTrainingSignupsByEmail(db: Database, email: string): Promise<number> {
  const result = await db
    .deleteFrom('training_signups')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
