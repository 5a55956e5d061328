import { verifyPassword } from '@rhema/auth';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { ageOn, COUNTRY_CODES, INTRODUCTION_STATUSES, REQUEST_MESSAGE_MAX } from '@rhema/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { totalRows, type SeedDemoResult } from './demo-batch';
import { DOMAIN_TABLES, resetDatabase } from './reset';
import { REFERENCE_ALPHABET } from './users';

const PASSWORD = 'a-test-password-2024';

async function people(handle: DbHandle) {
  return handle.db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'role',
      'first_name',
      'last_name',
      'gender',
      'date_of_birth',
      'country_code',
      'phone',
      'contact_reference',
      'handle',
      'state_of_origin',
      'city',
      'height_cm',
    ])
    .orderBy('contact_reference')
    .execute();
}

/** member owns every status, premium on an open one, one addressed to them waiting; member2 open, no premium. */
async function expectDemoFlowShape(handle: DbHandle) {
  const rows = await handle.db
    .selectFrom('introductions')
    .innerJoin('users as owner', 'owner.id', 'introductions.owner_id')
    .leftJoin('users as contact', 'contact.id', 'introductions.contact_id')
    .innerJoin('users as creator', 'creator.id', 'introductions.created_by')
    .select([
      'introductions.id',
      'owner.email as owner',
      'contact.email as contact',
      'introductions.contact_id',
      'introductions.status',
      'introductions.is_active',
      'creator.role as creator',
    ])
    .where((eb) =>
      eb.or([
        eb('owner.email', 'in', ['member@example.com', 'member2@example.com']),
        eb('contact.email', 'in', ['member@example.com', 'member2@example.com']),
      ]),
    )
    .execute();
  const demoRows = rows.filter((r) => r.owner === 'member@example.com' || r.owner === 'member2@example.com');
  expect(new Set(demoRows.map((r) => r.creator))).toEqual(new Set(['consultant']));
  const owned = rows.filter((r) => r.owner === 'member@example.com');
  expect(new Set(owned.map((r) => r.status))).toEqual(new Set(INTRODUCTION_STATUSES));
  expect(rows).toContainEqual(
    expect.objectContaining({
      owner: 'member2@example.com',
      contact: 'member@example.com',
      status: 'requested',
    }),
  );
  const premiums = await handle.db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .select(['users.email', 'subscriptions.introduction_id', 'subscriptions.status'])
    .where('users.email', 'in', ['member@example.com', 'member2@example.com'])
    .execute();
  expect(premiums).toHaveLength(1);
  const premium = owned.find((r) => r.id === premiums[0]!.introduction_id);
  expect(premiums[0]).toMatchObject({ email: 'member@example.com', status: 'active' });
  expect(premium).toMatchObject({ status: 'open', is_active: true, contact: expect.any(String) });
  // member2's open, pre-matched introduction: requesting it answers 417
  expect(
    rows.some(
      (r) => r.owner === 'member2@example.com' && r.status === 'open' && r.contact_id !== null && r.is_active,
    ),
  ).toBe(true);
  // the accepted one released both phone numbers, and the log says so
  const accepted = owned.find((r) => r.status === 'accepted')!;
  const released = await handle.db
    .selectFrom('contact_disclosures')
    .select(['subject_id', 'viewer_id'])
    .where('introduction_id', '=', accepted.id)
    .execute();
  expect(released).toHaveLength(2);
}

