import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The first domain schema (users, profiles, introductions, communities, content). Plain SQL so that it reads
// like the schema it is, and so that PostgreSQL and PGlite run the very same statements.
export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      password_hash text,
      role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'consultant', 'admin')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'terminated')),
      first_name text NOT NULL,
      last_name text NOT NULL DEFAULT '',
      handle text,
      gender text NOT NULL CHECK (gender IN ('male', 'female')),
      date_of_birth date NOT NULL,
      country_code char(2) NOT NULL,
      phone text,
      contact_reference text NOT NULL,
      height_cm smallint CHECK (height_cm BETWEEN 100 AND 250),
      state_of_origin text,
      tribe text,
      city text,
      -- a hidden profile answers the private-match lookup exactly like an unknown reference
      is_profile_public boolean NOT NULL DEFAULT true,
      email_verified_at timestamptz,
      identity_verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      terminated_at timestamptz,
      CONSTRAINT users_email_lower CHECK (email = lower(email))
    );
    CREATE UNIQUE INDEX users_email_key ON users (email);
    CREATE UNIQUE INDEX users_handle_key ON users (lower(handle));
    CREATE UNIQUE INDEX users_contact_reference_key ON users (contact_reference);
    -- admin search: gender + age (through date_of_birth), optionally narrowed to one country
    CREATE INDEX users_gender_dob_idx ON users (gender, date_of_birth);
    CREATE INDEX users_country_gender_dob_idx ON users (country_code, gender, date_of_birth);
    CREATE INDEX users_first_name_idx ON users (lower(first_name) text_pattern_ops);
    CREATE INDEX users_phone_idx ON users (phone);

    CREATE TABLE profile_questions (
      id serial PRIMARY KEY,
      key text NOT NULL UNIQUE,
      hint text NOT NULL,
      position smallint NOT NULL DEFAULT 0,
      -- faith, ethnicity and the gender sought need a separate consent (docs/security.md target 13)
      is_special_category boolean NOT NULL DEFAULT false
    );

    CREATE TABLE profile_answers (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      question_id integer NOT NULL REFERENCES profile_questions (id) ON DELETE CASCADE,
      answer text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, question_id)
    );

    CREATE TABLE photos (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      url text NOT NULL,
      position smallint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX photos_user_idx ON photos (user_id, position);

    CREATE TABLE user_citizenships (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      country_code char(2) NOT NULL,
      PRIMARY KEY (user_id, country_code)
    );

    CREATE TABLE user_core_values (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      value text NOT NULL,
      position smallint NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, value)
    );

    CREATE TABLE user_consents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL,
      text_version text NOT NULL,
      granted_at timestamptz NOT NULL DEFAULT now(),
      withdrawn_at timestamptz
    );
    CREATE INDEX user_consents_user_idx ON user_consents (user_id, purpose);

    CREATE TABLE communities (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('interest', 'faith', 'professional')),
      description text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE community_memberships (
      community_id uuid NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (community_id, user_id)
    );
    CREATE INDEX community_memberships_user_idx ON community_memberships (user_id);

    CREATE TABLE introductions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      contact_id uuid REFERENCES users (id) ON DELETE CASCADE,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'requested', 'accepted', 'rejected')),
      is_active boolean NOT NULL DEFAULT false,
      min_age smallint NOT NULL DEFAULT 30 CHECK (min_age BETWEEN 18 AND 120),
      max_age smallint NOT NULL DEFAULT 50 CHECK (max_age BETWEEN 18 AND 120),
      min_height smallint,
      my_height smallint,
      state text,
      tribe text,
      city text,
      distant_relationship boolean NOT NULL DEFAULT false,
      is_public boolean NOT NULL DEFAULT false,
      details text,
      note text,
      request_message text,
      response_message text,
      requested_at timestamptz,
      responded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (min_age <= max_age),
      CHECK (contact_id IS NULL OR contact_id <> owner_id)
    );
    CREATE INDEX introductions_owner_idx ON introductions (owner_id, created_at DESC);
    CREATE INDEX introductions_contact_idx ON introductions (contact_id) WHERE contact_id IS NOT NULL;
    CREATE INDEX introductions_status_idx ON introductions (status, is_active);
    CREATE INDEX introductions_public_idx ON introductions (created_at DESC) WHERE is_public AND is_active;

    CREATE TABLE introduction_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      introduction_id uuid NOT NULL REFERENCES introductions (id) ON DELETE CASCADE,
      requester_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      message varchar(250) NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'presented', 'accepted', 'declined')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (introduction_id, requester_id)
    );
    CREATE INDEX introduction_requests_requester_idx ON introduction_requests (requester_id);

    CREATE TABLE suggestion_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      introduction_id uuid NOT NULL REFERENCES introductions (id) ON DELETE CASCADE,
      code char(6) NOT NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (introduction_id, code)
    );

    CREATE TABLE subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      introduction_id uuid REFERENCES introductions (id) ON DELETE SET NULL,
      plan text NOT NULL DEFAULT 'premium' CHECK (plan IN ('premium')),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'cancelled', 'expired')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz
    );
    CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, status);

    CREATE TABLE faqs (
      id serial PRIMARY KEY,
      faq_type text NOT NULL CHECK (faq_type IN ('faqs', 'points')),
      title text NOT NULL,
      post text NOT NULL,
      position smallint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX faqs_type_idx ON faqs (faq_type, position);

    CREATE TABLE password_reset_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      code_hash text NOT NULL,
      attempts smallint NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      invalidated_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX password_reset_requests_user_idx ON password_reset_requests (user_id, created_at DESC);

    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      secret_hash bytea NOT NULL,
      xsrf_token_hash bytea,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_verified_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      user_agent text,
      ip text
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);
    CREATE INDEX sessions_expires_idx ON sessions (expires_at);

    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      action text NOT NULL,
      target_type text NOT NULL,
      target_id text,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id);
    CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE IF EXISTS audit_log, sessions, password_reset_requests, faqs, subscriptions, suggestion_codes,
      introduction_requests, introductions, community_memberships, communities, user_consents, user_core_values,
      user_citizenships, photos, profile_answers, profile_questions, users CASCADE;
  `,
  );
}
