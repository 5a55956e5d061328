import { verifyPassword } from '@rhema/auth';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIntroduction } from './introductions';
import { dateOfBirthForAge, seedUser } from './users';

describe('seedUser', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('inserts an adult member with sensible defaults', async () => {
    const user = await seedUser(handle.db);
    expect(user.contact_reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    expect(user.email).toBe(`member-${user.contact_reference.toLowerCase()}@example.test`);
    expect(user.first_name).toBe('Amara');
    const row = await handle.db
      .selectFrom('users')
      .select(['role', 'status', 'gender', 'date_of_birth', 'country_code', 'phone', 'password_hash'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'member', status: 'active', gender: 'female', country_code: 'GB' });
    expect(row.date_of_birth).toBe(dateOfBirthForAge(30));
    expect(row.phone).toMatch(/^\+447700900\d{3}$/);
    expect(row.password_hash).toBeNull();
  });

  it('takes overrides, lower-cases the email, hashes a password and adds the extras', async () => {
    const user = await seedUser(handle.db, {
      email: 'Kwame.Mensah@Example.COM',
      password: 'correct horse battery',
      role: 'consultant',
      first_name: 'Kwame',
      gender: 'male',
      age: 44,
      country_code: 'GH',
      phone: '+233241234567',
      answers: { occupation: 'Civil Engineer', religion: 'Christian (Methodist)', tribe: 'Akan' },
      photos: 2,
      citizenships: ['GH', 'GB'],
      core_values: ['Faith', 'Family'],
      communities: ['engineers-built-environment'],
    });
    expect(user.email).toBe('kwame.mensah@example.com');
    const { db } = handle;
    const row = await db
      .selectFrom('users')
      .select(['role', 'date_of_birth', 'password_hash'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('consultant');
    expect(row.date_of_birth).toBe(dateOfBirthForAge(44));
    expect(await verifyPassword(row.password_hash ?? '', 'correct horse battery')).toBe(true);

    const answers = await db
      .selectFrom('profile_answers')
      .innerJoin('profile_questions', 'profile_questions.id', 'profile_answers.question_id')
      .select(['profile_questions.key', 'profile_answers.answer'])
      .where('user_id', '=', user.id)
      .orderBy('profile_questions.key')
      .execute();
    expect(answers).toEqual([
      { key: 'occupation', answer: 'Civil Engineer' },
      { key: 'religion', answer: 'Christian (Methodist)' },
      { key: 'tribe', answer: 'Akan' },
    ]);
    const photos = await db
      .selectFrom('photos')
      .select('url')
      .where('user_id', '=', user.id)
      .orderBy('position')
      .execute();
    expect(photos.map((p) => p.url)).toEqual([
      `/media/avatars/${user.contact_reference}-1.jpg`,
      `/media/avatars/${user.contact_reference}-2.jpg`,
    ]);
    const consents = await db
      .selectFrom('user_consents')
      .select('purpose')
      .where('user_id', '=', user.id)
      .execute();
    expect(consents).toEqual([{ purpose: 'special_category' }]);
    const communities = await db
      .selectFrom('community_memberships')
      .innerJoin('communities', 'communities.id', 'community_memberships.community_id')
      .select('communities.slug')
      .where('user_id', '=', user.id)
      .execute();
    expect(communities).toEqual([{ slug: 'engineers-built-environment' }]);
  });

  it('refuses an unknown profile question and writes nothing', async () => {
    await expect(
      seedUser(handle.db, { email: 'nobody@example.test', answers: { favourite_colour: 'blue' } }),
    ).rejects.toThrow(/favourite_colour/);
    const row = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'nobody@example.test')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('seedIntroduction', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('inserts an introduction with its requests and suggestion codes', async () => {
    const owner = await seedUser(handle.db, { first_name: 'Ngozi' });
    const contact = await seedUser(handle.db, { first_name: 'Emeka', gender: 'male' });
    const requester = await seedUser(handle.db, { first_name: 'Kofi', gender: 'male' });
    const intro = await seedIntroduction(handle.db, {
      owner_id: owner.id,
      contact_id: contact.id,
      status: 'requested',
      is_public: true,
      is_active: true,
      requests: [{ requester_id: requester.id, message: 'I am interested in Ngozi.' }],
      suggestion_codes: [contact.contact_reference],
    });
    expect(intro).toMatchObject({ owner_id: owner.id, contact_id: contact.id, status: 'requested' });
    const requests = await handle.db
      .selectFrom('introduction_requests')
      .select(['requester_id', 'message', 'status'])
      .where('introduction_id', '=', intro.id)
      .execute();
    expect(requests).toEqual([
      { requester_id: requester.id, message: 'I am interested in Ngozi.', status: 'pending' },
    ]);
    const codes = await handle.db
      .selectFrom('suggestion_codes')
      .select('code')
      .where('introduction_id', '=', intro.id)
      .execute();
    expect(codes).toEqual([{ code: contact.contact_reference }]);
  });
});
