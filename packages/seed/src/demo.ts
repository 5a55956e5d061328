// The demo data set: four demo accounts plus N generated members with profiles and introductions. Deterministic
// (seeded PRNG, ids included) and batched, so `--members 100000` on PostgreSQL takes seconds, not minutes.
import { hashPassword } from '@rhema/auth';
import type { DB, Database } from '@rhema/db';
import { COUNTRIES, INTRODUCTION_DEFAULTS, type CountryCode, type Gender } from '@rhema/schemas';
import { sql, type Insertable } from 'kysely';
import {
  COMMUNITIES,
  CORE_VALUES,
  SPECIAL_CATEGORY_CONSENT,
  loadContentIds,
  seedContent,
  type SeedContentResult,
} from './content';
import { insertWriter, type RowWriter, type TableRows } from './bulk';
import { MemberWorkers } from './member-workers';
import type { IntroductionStatus } from './introductions';
import {
  CHRISTIAN_DENOMINATIONS,
  CONSULTANT_NOTES,
  COUNTRY_PROFILES,
  EDUCATION,
  HERITAGES,
  HOBBIES,
  INTRODUCTION_DETAILS,
  INTRODUCTION_REQUEST_MESSAGES,
  OCCUPATIONS,
  REQUEST_MESSAGES,
  RESPONSE_MESSAGES_ACCEPTED,
  RESPONSE_MESSAGES_REJECTED,
  SHARED_FIRST_NAMES,
  YOUNG_OCCUPATIONS,
  fill,
  type HeritageKey,
} from './people';
import {
  chance,
  int,
  mixSeed,
  mulberry32,
  normal,
  pick,
  sample,
  uuidV7From,
  weighted,
  type Rng,
} from './random';
import { avatarUrl, contactReferenceFor, dateOfBirthForAge, slugifyName, type UserRow } from './users';

export const DEMO_PASSWORD_DEFAULT = 'rhema-demo-2024';
export const MAX_DEMO_MEMBERS = 1_000_000;

export interface DemoAccount {
  key: 'admin' | 'consultant' | 'member' | 'member2';
  index: number;
  email: string;
  role: 'admin' | 'consultant' | 'member';
  first_name: string;
  last_name: string;
  gender: Gender;
  age: number;
  phone: string;
  city: string;
  heritage: HeritageKey;
  state_of_origin: string;
  occupation: string;
}

/** The accounts a developer signs in with. Phones are in Ofcom's drama range, never a real person's. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'admin',
    index: 0,
    email: 'admin@example.com',
    role: 'admin',
    first_name: 'Adwoa',
    last_name: 'Boateng',
    gender: 'female',
    age: 41,
    phone: '+447700900101',
    city: 'London',
    heritage: 'akan',
    state_of_origin: 'Ashanti',
    occupation: 'Operations Director',
  },
  {
    key: 'consultant',
    index: 1,
    email: 'consultant@example.com',
    role: 'consultant',
    first_name: 'Chinedu',
    last_name: 'Okafor',
    gender: 'male',
    age: 36,
    phone: '+447700900102',
    city: 'London',
    heritage: 'igbo',
    state_of_origin: 'Anambra',
    occupation: 'Matchmaking Consultant',
  },
  {
    key: 'member',
    index: 2,
    email: 'member@example.com',
    role: 'member',
    first_name: 'Kemi',
    last_name: 'Adebayo',
    gender: 'female',
    age: 32,
    phone: '+447700900103',
    city: 'London',
    heritage: 'yoruba',
    state_of_origin: 'Lagos',
    occupation: 'Pharmacist',
  },
  {
    key: 'member2',
    index: 3,
    email: 'member2@example.com',
    role: 'member',
    first_name: 'Tunde',
    last_name: 'Bakare',
    gender: 'male',
    age: 35,
    phone: '+447700900104',
    city: 'London',
    heritage: 'yoruba',
    state_of_origin: 'Ogun',
    occupation: 'Software Engineer',
  },
];

const DEMO_SEED = 20_240_406;
const ID_SEED = 7_919;
const INTRO_SEED = 104_729;
const DEFAULT_BATCH = 1_000;
const INTRODUCTION_SHARE = 0.2;
// Status by introduction number, so that even a small data set holds every status: 5 open, 1 of each other.
const STATUS_CYCLE: readonly IntroductionStatus[] = [
  'open',
  'requested',
  'open',
  'accepted',
  'open',
  'rejected',
  'open',
  'open',
];
const INTEREST_SLUGS = COMMUNITIES.filter((c) => c.kind === 'interest').map((c) => c.slug);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SeedDemoOptions {
  /** Generated members besides the four demo accounts (0..1,000,000). */
  members?: number;
  /** Password of every account, demo and generated. */
  password?: string;
  /** A ready argon2id hash, to skip hashing (tests that seed many times). */
  passwordHash?: string;
  onProgress?: (done: number, total: number) => void;
  /** Members per round of inserts. */
  batchSize?: number;
  /** Batches written at once (on separate pooled connections; PGlite runs them one after the other). */
  concurrency?: number;
  /** How rows are written (bulk.ts): multi-row INSERTs through `db` by default, COPY with `copyWriter`. */
  writer?: RowWriter | undefined;
  /** Worker threads generating members, for a writer that takes binary COPY (copyWriter); 0 generates in this one. */
  workers?: number;
  /** Each step's time as it ends: members, introductions, indexes (put off by the writer), statistics. */
  onPhase?: (phase: 'members' | 'introductions' | 'indexes' | 'statistics', seconds: number) => void;
  /** The instant the data set is built around (member ages, join dates); the current time by default. */
  now?: Date;
}

