// The demo data set's members: one member's rows (user, answers, photos, citizenships, values, communities) and
// the generated members, drawn from each member's own seeded stream so that any thread can make any batch.
import type { CountryCode, Gender } from '@rhema/schemas';
import { COUNTRIES } from '@rhema/schemas';
import { COMMUNITIES, CORE_VALUES, SPECIAL_CATEGORY_CONSENT } from './content';
import { emptyBatch, type Batch } from './demo-batch';
import { DEMO_SEED, INTRO_SEED, MAX_PHOTOS, demoUserId, rowId } from './demo-ids';
import { DEMO_ACCOUNTS } from './demo-accounts';
import {
  CHRISTIAN_DENOMINATIONS,
  COUNTRY_PROFILES,
  EDUCATION,
  HERITAGES,
  HOBBIES,
  OCCUPATIONS,
  SHARED_FIRST_NAMES,
  YOUNG_OCCUPATIONS,
  type HeritageKey,
} from './people';
import { chance, int, mixSeed, mulberry32, normal, pick, sample, weighted, type Rng } from './random';
import { avatarUrl, contactReferenceFor, dateOfBirthForAge, slugifyName, type UserRow } from './users';

const INTRODUCTION_SHARE = 0.2;
const INTEREST_SLUGS = COMMUNITIES.filter((c) => c.kind === 'interest').map((c) => c.slug);
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** What later members need to know about an earlier one, kept compactly (strings are shared list entries). */
export interface MemberFacts {
  gender: Uint8Array; // 0 female, 1 male
  age: Uint8Array;
  firstName: string[];
  occupation: string[];
  city: string[];
  hobby: string[];
  /** Indices of active members by gender, for contacts, requesters and suggestion codes. */
  pool: [number[], number[]];
}

export interface Member {
  index: number;
  id: string;
  reference: string;
  gender: Gender;
  age: number;
  firstName: string;
  city: string;
  occupation: string;
  hobby: string;
  height: number;
  state: string | null;
  tribe: string | null;
  createdAt: Date;
  active: boolean;
}