describe('seedDemo', () => {
  let first: DbHandle;
  let second: DbHandle;
  let result: SeedDemoResult;
  let passwordHash: string;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDb(), createTestDb()]);
    result = await seedDemo(first.db, { members: 60, password: PASSWORD });
    const admin = await first.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    passwordHash = admin.password_hash ?? '';
    await seedDemo(second.db, { members: 60, passwordHash });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('is deterministic: two fresh databases get the same people, references and ids', async () => {
    const [a, b] = await Promise.all([people(first), people(second)]);
    expect(a).toHaveLength(64);
    expect(b).toEqual(a);
    const intro = (h: DbHandle) =>
      h.db
        .selectFrom('introductions')
        .select([
          'id',
          'owner_id',
          'contact_id',
          'status',
          'is_public',
          'is_active',
          'min_age',
          'max_age',
          'note',
        ])
        .orderBy('id')
        .execute();
    expect(await intro(second)).toEqual(await intro(first));
  });

  it('creates the four demo accounts with their roles and one shared, working password hash', async () => {
    const accounts = await first.db
      .selectFrom('users')
      .select(['email', 'role', 'status'])
      .where(
        'email',
        'in',
        DEMO_ACCOUNTS.map((a) => a.email),
      )
      .orderBy('email')
      .execute();
    expect(accounts).toEqual([
      { email: 'admin@example.com', role: 'admin', status: 'active' },
      { email: 'consultant@example.com', role: 'consultant', status: 'active' },
      { email: 'member2@example.com', role: 'member', status: 'active' },
      { email: 'member@example.com', role: 'member', status: 'active' },
    ]);
    expect(await verifyPassword(passwordHash, PASSWORD)).toBe(true);
    const hashes = await first.db.selectFrom('users').select('password_hash').distinct().execute();
    expect(hashes).toEqual([{ password_hash: passwordHash }]);
  });

  it('returns counts that match the rows written', async () => {
    const count = async (table: (typeof DOMAIN_TABLES)[number]) => {
      const row = await first.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    expect(result.members).toBe(60);
    expect(await count('users')).toBe(result.users);
    expect(result.users).toBe(64);
    expect(await count('profile_answers')).toBe(result.profileAnswers);
    expect(await count('photos')).toBe(result.photos);
    expect(await count('user_citizenships')).toBe(result.citizenships);
    expect(await count('user_core_values')).toBe(result.coreValues);
    expect(await count('community_memberships')).toBe(result.communityMemberships);
    expect(await count('user_consents')).toBe(result.consents);
    expect(await count('introductions')).toBe(result.introductions);
    expect(await count('introduction_requests')).toBe(result.introductionRequests);
    expect(await count('suggestion_codes')).toBe(result.suggestionCodes);
    expect(Object.values(result.introductionsByStatus).reduce((a, b) => a + b, 0)).toBe(result.introductions);
    expect(totalRows(result)).toBeGreaterThan(500);
  });

  it('covers every country, both genders and ages 18 to 75, with lower-case emails and E.164 phones', async () => {
    const rows = await people(first);
    const members = rows.filter((r) => r.role === 'member');
    expect(new Set(members.map((r) => r.country_code))).toEqual(new Set(COUNTRY_CODES));
    expect(new Set(members.map((r) => r.gender))).toEqual(new Set(['male', 'female']));
    for (const row of rows) {
      const age = ageOn(row.date_of_birth, new Date());
      expect(age, row.email).toBeGreaterThanOrEqual(18);
      expect(age, row.email).toBeLessThanOrEqual(75);
      expect(row.email).toBe(row.email.toLowerCase());
      expect(row.phone).toMatch(/^\+[1-9]\d{7,14}$/);
      expect(row.first_name.trim()).not.toBe('');
      expect(row.height_cm).toBeGreaterThanOrEqual(145);
    }
    const dialling: Record<string, string> = {
      GB: '+44',
      NG: '+234',
      GH: '+233',
      ZA: '+27',
      SW: '+46',
      US: '+1',
    };
    for (const row of members) {
      const prefix = dialling[row.country_code];
      if (prefix && row.phone !== null)
        expect(row.phone.startsWith(prefix), `${row.email} ${row.phone}`).toBe(true);
    }
    // members from Nigeria, Ghana and South Africa say where their family is from
    const african = members.filter((r) => ['NG', 'GH', 'ZA'].includes(r.country_code));
    expect(african.length).toBeGreaterThan(0);
    for (const row of african) expect(row.state_of_origin).toBeTruthy();
    // their tribe is a special-category answer (kept with the consent only)
    const tribes = await first.db
      .selectFrom('profile_answers')
      .innerJoin('profile_questions', 'profile_questions.id', 'profile_answers.question_id')
      .select('profile_answers.user_id')
      .where('profile_questions.key', '=', 'tribe')
      .execute();
    const withTribe = new Set(tribes.map((t) => t.user_id));
    expect(african.some((r) => withTribe.has(r.id))).toBe(true);
  });

  it('gives unique six-character contact references from the unambiguous alphabet', async () => {
    const refs = (await people(first)).map((r) => r.contact_reference);
    expect(new Set(refs).size).toBe(refs.length);
    for (const ref of refs) expect(ref).toMatch(new RegExp(`^[${REFERENCE_ALPHABET}]{6}$`));
    expect(refs.join('')).not.toMatch(/[01OIL]/);
  });

  it('gives every member 1-3 avatar photos, citizenships, core values and communities', async () => {
    const { db } = first;
    const photos = await db
      .selectFrom('photos')
      .innerJoin('users', 'users.id', 'photos.user_id')
      .select(['photos.url', 'users.contact_reference', 'users.role'])
      .execute();
    for (const p of photos)
      expect(p.url).toMatch(new RegExp(`^/media/avatars/${p.contact_reference}-[1-3]\\.jpg$`));
    const perUser = async (
      table: 'photos' | 'user_citizenships' | 'user_core_values' | 'community_memberships',
    ) => {
      const { rows } = await sql<{ n: number }>`
        select count(t.user_id)::int as n from users u left join ${sql.table(table)} t on t.user_id = u.id
        where u.role = 'member' group by u.id`.execute(db);
      return rows;
    };
    const within = (rows: { n: string | number | bigint }[], min: number, max: number) => {
      for (const r of rows) {
        expect(Number(r.n)).toBeGreaterThanOrEqual(min);
        expect(Number(r.n)).toBeLessThanOrEqual(max);
      }
    };
    within(await perUser('photos'), 1, 3);
    within(await perUser('user_citizenships'), 1, 2);
    within(await perUser('user_core_values'), 2, 3);
    within(await perUser('community_memberships'), 1, 3);
    const occupations = await db
      .selectFrom('profile_answers')
      .innerJoin('profile_questions', 'profile_questions.id', 'profile_answers.question_id')
      .select('profile_answers.answer')
      .where('profile_questions.key', '=', 'occupation')
      .execute();
    expect(occupations.length).toBe(64);
  });

  it('keeps special-category answers only for members who consented', async () => {
    const withoutConsent = await first.db
      .selectFrom('profile_answers')
      .innerJoin('profile_questions', 'profile_questions.id', 'profile_answers.question_id')
      .leftJoin('user_consents', 'user_consents.user_id', 'profile_answers.user_id')
      .select('profile_answers.user_id')
      .where('profile_questions.is_special_category', '=', true)
      .where('user_consents.id', 'is', null)
      .execute();
    expect(withoutConsent).toEqual([]);
  });

  it('creates introductions in every status, pre-matched and public ones, notes, codes and requests', async () => {
    const { db } = first;
    const intros = await db
      .selectFrom('introductions')
      .select([
        'id',
        'owner_id',
        'contact_id',
        'status',
        'is_public',
        'is_active',
        'note',
        'min_age',
        'max_age',
      ])
      .execute();
    expect(new Set(intros.map((i) => i.status))).toEqual(new Set(INTRODUCTION_STATUSES));
    expect(intros.some((i) => i.contact_id !== null)).toBe(true);
    expect(intros.some((i) => i.is_public && i.is_active)).toBe(true);
    expect(intros.some((i) => i.note)).toBe(true);
    for (const i of intros) {
      expect(i.min_age).toBeLessThanOrEqual(i.max_age);
      if (i.status !== 'open') expect(i.contact_id, `${i.status} introduction has a contact`).not.toBeNull();
    }

    const codes = await db
      .selectFrom('suggestion_codes')
      .leftJoin('users', 'users.contact_reference', 'suggestion_codes.code')
      .select(['suggestion_codes.code', 'users.id as user_id'])
      .execute();
    expect(codes.length).toBeGreaterThan(0);
    for (const c of codes) {
      expect(c.code).toHaveLength(6);
      expect(c.user_id, `code ${c.code} names a member`).not.toBeNull();
    }

    const requests = await db
      .selectFrom('introduction_requests')
      .innerJoin('introductions', 'introductions.id', 'introduction_requests.introduction_id')
      .select([
        'introduction_requests.message',
        'introduction_requests.requester_id',
        'introductions.owner_id',
        'introductions.is_public',
      ])
      .execute();
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) {
      expect(r.is_public).toBe(true);
      expect(r.requester_id).not.toBe(r.owner_id);
      expect(r.message.length).toBeGreaterThan(0);
      expect(r.message.length).toBeLessThanOrEqual(REQUEST_MESSAGE_MAX);
    }
  });

  it('gives member@example.com introductions, one of them with member2@example.com as contact', async () => {
    const rows = await first.db
      .selectFrom('introductions')
      .innerJoin('users as owner', 'owner.id', 'introductions.owner_id')
      .leftJoin('users as contact', 'contact.id', 'introductions.contact_id')
      .select([
        'owner.email as owner',
        'contact.email as contact',
        'introductions.status',
        'introductions.is_public',
      ])
      .where((eb) =>
        eb.or([eb('owner.email', '=', 'member@example.com'), eb('contact.email', '=', 'member@example.com')]),
      )
      .execute();
    const owned = rows.filter((r) => r.owner === 'member@example.com');
    expect(owned.length).toBeGreaterThanOrEqual(2);
    expect(owned.some((r) => r.contact === 'member2@example.com')).toBe(true);
    expect(owned.some((r) => r.is_public)).toBe(true);
    // member2 asked to be introduced to member: something to accept or reject
    expect(rows).toContainEqual({
      owner: 'member2@example.com',
      contact: 'member@example.com',
      status: 'requested',
      is_public: false,
    });
  });

  it("gives the demo accounts their roles in the introductions flow (README 'Demo accounts')", async () => {
    await expectDemoFlowShape(first);
  });

  it('keeps that shape with no generated members at all (`db:seed --members 0`)', async () => {
    const bare = await createTestDb();
    try {
      await seedDemo(bare.db, { members: 0, passwordHash });
      await expectDemoFlowShape(bare);
    } finally {
      await bare.close();
    }
  });

  it('refuses a member count outside 0..1,000,000', async () => {
    await expect(seedDemo(first.db, { members: -1, passwordHash })).rejects.toThrow(RangeError);
    await expect(seedDemo(first.db, { members: 1.5, passwordHash })).rejects.toThrow(RangeError);
  });
});

describe('resetDatabase', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('empties every domain table, after which the demo data can be seeded again', async () => {
    const progress: [number, number][] = [];
    const hash =
      '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0vQbkjNfl1ZmeP8Wc2j4LAt3eivXZjyuAa4Wp6Sh6c8';
    await seedDemo(handle.db, {
      members: 5,
      passwordHash: hash,
      batchSize: 2,
      onProgress: (d, t) => progress.push([d, t]),
    });
    expect(progress[0]).toEqual([0, 5]);
    expect(progress[progress.length - 1]).toEqual([5, 5]);
    await resetDatabase(handle.db);
    for (const table of DOMAIN_TABLES) {
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(
        handle.db,
      );
      expect(rows[0]?.n, table).toBe('0');
    }
    const again = await seedDemo(handle.db, { members: 5, passwordHash: hash });
    expect(again.users).toBe(9);
    expect(again.content.faqs).toBeGreaterThan(0);
  });
});