export interface SeedDemoResult {
  content: SeedContentResult;
  users: number;
  members: number;
  profileAnswers: number;
  photos: number;
  citizenships: number;
  coreValues: number;
  communityMemberships: number;
  consents: number;
  introductions: number;
  introductionsByStatus: Record<IntroductionStatus, number>;
  introductionRequests: number;
  suggestionCodes: number;
}

/** Every row the seed writes, so callers can report rows per second. */
export function totalRows(result: SeedDemoResult): number {
  return (
    result.content.faqs +
    result.content.questions +
    result.content.communities +
    result.users +
    result.profileAnswers +
    result.photos +
    result.citizenships +
    result.coreValues +
    result.communityMemberships +
    result.consents +
    result.introductions +
    result.introductionRequests +
    result.suggestionCodes
  );
}

type Rows<T extends keyof DB> = Insertable<DB[T]>[];

export interface Batch {
  users: Rows<'users'>;
  answers: Rows<'profile_answers'>;
  photos: Rows<'photos'>;
  citizenships: Rows<'user_citizenships'>;
  coreValues: Rows<'user_core_values'>;
  memberships: Rows<'community_memberships'>;
  consents: Rows<'user_consents'>;
  introductions: Rows<'introductions'>;
  requests: Rows<'introduction_requests'>;
  codes: Rows<'suggestion_codes'>;
}

function emptyBatch(): Batch {
  return {
    users: [],
    answers: [],
    photos: [],
    citizenships: [],
    coreValues: [],
    memberships: [],
    consents: [],
    introductions: [],
    requests: [],
    codes: [],
  };
}

