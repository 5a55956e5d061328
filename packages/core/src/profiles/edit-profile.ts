import { profileEditQueries, type Database } from '@rhema/db';
import { ANSWER_CHOICES, type TProfileEditor, type TProfileUpdate } from '@rhema/schemas';
import { AppError } from '../errors/app-error';

// Profile editing at /account/profile. The request was parsed with ZProfileUpdate
// (packages/schemas/src/profile-edit.ts); the rules here need the database.

const notSignedIn = () => new AppError('UNAUTHORIZED', 'Please sign in to continue.');

const needsConsent = (key: string) =>
  new AppError(
    'FORBIDDEN',
    'This answer is kept only after you consent to special-category data on your profile page',
    { field: `answers.${key}` },
  );

/** The form's values: the member's fields and the questions they may answer, each with its hint. */
export async function getProfileEditor({
  db,
  userId,
}: {
  db: Database;
  userId: string;
}): Promise<TProfileEditor> {
  const rows = await profileEditQueries.loadProfileEditorRows(db, userId);
  if (!rows.user) throw notSignedIn();
  const answerOf = new Map(rows.answers.map((row) => [row.question_id, row.answer]));
  return {
    first_name: rows.user.first_name,
    city: rows.user.city,
    state_of_origin: rows.user.state_of_origin,
    height_cm: rows.user.height_cm,
    // special-category questions only under the separate consent (docs/security.md target 13)
    questions: rows.questions
      .filter((q) => rows.hasSpecialConsent || !q.is_special_category)
      .map((q) => ({ key: q.key, hint: q.hint, answer: answerOf.get(q.id) ?? '' })),
    core_values: rows.coreValues,
    citizenships: rows.citizenships,
  };
}

/** Saves the whole form; answers the form as it now stands. */
export async function updateProfile({
  db,
  userId,
  input,
  now,
}: {
  db: Database;
  userId: string;
  input: TProfileUpdate;
  now: Date;
}): Promise<TProfileEditor> {
  const rows = await profileEditQueries.loadProfileEditorRows(db, userId);
  if (!rows.user) throw notSignedIn();
  const questionByKey = new Map(rows.questions.map((q) => [q.key, q]));
  const storedAnswer = new Map(rows.answers.map((row) => [row.question_id, row.answer]));
  const answers: { questionId: number; answer: string }[] = [];
  let specialKey: string | undefined;
  for (const [key, answer] of Object.entries(input.answers)) {
    const question = questionByKey.get(key);
    if (!question) {
      throw new AppError('BAD_REQUEST', 'Unknown profile question', { field: `answers.${key}` });
    }
    const choices = ANSWER_CHOICES[key];
    // a question with a list takes one of its answers; a member's earlier answer from before the list existed is
    // kept when sent back unchanged (the form offers it too: ProfileEditForm's choicesFor)
    if (choices && answer !== '' && !choices.includes(answer) && answer !== storedAnswer.get(question.id)) {
      throw new AppError(
        'BAD_REQUEST',
        `"${answer.slice(0, 60)}" is not one of the answers to ${question.hint}: please choose one from the list`,
        { field: `answers.${key}` },
      );
    }
    if (question.is_special_category && answer !== '') {
      if (!rows.hasSpecialConsent) throw needsConsent(key);
      specialKey ??= key;
    }
    answers.push({ questionId: question.id, answer });
  }
  // a value listed twice is kept once, where it first appears (the table's key is the member and the value)
  const seen = new Set<string>();
  const coreValues = input.core_values.filter((value) => {
    const folded = value.toLowerCase();
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
  const saved = await profileEditQueries.saveProfile(
    db,
    userId,
    {
      first_name: input.first_name,
      city: input.city,
      state_of_origin: input.state_of_origin,
      height_cm: input.height_cm,
      answers,
      coreValues,
      citizenships: [...new Set(input.citizenships)],
      needsSpecialConsent: specialKey !== undefined,
    },
    now,
  );
  // the consent was withdrawn between the read above and the write (the write checks it again, under a lock)
  if (saved === 'no-consent' && specialKey !== undefined) throw needsConsent(specialKey);
  return getProfileEditor({ db, userId });
}
