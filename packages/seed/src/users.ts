// One member at a time, for tests and e2e fixtures that make their own data: `seedUser(db, { ... })`.
import { randomInt } from 'node:crypto';
import { hashPassword } from '@rhema/auth';
import type { DB, Database } from '@rhema/db';
import {
  latestBirthDate,
  REFERENCE_ALPHABET,
  REFERENCE_LENGTH,
  type Gender,
  type Role,
} from '@rhema/schemas';
import type { Insertable } from 'kysely';
import { isoDate } from './iso';
import {
  SPECIAL_CATEGORY_CONSENT,
  SPECIAL_QUESTION_KEYS,
  ensureCommunities,
  ensureProfileQuestions,
  loadContentIds,
} from './content';

// The reference format is defined once, in packages/schemas/src/reference.ts.
export { REFERENCE_ALPHABET, REFERENCE_LENGTH };
const REFERENCE_SPACE = REFERENCE_ALPHABET.length ** REFERENCE_LENGTH; // 887,503,681
// i -> (i * MULTIPLIER + OFFSET) mod 31^6 is a bijection because the multiplier is coprime with 31, so generated
// references never collide and look unrelated for consecutive members. The product stays below 2^53.
const REFERENCE_MULTIPLIER = 500_000_003;
const REFERENCE_OFFSET = 123_456_789;

export function encodeReference(value: number): string {
  let rest = value;
  let out = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) {
    out = REFERENCE_ALPHABET.charAt(rest % REFERENCE_ALPHABET.length) + out;
    rest = Math.floor(rest / REFERENCE_ALPHABET.length);
  }
  return out;
}

/** The contact reference of the demo member with this index (0-based, < 31^6). */
export function contactReferenceFor(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= REFERENCE_SPACE) {
    throw new RangeError(`member index out of range: ${index}`);
  }
  return encodeReference((index * REFERENCE_MULTIPLIER + REFERENCE_OFFSET) % REFERENCE_SPACE);
}

export function randomContactReference(): string {
  return encodeReference(randomInt(REFERENCE_SPACE));
}

/** 'YYYY-MM-DD' of someone who is `age` today and whose birthday was `daysAgo` (0..364) days ago. */
export function dateOfBirthForAge(age: number, daysAgo = 0, today: Date = new Date()): string {
  return isoDate(new Date(latestBirthDate(age, today).getTime() - daysAgo * 86_400_000));
}

const NON_ASCII = /[^ -~]/; // anything but printable ASCII (control characters are not in names)

/** Lower-case ASCII letters and digits only, for handles and e-mail local parts ("Oisín O'Brien" -> "oisinobrien"). */
export function slugifyName(name: string): string {
  // plain ASCII has nothing to decompose (and the seed slugs millions of names)
  const decomposed = NON_ASCII.test(name) ? name.normalize('NFD') : name;
  return decomposed
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export type UserRow = Insertable<DB['users']>;

export interface SeedUserOptions extends Partial<Omit<UserRow, 'role' | 'gender'>> {
  role?: Role;
  gender?: Gender;
  /** Plain password, hashed with argon2id (slow on purpose: pass `password_hash` to reuse one). */
  password?: string;
  /** Used for date_of_birth when that is not given. */
  age?: number;
  /** Answers by question key, e.g. `{ occupation: 'Nurse' }`. */
  answers?: Record<string, string>;
  /** Photo URLs, or a count of generated avatar URLs. */
  photos?: readonly string[] | number;
  citizenships?: readonly string[];
  core_values?: readonly string[];
  /** Community slugs. */
  communities?: readonly string[];
  /** Records the special-category consent (faith, ethnicity, tribe); on by default when such answers are given. */
  special_category_consent?: boolean;
}

export interface SeededUser {
  id: string;
  email: string;
  contact_reference: string;
  first_name: string;
  handle: string | null;
  phone: string | null;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function avatarUrl(contactReference: string, n: number): string {
  return `/media/avatars/${contactReference}-${n}.jpg`;
}

/** Inserts one user with sensible defaults (an adult member in London) plus the extras asked for. */
export async function seedUser(db: Database, options: SeedUserOptions = {}): Promise<SeededUser> {
  const {
    password,
    age,
    answers,
    photos,
    citizenships,
    core_values: coreValues,
    communities,
    special_category_consent: specialConsent,
    ...columns
  } = options;
  const reference = columns.contact_reference ?? randomContactReference();
  const firstName = columns.first_name ?? 'Amara';
  const row: UserRow = {
    first_name: firstName,
    last_name: 'Okafor',
    gender: 'female',
    date_of_birth: dateOfBirthForAge(age ?? 30),
    country_code: 'GB',
    // Ofcom's range reserved for drama: never a real person's phone
    phone: `+447700900${String(randomInt(1000)).padStart(3, '0')}`,
    city: 'London',
    height_cm: 168,
    handle: `${slugifyName(firstName)}_${reference.toLowerCase()}`,
    email_verified_at: new Date(),
    ...withoutUndefined(columns),
    email: (columns.email ?? `member-${reference.toLowerCase()}@example.test`).toLowerCase(),
    contact_reference: reference,
    password_hash: columns.password_hash ?? (password === undefined ? null : await hashPassword(password)),
  };

  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values(row)
      .returning(['id', 'email', 'contact_reference', 'first_name', 'handle', 'phone'])
      .executeTakeFirstOrThrow();

    const answerEntries = Object.entries(answers ?? {});
    if (answerEntries.length > 0) {
      await ensureProfileQuestions(trx);
      const { questionIds } = await loadContentIds(trx);
      const rows = answerEntries.map(([key, answer]) => {
        const questionId = questionIds.get(key);
        if (questionId === undefined) throw new Error(`seedUser: unknown profile question '${key}'`);
        return { user_id: user.id, question_id: questionId, answer };
      });
      await trx.insertInto('profile_answers').values(rows).execute();
    }

    const hasSpecial = answerEntries.some(([key]) => SPECIAL_QUESTION_KEYS.has(key));
    if (specialConsent ?? hasSpecial) {
      await trx
        .insertInto('user_consents')
        .values({
          user_id: user.id,
          purpose: SPECIAL_CATEGORY_CONSENT.purpose,
          text_version: SPECIAL_CATEGORY_CONSENT.textVersion,
        })
        .execute();
    }

    const photoUrls =
      typeof photos === 'number'
        ? Array.from({ length: photos }, (_, i) => avatarUrl(reference, i + 1))
        : (photos ?? []);
    if (photoUrls.length > 0) {
      await trx
        .insertInto('photos')
        .values(photoUrls.map((url, position) => ({ user_id: user.id, url, position })))
        .execute();
    }
    if (citizenships && citizenships.length > 0) {
      await trx
        .insertInto('user_citizenships')
        .values(citizenships.map((country_code) => ({ user_id: user.id, country_code })))
        .execute();
    }
    if (coreValues && coreValues.length > 0) {
      await trx
        .insertInto('user_core_values')
        .values(coreValues.map((value, position) => ({ user_id: user.id, value, position })))
        .execute();
    }
    if (communities && communities.length > 0) {
      await ensureCommunities(trx);
      const { communityIds } = await loadContentIds(trx);
      const rows = communities.map((slug) => {
        const communityId = communityIds.get(slug);
        if (communityId === undefined) throw new Error(`seedUser: unknown community '${slug}'`);
        return { community_id: communityId, user_id: user.id };
      });
      await trx.insertInto('community_memberships').values(rows).execute();
    }
    return user;
  });
}