/** What later members need to know about an earlier one, kept compactly (strings are shared list entries). */
interface MemberFacts {
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

interface Context extends MemberContext {
  consultantId: string;
  facts: MemberFacts;
  introductionCount: number;
  /** Suggestion codes made so far (their ids' ordinal). */
  codeCount: number;
  result: SeedDemoResult;
}

// Ids are UUIDv7-shaped with one millisecond per row from these instants: deterministic and index-friendly.
const USER_ID_EPOCH = Date.UTC(2024, 0, 1);
const INTRODUCTION_ID_EPOCH = Date.UTC(2024, 6, 1);
// Users, the rows made by the million (photos, consents) and the introductions' requests and suggestion codes get
// their ids this way, each kind from its own instant and seed by its ordinal: they draw nothing from a member's
// stream (which would change every later value) and spare the server a gen_random_uuid() per row (decision 100).
const ROW_IDS = {
  user: [USER_ID_EPOCH, ID_SEED],
  photo: [Date.UTC(2024, 1, 1), 15_485_863],
  consent: [Date.UTC(2024, 2, 1), 32_452_843],
  request: [Date.UTC(2024, 7, 1), 49_979_687],
  code: [Date.UTC(2024, 8, 1), 67_867_967],
} as const;

function rowId(kind: keyof typeof ROW_IDS, ordinal: number): string {
  const [epoch, seed] = ROW_IDS[kind];
  return uuidV7From(epoch + ordinal, mulberry32(mixSeed(seed, ordinal)));
}

/** At most this many photos per member: photo ids are numbered index * MAX_PHOTOS + position. */
const MAX_PHOTOS = 3;

/** The id of the demo user with this index (0..3 the demo accounts, then the generated members). */
export function demoUserId(index: number): string {
  return rowId('user', index);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function notAfter(now: Date, time: number): Date {
  return new Date(Math.min(now.getTime(), time));
}

function daysBefore(now: Date, days: number, rng: Rng): Date {
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

interface ProfileInput {
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
function addMember(ctx: MemberContext, batch: Batch, input: ProfileInput): Member {
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
    is_profile_public: input.role !== 'member' || chance(rng, 0.95),
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

function remember(facts: MemberFacts, member: Member): void {
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

/** A member of the other gender, preferably within the age range. */
function pickPartner(
  facts: MemberFacts,
  rng: Rng,
  gender: Gender,
  minAge: number,
  maxAge: number,
): number | null {
  const pool = facts.pool[gender === 'male' ? 0 : 1];
  if (pool.length === 0) return null;
  let candidate = pick(rng, pool);
  for (let attempt = 0; attempt < 8; attempt++) {
    const age = facts.age[candidate] ?? 0;
    if (age >= minAge && age <= maxAge) return candidate;
    candidate = pick(rng, pool);
  }
  return candidate;
}

function addIntroduction(
  ctx: Context,
  batch: Batch,
  owner: Member,
  forced?: Partial<Insertable<DB['introductions']>>,
  randomRequests = true,
): string {
  const rng = mulberry32(mixSeed(INTRO_SEED, ctx.introductionCount));
  const { facts } = ctx;
  const id = uuidV7From(INTRODUCTION_ID_EPOCH + ctx.introductionCount, rng);
  let status = STATUS_CYCLE[ctx.introductionCount % STATUS_CYCLE.length] ?? 'open';
  ctx.introductionCount++;

  const defaults = chance(rng, 0.15);
  const minAge = defaults
    ? INTRODUCTION_DEFAULTS.minAge
    : owner.gender === 'male'
      ? Math.max(18, owner.age - int(rng, 8, 14))
      : Math.max(18, owner.age - int(rng, 0, 3));
  const maxAge = defaults
    ? INTRODUCTION_DEFAULTS.maxAge
    : Math.max(minAge, owner.gender === 'male' ? owner.age + int(rng, 0, 3) : owner.age + int(rng, 6, 14));

  let prematched = status !== 'open' || chance(rng, 0.35);
  const contactIndex = prematched ? pickPartner(facts, rng, owner.gender, minAge, maxAge) : null;
  if (prematched && contactIndex === null) {
    prematched = false;
    status = 'open';
  }
  const contactName = contactIndex === null ? '' : (facts.firstName[contactIndex] ?? '');
  const isPublic = !prematched && chance(rng, 0.6);
  const isActive =
    status === 'open' ? chance(rng, 0.7) : status === 'rejected' ? chance(rng, 0.3) : chance(rng, 0.8);
  const createdAt = new Date(
    owner.createdAt.getTime() + rng() * Math.max(0, ctx.now.getTime() - owner.createdAt.getTime()) * 0.8,
  );
  const requestedAt =
    status === 'open' ? null : notAfter(ctx.now, createdAt.getTime() + int(rng, 1, 72) * HOUR_MS);
  const respondedAt =
    requestedAt && (status === 'accepted' || status === 'rejected')
      ? notAfter(ctx.now, requestedAt.getTime() + int(rng, 1, 48) * HOUR_MS)
      : null;
  const values = {
    first: owner.firstName,
    city: owner.city,
    min: minAge,
    max: maxAge,
    contact: contactName,
    occupation: owner.occupation.toLowerCase(),
    hobby: owner.hobby.toLowerCase(),
  };

  batch.introductions.push({
    id,
    owner_id: owner.id,
    contact_id: contactIndex === null ? null : demoUserId(contactIndex),
    created_by: ctx.consultantId,
    status,
    is_active: isActive,
    min_age: minAge,
    max_age: maxAge,
    min_height: chance(rng, 0.5)
      ? owner.gender === 'female'
        ? int(rng, 168, 182)
        : int(rng, 150, 165)
      : null,
    my_height: owner.height,
    state: owner.state,
    tribe: owner.tribe,
    city: owner.city,
    distant_relationship: chance(rng, 0.25),
    is_public: isPublic,
    details: chance(rng, 0.8) ? fill(pick(rng, INTRODUCTION_DETAILS), values) : null,
    note: chance(rng, 0.75) ? fill(pick(rng, CONSULTANT_NOTES), values) : null,
    request_message: requestedAt ? fill(pick(rng, REQUEST_MESSAGES), values) : null,
    response_message:
      status === 'accepted'
        ? pick(rng, RESPONSE_MESSAGES_ACCEPTED)
        : status === 'rejected'
          ? pick(rng, RESPONSE_MESSAGES_REJECTED)
          : null,
    requested_at: requestedAt,
    responded_at: respondedAt,
    created_at: createdAt,
    updated_at: respondedAt ?? requestedAt ?? createdAt,
    ...forced,
  });
  const finalStatus = (forced?.status ?? status) as IntroductionStatus;
  ctx.result.introductionsByStatus[finalStatus]++;
  ctx.result.introductions++;

  // suggestion codes: references of members the consultant thinks may suit the owner
  if (chance(rng, 0.35)) {
    const codes = new Set<string>();
    const wanted = int(rng, 1, 3);
    for (let attempt = 0; attempt < wanted * 2 && codes.size < wanted; attempt++) {
      const suggested = pickPartner(facts, rng, owner.gender, minAge, maxAge);
      if (suggested !== null && suggested !== contactIndex) codes.add(contactReferenceFor(suggested));
    }
    for (const code of codes) {
      batch.codes.push({
        id: rowId('code', ctx.codeCount++),
        introduction_id: id,
        code,
        created_by: ctx.consultantId,
      });
    }
  }

  // requests on public, active introductions: "I am interested in {first name}"
  const isPublicActive = (forced?.is_public ?? isPublic) && (forced?.is_active ?? isActive);
  if (isPublicActive && randomRequests) {
    const requesters = new Set<number>();
    const wanted = int(rng, 0, 4);
    for (let attempt = 0; attempt < wanted * 2 && requesters.size < wanted; attempt++) {
      const requester = pickPartner(facts, rng, owner.gender, minAge, maxAge);
      if (requester !== null && requester !== owner.index) requesters.add(requester);
    }
    for (const requester of requesters) addRequest(ctx, batch, rng, id, owner, requester, createdAt);
  }
  return id;
}

function addRequest(
  ctx: Context,
  batch: Batch,
  rng: Rng,
  introductionId: string,
  owner: Member,
  requester: number,
  after: Date,
): void {
  const { facts } = ctx;
  const message = fill(pick(rng, INTRODUCTION_REQUEST_MESSAGES), {
    contact: owner.firstName,
    occupation: (facts.occupation[requester] ?? 'professional').toLowerCase(),
    city: facts.city[requester] ?? 'London',
    hobby: (facts.hobby[requester] ?? 'reading').toLowerCase(),
  }).slice(0, 250);
  batch.requests.push({
    id: rowId('request', ctx.result.introductionRequests),
    introduction_id: introductionId,
    requester_id: demoUserId(requester),
    message,
    status: chance(rng, 0.3) ? 'presented' : 'pending',
    created_at: notAfter(ctx.now, after.getTime() + int(rng, 1, 240) * HOUR_MS),
  });
  ctx.result.introductionRequests++;
}

/** Runs tasks with at most `limit` at once; `add` waits for a free slot, `drain` for all and rethrows a failure. */
function concurrentWriter(limit: number): {
  add: (task: () => Promise<void>) => Promise<void>;
  drain: () => Promise<void>;
} {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  const check = () => {
    if (failure) throw failure.error;
  };
  return {
    add: async (task) => {
      check();
      while (running.size >= Math.max(1, limit)) await Promise.race(running);
      check();
      const promise: Promise<void> = task()
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    drain: async () => {
      await Promise.all(running);
      check();
    },
  };
}

/** A batch's tables in the order they are written (parents first). */
export function batchTables(batch: Batch): TableRows[] {
  return [
    ['users', batch.users],
    ['profile_answers', batch.answers],
    ['photos', batch.photos],
    ['user_citizenships', batch.citizenships],
    ['user_core_values', batch.coreValues],
    ['community_memberships', batch.memberships],
    ['user_consents', batch.consents],
    ['introductions', batch.introductions],
    ['introduction_requests', batch.requests],
    ['suggestion_codes', batch.codes],
  ];
}

/** Adds a written batch's rows to the totals (introductions and their requests are counted as they are made). */
function countRows(result: SeedDemoResult, counts: Partial<Record<keyof DB, number>>): void {
  result.users += counts.users ?? 0;
  result.profileAnswers += counts.profile_answers ?? 0;
  result.photos += counts.photos ?? 0;
  result.citizenships += counts.user_citizenships ?? 0;
  result.coreValues += counts.user_core_values ?? 0;
  result.communityMemberships += counts.community_memberships ?? 0;
  result.consents += counts.user_consents ?? 0;
  result.suggestionCodes += counts.suggestion_codes ?? 0;
}

async function writeBatch(writer: RowWriter, batch: Batch, result: SeedDemoResult): Promise<void> {
  const tables = batchTables(batch);
  await writer.write(tables);
  countRows(result, Object.fromEntries(tables.map(([table, rows]) => [table, rows.length])));
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

/** What the demo accounts' introductions need besides their rows (written once the introductions are). */
interface DemoExtras {
  /** member's match with an active premium */
  premiumIntroductionId: string;
  /** member's accepted introduction: both phone numbers were released when it was accepted */
  accepted: { id: string; ownerId: string; contactId: string; at: Date };
}

/**
 * The demo accounts' own introductions (README "Demo accounts"), all made by the consultant:
 * - member@example.com owns one in every status (open with an active premium, so it can be requested; requested;
 *   accepted, phones released; rejected), a public one with member2's request on it, and has member2's request
 *   addressed to them waiting for an answer; it lands on its introductions after login;
 * - member2@example.com owns an open, pre-matched introduction and has no premium (requesting it answers 417), and a
 *   public one nobody has asked for yet.
 */
function addDemoIntroductions(ctx: Context, batch: Batch, member: Member, member2: Member): DemoExtras {
  const rng = mulberry32(DEMO_SEED + 2);
  // a generated member of the other sex when there are any (`--members 0` has none: then the other demo member)
  const partnerOf = (owner: Member, fallback: Member) => {
    const index = pickPartner(ctx.facts, rng, owner.gender, 18, 75);
    return index === null || index === owner.index ? fallback.id : demoUserId(index);
  };
  const daysAgo = (days: number) => new Date(ctx.now.getTime() - days * DAY_MS);
  const unanswered = {
    requested_at: null,
    responded_at: null,
    request_message: null,
    response_message: null,
  };

  // open, pre-matched with member2, active, with member's premium for it: member can request it
  const premiumIntroductionId = addIntroduction(ctx, batch, member, {
    contact_id: member2.id,
    status: 'open',
    is_active: true,
    is_public: false,
    min_age: 30,
    max_age: 42,
    ...unanswered,
    note: 'Kemi and Tunde both attend church in South London and want to marry within two years. Call Kemi first.',
    details:
      'Looking for a God-fearing man who is settled in his career, loves family and is ready for marriage.',
  });
  // public and active: other members can ask to be introduced (member2 already did)
  const publicId = addIntroduction(ctx, batch, member, {
    contact_id: null,
    status: 'open',
    is_active: true,
    is_public: true,
    ...unanswered,
  });
  if (!batch.requests.some((r) => r.introduction_id === publicId && r.requester_id === member2.id)) {
    addRequest(ctx, batch, mulberry32(DEMO_SEED), publicId, member, member2.index, daysAgo(1));
  }
  // member asked, the other side has not answered yet
  addIntroduction(ctx, batch, member, {
    contact_id: partnerOf(member, member2),
    status: 'requested',
    is_active: true,
    is_public: false,
    requested_at: daysAgo(3),
    responded_at: null,
    request_message: 'Hello, our consultant thinks we would get on well. I would love to talk.',
    response_message: null,
  });
  // accepted: both see each other's phone number
  const acceptedAt = daysAgo(5);
  const acceptedContact = partnerOf(member, member2);
  const acceptedId = addIntroduction(ctx, batch, member, {
    contact_id: acceptedContact,
    status: 'accepted',
    is_active: true,
    is_public: false,
    requested_at: daysAgo(7),
    responded_at: acceptedAt,
    request_message: 'Hello, I read your profile and would like to be introduced.',
    response_message: 'Happy to talk, please call me in the evening.',
  });
  addIntroduction(ctx, batch, member, {
    contact_id: partnerOf(member, member2),
    status: 'rejected',
    is_active: false,
    is_public: false,
    requested_at: daysAgo(12),
    responded_at: daysAgo(11),
    request_message: 'Hello, I would like to be introduced.',
    response_message: '',
  });
  // member2 asked to be introduced to member: member can accept or reject it
  addIntroduction(ctx, batch, member2, {
    contact_id: member.id,
    status: 'requested',
    is_active: true,
    is_public: false,
    min_age: 27,
    max_age: 36,
    requested_at: daysAgo(2),
    responded_at: null,
    request_message:
      'Hello Kemi, our consultant told me about you and I would love to talk. I am based in London too.',
    response_message: null,
  });
  // member2's open, pre-matched introduction without premium: requesting it answers 417 (the premium flow)
  addIntroduction(ctx, batch, member2, {
    contact_id: partnerOf(member2, member),
    status: 'open',
    is_active: true,
    is_public: false,
    ...unanswered,
  });
  // member2's public introduction with no request yet: member can send one (e2e does)
  addIntroduction(
    ctx,
    batch,
    member2,
    { contact_id: null, status: 'open', is_active: true, is_public: true, ...unanswered },
    false,
  );
  return {
    premiumIntroductionId,
    accepted: { id: acceptedId, ownerId: member.id, contactId: acceptedContact, at: acceptedAt },
  };
}

/** member's active premium (confirmed by the consultant) and the phone releases of its accepted introduction. */
async function writeDemoExtras(
  db: Database,
  ctx: Context,
  member: Member,
  extras: DemoExtras,
): Promise<void> {
  const activatedAt = new Date(ctx.now.getTime() - 4 * DAY_MS);
  await db
    .insertInto('subscriptions')
    .values({
      user_id: member.id,
      introduction_id: extras.premiumIntroductionId,
      plan: 'premium',
      status: 'active',
      provider: 'manual',
      provider_reference: `RP-${extras.premiumIntroductionId.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      created_at: new Date(activatedAt.getTime() - DAY_MS),
      activated_at: activatedAt,
      confirmed_by: ctx.consultantId,
    })
    .execute();
  const { id, ownerId, contactId, at } = extras.accepted;
  const fields = ['international_phone_number', 'account_email'];
  await db
    .insertInto('contact_disclosures')
    .values([
      { subject_id: ownerId, viewer_id: contactId, introduction_id: id, fields, disclosed_at: at },
      { subject_id: contactId, viewer_id: ownerId, introduction_id: id, fields, disclosed_at: at },
    ])
    .execute();
}

/**
 * Seeds the demo data set: content, the four demo accounts (DEMO_ACCOUNTS) and `members` generated members with
 * profiles and introductions in every status. Deterministic: the same `members` gives the same people, refs
 * and ids. Expects the demo accounts not to exist yet (use resetDatabase first).
 */
export async function seedDemo(db: Database, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const members = options.members ?? 200;
  if (!Number.isInteger(members) || members < 0 || members > MAX_DEMO_MEMBERS) {
    throw new RangeError(`members must be an integer from 0 to ${MAX_DEMO_MEMBERS}, got ${members}`);
  }
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
  const passwordHash =
    options.passwordHash ?? (await hashPassword(options.password ?? DEMO_PASSWORD_DEFAULT));
  const content = await seedContent(db);
  const { questionIds, communityIds } = await loadContentIds(db);
  const total = DEMO_ACCOUNTS.length + members;
  const result: SeedDemoResult = {
    content,
    users: 0,
    members,
    profileAnswers: 0,
    photos: 0,
    citizenships: 0,
    coreValues: 0,
    communityMemberships: 0,
    consents: 0,
    introductions: 0,
    introductionsByStatus: { open: 0, requested: 0, accepted: 0, rejected: 0 },
    introductionRequests: 0,
    suggestionCodes: 0,
  };
  const ctx: Context = {
    now: options.now ?? new Date(),
    passwordHash,
    questionIds,
    communityIds,
    consultantId: demoUserId(1),
    facts: {
      gender: new Uint8Array(total),
      age: new Uint8Array(total),
      firstName: new Array<string>(total),
      occupation: new Array<string>(total),
      city: new Array<string>(total),
      hobby: new Array<string>(total),
      pool: [[], []],
    },
    introductionCount: 0,
    codeCount: 0,
    result,
  };

  // the demo accounts: indices 0..3
  const accounts = emptyBatch();
  const demoMembers = new Map<DemoAccount['key'], Member>();
  for (const account of DEMO_ACCOUNTS) {
    const member = addMember(ctx, accounts, {
      index: account.index,
      rng: mulberry32(mixSeed(DEMO_SEED + 1, account.index)),
      role: account.role,
      email: account.email,
      firstName: account.first_name,
      lastName: account.last_name,
      gender: account.gender,
      age: account.age,
      country: 'GB',
      heritage: account.heritage,
      state: account.state_of_origin,
      phone: account.phone,
      city: account.city,
      occupation: account.occupation,
      muslim: false,
      specialConsent: account.role === 'member',
      active: true,
    });
    demoMembers.set(account.key, member);
    if (account.role === 'member') remember(ctx.facts, member);
  }
  const rows = options.writer ?? insertWriter(db);
  await writeBatch(rows, accounts, result);
  let done = 0;
  options.onProgress?.(done, members);

  // Members first, written by `concurrency` transactions at once; introductions only once every member is
  // committed, because they point at members of any batch (contacts, requesters, suggestion codes).
  let phaseStarted = performance.now();
  const phase = (name: Parameters<NonNullable<SeedDemoOptions['onPhase']>>[0]) => {
    const now = performance.now();
    options.onPhase?.(name, (now - phaseStarted) / 1000);
    phaseStarted = now;
  };
  const writer = concurrentWriter(options.concurrency ?? 2);
  const owners: Member[] = [];
  const take = (members: readonly Member[], owns: readonly boolean[]) => {
    members.forEach((member, i) => {
      remember(ctx.facts, member);
      if (owns[i]) owners.push(member);
    });
  };
  const batches: [number, number][] = [];
  for (let start = 0; start < members; start += batchSize) {
    batches.push([start, Math.min(members, start + batchSize)]);
  }
  const threads = Math.min(options.workers ?? 0, batches.length);
  const { writeCopy, columnTypes } = rows;
  if (threads > 0 && writeCopy && columnTypes) {
    // generated in worker threads as binary COPY, taken back in order (the facts of later steps depend on it)
    const workers = new MemberWorkers(threads, ctx, columnTypes);
    try {
      const pending: ReturnType<MemberWorkers['run']>[] = [];
      let next = 0;
      const fill = () => {
        while (next < batches.length && pending.length < threads * 2) {
          const [start, end] = batches[next++] as [number, number];
          pending.push(workers.run(start, end));
        }
      };
      fill();
      for (let made = pending.shift(); made; made = pending.shift()) {
        const { tables, members: batchMembers, owners: owns } = await made;
        fill();
        take(batchMembers, owns);
        await writer.add(async () => {
          await writeCopy(tables);
          countRows(result, Object.fromEntries(tables.map(([table, , count]) => [table, count])));
          done += batchMembers.length;
          options.onProgress?.(done, members);
        });
      }
    } finally {
      await workers.close();
    }
  } else {
    for (const [start, end] of batches) {
      const { batch, members: batchMembers, owners: owns } = generateMemberBatch(ctx, start, end);
      take(batchMembers, owns);
      await writer.add(async () => {
        await writeBatch(rows, batch, result);
        done += end - start;
        options.onProgress?.(done, members);
      });
    }
  }
  await writer.drain();
  phase('members');

  const ownersPerBatch = batchSize * 2;
  for (let start = 0; start < owners.length; start += ownersPerBatch) {
    const batch = emptyBatch();
    for (const owner of owners.slice(start, start + ownersPerBatch)) addIntroduction(ctx, batch, owner);
    await writer.add(() => writeBatch(rows, batch, result));
  }
  const member = demoMembers.get('member');
  const member2 = demoMembers.get('member2');
  let extras: DemoExtras | undefined;
  if (member && member2) {
    const batch = emptyBatch();
    extras = addDemoIntroductions(ctx, batch, member, member2);
    await writer.add(() => writeBatch(rows, batch, result));
  }
  await writer.drain();
  phase('introductions');
  await rows.finish();
  phase('indexes');
  // subscriptions and disclosures of the demo flow, once their introductions are in (and indexed)
  if (member && extras) await writeDemoExtras(db, ctx, member, extras);

  // The visibility map of the tables the console reads index-only (docs/decisions/090: counts and deep pages
  // never visit the table), which a bulk load leaves empty until autovacuum comes round, and fresh statistics for
  // every table, so the first searches on a large data set get good plans.
  // Two at a time (a pool has the connections; PGlite takes them in turn): the vacuums of the two large tables
  // first, then the ANALYZE of each other table.
  const others = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => name !== 'users' && name !== 'introductions');
  const queue = [
    sql`VACUUM (ANALYZE) users`,
    sql`VACUUM (ANALYZE) introductions`,
    ...others.map((name) => sql`ANALYZE ${sql.table(name)}`),
  ];
  await Promise.all(
    [0, 1].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await next.execute(db);
    }),
  );
  phase('statistics');
  return result;
}

/** The tables of the domain migration, children first. */
export const DOMAIN_TABLES = [
  'audit_log',
  // rate-limit windows and early signups: a reset database starts with none
  'rate_limit_hits',
  'training_signups',
  'sessions',
  'password_reset_requests',
  'faqs',
  'contact_disclosures',
  'subscriptions',
  'suggestion_codes',
  'introduction_requests',
  'introductions',
  'community_memberships',
  'communities',
  'user_consents',
  'user_core_values',
  'user_citizenships',
  'photos',
  'profile_answers',
  'profile_questions',
  'users',
] as const satisfies readonly (keyof DB)[];

/**
 * Empties every table (the migration bookkeeping is kept). For the dev seed's --reset and for tests. The tables
 * are read from the database, so a table added by a later migration is emptied too.
 */
export async function resetDatabase(db: Database): Promise<void> {
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_migration'));
  await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))} RESTART IDENTITY CASCADE`.execute(db);
}
