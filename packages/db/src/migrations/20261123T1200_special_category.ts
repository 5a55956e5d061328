import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Special-category data (docs/security.md target 13, docs/decisions/083-special-category-consent.md): faith,
// ethnicity and tribe are profile answers to questions marked is_special_category, kept only while the
// member's separate consent (user_consents, purpose 'special_category') stands, and deleted with its
// withdrawal. Tribe was a column of users, outside that rule: it becomes the question 'tribe', the answers of
// members who hold the consent move into profile_answers, and the column goes. The console's tribe on an
// introduction (introductions.tribe, on the 'Create introduction' form) is the consultant's note and stays.
// At most one live consent per member and purpose, so a repeated "give" cannot record two.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    INSERT INTO profile_questions (key, hint, position, is_special_category)
      VALUES ('tribe', 'Tribe', 12, true)
      ON CONFLICT (key) DO UPDATE SET is_special_category = true;
    INSERT INTO profile_answers (user_id, question_id, answer)
      SELECT u.id, q.id, u.tribe FROM users u JOIN profile_questions q ON q.key = 'tribe'
       WHERE btrim(coalesce(u.tribe, '')) <> ''
         AND EXISTS (SELECT 1 FROM user_consents c
                      WHERE c.user_id = u.id AND c.purpose = 'special_category' AND c.withdrawn_at IS NULL)
      ON CONFLICT (user_id, question_id) DO NOTHING;
    ALTER TABLE users DROP COLUMN tribe;
    UPDATE user_consents c SET withdrawn_at = c.granted_at
     WHERE c.withdrawn_at IS NULL
       AND EXISTS (SELECT 1 FROM user_consents d
                    WHERE d.user_id = c.user_id AND d.purpose = c.purpose AND d.withdrawn_at IS NULL
                      AND (d.granted_at, d.id) > (c.granted_at, c.id));
    CREATE UNIQUE INDEX user_consents_live_key ON user_consents (user_id, purpose) WHERE withdrawn_at IS NULL;
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS user_consents_live_key;
    ALTER TABLE users ADD COLUMN tribe text;
    UPDATE users u SET tribe = a.answer FROM profile_answers a JOIN profile_questions q ON q.id = a.question_id
     WHERE q.key = 'tribe' AND a.user_id = u.id;
    DELETE FROM profile_questions WHERE key = 'tribe';
  `,
  );
}
