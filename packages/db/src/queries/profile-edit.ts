import { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import type { Database } from '../create-db';

// The writes behind /account/profile (packages/core/src/profiles/edit-profile.ts decides what may be written).

/** The member's editable fields, their answers, and whether they hold the special-category consent. */
export async function loadProfileEditorRows(db: Database, userId: string) {
  const [user, questions, answers, coreValues, citizenships, consent] = await Promise.all([
    db
      .selectFrom('users')
      .select(['first_name', 'city', 'state_of_origin', 'height_cm'])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('profile_questions')
      .select(['id', 'key', 'hint', 'is_special_category'])
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('profile_answers')
      .select(['question_id', 'answer'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('user_core_values')
      .select('value')
      .where('user_id', '=', userId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('user_citizenships')
      .select('country_code')
      .where('user_id', '=', userId)
      .orderBy('country_code')
      .execute(),
    db
      .selectFrom('user_consents')
      .select('id')
      .where('user_id', '=', userId)
      .where('purpose', '=', SPECIAL_CATEGORY_CONSENT.purpose)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return {
    user,
    questions,
    answers,
    coreValues: coreValues.map((row) => row.value),
    citizenships: citizenships.map((row) => row.country_code.trim()),
    hasSpecialConsent: consent !== undefined,
  };
}

export interface ProfileWrite {
  first_name: string;
  city: string | null;
  state_of_origin: string | null;
  height_cm: number | null;
  /** answers by question id; an empty answer deletes the row */
  answers: { questionId: number; answer: string }[];
  coreValues: string[];
  citizenships: string[];
  /** some answer is to a special-category question: the consent must stand when the transaction writes it */
  needsSpecialConsent: boolean;
}

/**
 * Writes the whole editable profile in one transaction: a reader never sees half of it. With a special-category
 * answer the live consent row is read FOR SHARE first: a withdrawal running at the same time (queries/consents.ts)
 * either waits for this write and then deletes the answer, or commits first and this write finds no consent and
 * writes nothing ('no-consent').
 */
export async function saveProfile(
  db: Database,
  userId: string,
  write: ProfileWrite,
  now: Date,
): Promise<'saved' | 'no-consent'> {
  return db.transaction().execute(async (trx) => {
    if (write.needsSpecialConsent) {
      const consent = await trx
        .selectFrom('user_consents')
        .select('id')
        .where('user_id', '=', userId)
        .where('purpose', '=', SPECIAL_CATEGORY_CONSENT.purpose)
        .where('withdrawn_at', 'is', null)
        .forShare()
        .executeTakeFirst();
      if (!consent) return 'no-consent';
    }
    await trx
      .updateTable('users')
      .set({
        first_name: write.first_name,
        city: write.city,
        state_of_origin: write.state_of_origin,
        height_cm: write.height_cm,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    const emptied = write.answers.filter((a) => a.answer === '').map((a) => a.questionId);
    if (emptied.length > 0) {
      await trx
        .deleteFrom('profile_answers')
        .where('user_id', '=', userId)
        .where('question_id', 'in', emptied)
        .execute();
    }
    const given = write.answers.filter((a) => a.answer !== '');
    if (given.length > 0) {
      await trx
        .insertInto('profile_answers')
        .values(
          given.map((a) => ({
            user_id: userId,
            question_id: a.questionId,
            answer: a.answer,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['user_id', 'question_id']).doUpdateSet((eb) => ({
            answer: eb.ref('excluded.answer'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    await trx.deleteFrom('user_core_values').where('user_id', '=', userId).execute();
    if (write.coreValues.length > 0) {
      await trx
        .insertInto('user_core_values')
        .values(write.coreValues.map((value, position) => ({ user_id: userId, value, position })))
        .execute();
    }
    await trx.deleteFrom('user_citizenships').where('user_id', '=', userId).execute();
    if (write.citizenships.length > 0) {
      await trx
        .insertInto('user_citizenships')
        .values(write.citizenships.map((country_code) => ({ user_id: userId, country_code })))
        .execute();
    }
    return 'saved';
  });
}
