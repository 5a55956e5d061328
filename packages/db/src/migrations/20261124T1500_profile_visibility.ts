import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The FAQ's "hide your profile" has three states instead of the is_profile_public flag: visible, hidden (out of
// the members list and the private-match lookup) and paused (out of every member's sight);
// docs/decisions/172-profile-visibility.md. The onboarding after sign-up keeps each new member's step, so it can be
// left and resumed on any device.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE users ADD COLUMN profile_visibility text NOT NULL DEFAULT 'visible'
      CHECK (profile_visibility IN ('visible', 'hidden', 'paused'));
    UPDATE users SET profile_visibility = 'hidden' WHERE NOT is_profile_public;
    ALTER TABLE users DROP COLUMN is_profile_public;
    CREATE TABLE onboarding_progress (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      step text NOT NULL CHECK (step IN ('photos', 'answers', 'communities', 'consent', 'done')),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE IF EXISTS onboarding_progress;
    ALTER TABLE users ADD COLUMN is_profile_public boolean NOT NULL DEFAULT true;
    UPDATE users SET is_profile_public = false WHERE profile_visibility <> 'visible';
    ALTER TABLE users DROP COLUMN profile_visibility;
  `,
  );
}