/** What generating a member needs: constants only, so batches of members can be made in any thread (member-workers.ts). */
export interface MemberContext {
  now: Date;
  passwordHash: string;
  questionIds: Map<string, number>;
  communityIds: Map<string, string>;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function notAfter(now: Date, time: number): Date {
  return new Date(Math.min(now.getTime(), time));
}

export function daysBefore(now: Date, days: number, rng: Rng): Date {
  return new Date(now.getTime() - days * DAY_MS - int(rng, 0, DAY_MS - 1));
}

function answer(ctx: MemberContext, batch: Batch, userId: string, key: string, value: string): void {
  const questionId = ctx.questionIds.get(key);
  if (questionId === undefined) throw new Error(`profile question '${key}' is missing`);
  batch.answers.push({ user_id: userId, question_id: questionId, answer: value });
}

function membership(ctx: MemberContext, batch: Batch, userId: string, slug: string, joinedAt: Date): void {
  const communityId = ctx.communityIds.get(slug);
  if (communityId === undefined) throw new Error(`community '${slug}' is missing`);
  batch.memberships.push({ community_id: communityId, user_id: userId, joined_at: joinedAt });
}

export interface ProfileInput {
  index: number;
  rng: Rng;
  role: 'admin' | 'consultant' | 'member';
  email: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  age: number;
  country: CountryCode;
  heritage: HeritageKey | null;
  state: string | null;
  phone: string;
  /** A city of the country; drawn at random when not given. */
  city?: string;
  occupation: string;
  muslim: boolean;
  /** Consent to keep faith, ethnicity and tribe (docs/security.md target 13). */
  specialConsent: boolean;
  active: boolean;
}

// The answers' choices and weights, made once rather than per member (the generator runs a million times).
const GOALS: readonly (readonly [string, number])[] = [
  ['Marriage', 45],
  ['A long-term relationship leading to marriage', 35],
  ['Marriage and children', 20],
];
const GOALS_LATER: readonly (readonly [string, number])[] = [
  ['Companionship', 40],
  ['Marriage', 30],
  ['A long-term relationship', 30],
];
const CHILDREN = [
  ['One child', 45],
  ['Two children', 35],
  ['Three or more', 20],
] as const;
const WANTS_CHILDREN = ['Yes', 'Yes, in the next few years', 'Open to it', 'Not sure yet'];
const WANTS_CHILDREN_LATER = ['No', 'Open to it'];
const SMOKING = [
  ['Never', 85],
  ['Occasionally', 9],
  ['Trying to quit', 4],
  ['Yes', 2],
] as const;
const DRINKING = [
  ['Never', 30],
  ['Socially', 55],
  ['Occasionally', 15],
] as const;
const COUNTRY_WEIGHTS = COUNTRIES.map((c) => [c.code, COUNTRY_PROFILES[c.code].weight] as const);

/** The professional community of an occupation ("Retired Nurse" is a nurse's), by the end of its name. */
const professionalByOccupation = new Map<string, string | null>();
function professionalCommunity(occupation: string): string | null {
  let community = professionalByOccupation.get(occupation);
  if (community === undefined) {
    community = OCCUPATIONS.find(([name]) => occupation.endsWith(name))?.[1] ?? null;
    professionalByOccupation.set(occupation, community);
  }
  return community;
}

/** Writes one member's rows into the batch: the user, answers, photos, citizenships, values, communities. */
export function addMember(ctx: MemberContext, batch: Batch, input: ProfileInput): Member {
  const { rng, index, gender, age, country, heritage: heritageKey } = input;
  const profile = COUNTRY_PROFILES[country];
  const heritage = heritageKey ? HERITAGES[heritageKey] : null;
  const id = demoUserId(index);
  const reference = contactReferenceFor(index);
  const drawnCity = pick(rng, profile.cities);
  const city = input.city ?? drawnCity;
  const height = Math.round(clamp(gender === 'male' ? normal(rng, 177, 7) : normal(rng, 164, 6), 145, 205));
  const createdAt = daysBefore(ctx.now, int(rng, 1, 730), rng);
  const updatedAt = new Date(Math.min(ctx.now.getTime(), createdAt.getTime() + int(rng, 0, 90) * DAY_MS));
  const tribe = input.specialConsent && heritage ? heritage.tribe : null;

  const user: UserRow = {
    id,
    email: input.email.toLowerCase(),
    password_hash: ctx.passwordHash,
    role: input.role,
    status: input.active ? 'active' : 'suspended',
    first_name: input.firstName,
    last_name: input.lastName,
    handle: `${slugifyName(input.firstName)}_${reference.toLowerCase()}`,
    gender,
    date_of_birth: dateOfBirthForAge(age, int(rng, 0, 364), ctx.now),
    country_code: country,
    phone: input.phone,
    contact_reference: reference,
    height_cm: height,
    state_of_origin: input.state,
    city,
    profile_visibility: input.role !== 'member' || chance(rng, 0.95) ? 'visible' : 'hidden',
    email_verified_at: chance(rng, 0.95) ? updatedAt : null,
    identity_verified_at: chance(rng, 0.6) ? updatedAt : null,
    created_at: createdAt,
    updated_at: updatedAt,
  };
  batch.users.push(user);

  // answers
  const hobbies = sample(rng, HOBBIES, int(rng, 2, 4));
  const hobby = hobbies[0] ?? 'Reading';
  answer(ctx, batch, id, 'occupation', input.occupation);
  if (chance(rng, 0.9)) {
    answer(ctx, batch, id, 'education', age < 22 ? 'Undergraduate' : weighted(rng, EDUCATION));
  }
  if (chance(rng, 0.9)) {
    const languages = new Set<string>(['English']);
    if (heritage && chance(rng, 0.85)) languages.add(heritage.language);
    if (profile.localLanguage && (!heritage || chance(rng, 0.6))) languages.add(profile.localLanguage);
    if (!heritage && input.muslim && chance(rng, 0.5)) languages.add('Arabic');
    answer(ctx, batch, id, 'languages', [...languages].join(', '));
  }
  if (chance(rng, 0.95)) {
    answer(ctx, batch, id, 'relationship_goal', weighted(rng, age > 55 ? GOALS_LATER : GOALS));
  }
  if (chance(rng, 0.85)) {
    const hasChildren = chance(rng, clamp((age - 22) / 35, 0.02, 0.75));
    answer(ctx, batch, id, 'children', hasChildren ? weighted(rng, CHILDREN) : 'No children');
  }
  if (chance(rng, 0.7)) {
    answer(ctx, batch, id, 'wants_children', pick(rng, age >= 50 ? WANTS_CHILDREN_LATER : WANTS_CHILDREN));
  }
  if (chance(rng, 0.85)) answer(ctx, batch, id, 'hobbies', hobbies.join(', '));
  if (chance(rng, 0.7)) answer(ctx, batch, id, 'smoking', weighted(rng, SMOKING));
  if (chance(rng, 0.65)) {
    answer(ctx, batch, id, 'drinking', input.muslim ? 'Never' : weighted(rng, DRINKING));
  }
  const religion = input.muslim ? 'Muslim' : weighted(rng, CHRISTIAN_DENOMINATIONS);
  if (input.specialConsent) {
    batch.consents.push({
      id: rowId('consent', index),
      user_id: id,
      purpose: SPECIAL_CATEGORY_CONSENT.purpose,
      text_version: SPECIAL_CATEGORY_CONSENT.textVersion,
      granted_at: createdAt,
    });
    if (chance(rng, 0.9)) answer(ctx, batch, id, 'religion', religion);
    if (chance(rng, 0.8)) {
      const ethnicity = heritage
        ? country === 'GB'
          ? 'Black British – African'
          : 'Black African'
        : pick(rng, profile.localEthnicities ?? ['Black African']);
      answer(ctx, batch, id, 'ethnicity', ethnicity);
    }
    if (tribe) answer(ctx, batch, id, 'tribe', tribe);
  }

  // photos, citizenships, core values, communities
  const photoCount = input.role === 'member' ? int(rng, 1, MAX_PHOTOS) : 1;
  for (let n = 1; n <= photoCount; n++) {
    batch.photos.push({
      id: rowId('photo', index * MAX_PHOTOS + n - 1),
      user_id: id,
      url: avatarUrl(reference, n),
      position: n - 1,
      created_at: createdAt,
    });
  }

  const citizenships = new Set<string>();
  if (heritage && heritage.country === country) {
    citizenships.add(country);
    if (chance(rng, 0.15)) citizenships.add(pick(rng, ['GB', 'US', 'CA']));
  } else if (heritage) {
    const roll = rng();
    if (roll < 0.8) citizenships.add(heritage.country);
    if (roll >= 0.3) citizenships.add(country);
  } else {
    citizenships.add(country);
    if (chance(rng, 0.1)) citizenships.add(pick(rng, ['GB', 'US', 'FR', 'NG', 'GH']));
  }
  for (const code of citizenships) batch.citizenships.push({ user_id: id, country_code: code });

  sample(rng, CORE_VALUES, int(rng, 2, 3)).forEach((value, position) =>
    batch.coreValues.push({ user_id: id, value, position }),
  );

  if (input.role === 'member') {
    const slugs = new Set<string>();
    const professional = professionalCommunity(input.occupation);
    if (professional && chance(rng, 0.6)) slugs.add(professional);
    if (input.specialConsent && chance(rng, 0.4)) {
      slugs.add(
        religion === 'Muslim'
          ? 'muslim-singles-circle'
          : religion === 'Christian (Catholic)'
            ? 'catholic-singles'
            : 'christian-singles-fellowship',
      );
    }
    const wanted = int(rng, 1, 3);
    while (slugs.size < wanted) slugs.add(pick(rng, INTEREST_SLUGS));
    for (const slug of slugs) membership(ctx, batch, id, slug, daysBefore(updatedAt, int(rng, 0, 30), rng));
  }

  return {
    index,
    id,
    reference,
    gender,
    age,
    firstName: input.firstName,
    city,
    occupation: input.occupation,
    hobby,
    height,
    state: input.state,
    tribe,
    createdAt,
    active: input.active,
  };
}

export function remember(facts: MemberFacts, member: Member): void {
  const g = member.gender === 'male' ? 1 : 0;
  facts.gender[member.index] = g;
  facts.age[member.index] = member.age;
  facts.firstName[member.index] = member.firstName;
  facts.occupation[member.index] = member.occupation;
  facts.city[member.index] = member.city;
  facts.hobby[member.index] = member.hobby;
  if (member.active) facts.pool[g].push(member.index);
}

function generatedMember(ctx: MemberContext, batch: Batch, index: number, generated: number): Member {
  const rng = mulberry32(mixSeed(DEMO_SEED, index));
  // the first members cover every country and both genders, so that even a small data set shows them all
  const country: CountryCode =
    generated < COUNTRIES.length ? (COUNTRIES[generated]?.code ?? 'GB') : weighted(rng, COUNTRY_WEIGHTS);
  const gender: Gender =
    generated < 2 * COUNTRIES.length ? (generated % 2 ? 'male' : 'female') : pick(rng, ['male', 'female']);
  const ageBand = rng();
  const age = ageBand < 0.7 ? int(rng, 24, 45) : ageBand < 0.9 ? int(rng, 46, 60) : int(rng, 18, 75);

  const profile = COUNTRY_PROFILES[country];
  const local = !!profile.localNames && chance(rng, profile.localShare);
  const heritageKey: HeritageKey | null = local ? null : weighted(rng, profile.heritages);
  const heritage = heritageKey ? HERITAGES[heritageKey] : null;
  const muslim = heritage
    ? chance(rng, heritage.muslimShare)
    : country === 'AE'
      ? chance(rng, 0.8)
      : chance(rng, 0.05);

  const pool = heritage ? heritage.names : (profile.localNames ?? HERITAGES.yoruba.names);
  const firstName =
    heritage && !muslim && chance(rng, 0.25)
      ? pick(rng, SHARED_FIRST_NAMES[gender])
      : pick(rng, pool[gender]);
  const lastName = pick(rng, pool.last);

  const [baseOccupation] = pick(rng, OCCUPATIONS);
  const occupation =
    age < 23 ? pick(rng, YOUNG_OCCUPATIONS) : age >= 66 ? `Retired ${baseOccupation}` : baseOccupation;

  return addMember(ctx, batch, {
    index,
    rng,
    role: 'member',
    email: `${slugifyName(firstName)}.${slugifyName(lastName)}.${generated + 1}@example.com`,
    firstName,
    lastName,
    gender,
    age,
    country,
    heritage: heritageKey,
    state: heritage ? pick(rng, heritage.states) : null,
    phone: profile.phone(rng),
    occupation,
    muslim,
    specialConsent: chance(rng, 0.7),
    active: chance(rng, 0.985),
  });
}

/**
 * Members `start` to `end - 1` of the generated ones (index DEMO_ACCOUNTS.length + n) with all their rows, and
 * which of them own an introduction. Depends on nothing but `ctx` and the numbers, so any thread can make any batch.
 */
export function generateMemberBatch(
  ctx: MemberContext,
  start: number,
  end: number,
): { batch: Batch; members: Member[]; owners: boolean[] } {
  const batch = emptyBatch();
  const members: Member[] = [];
  const owners: boolean[] = [];
  for (let generated = start; generated < end; generated++) {
    const member = generatedMember(ctx, batch, DEMO_ACCOUNTS.length + generated, generated);
    members.push(member);
    const ownerRng = mulberry32(mixSeed(INTRO_SEED + 1, member.index));
    owners.push(member.active && chance(ownerRng, INTRODUCTION_SHARE));
  }
  return { batch, members, owners };
}
