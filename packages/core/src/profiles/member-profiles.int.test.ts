import type { Database, DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { ZMemberProfile } from '@rhema/schemas';
import { seedContent, seedUser, type SeededUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMemberProfile, loadMemberProfiles } from './member-profiles';
import { ANONYMOUS, type ProfileViewer } from './visibility';

const NOW = new Date('2026-03-02T09:00:00.000Z');

/** The same database, counting the statements it runs (their results: a precompiled statement is built once). */
function counting(db: Database) {
  const counter = { queries: 0 };
  const counted = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.queries++;
      return args.result;
    },
  });
  return { db: counted, counter };
}

describe('the one profile read', () => {
  let handle: DbHandle;
  let subject: SeededUser;
  let viewer: SeededUser;
  let noConsent: SeededUser;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    subject = await seedUser(handle.db, {
      first_name: 'Ngozi',
      email: 'ngozi@example.test',
      phone: '+447700900611',
      date_of_birth: '1994-03-02',
      country_code: 'NG',
      answers: { occupation: 'Surgeon', languages: 'English, Igbo', religion: 'Christian' },
      photos: 2,
      citizenships: ['GB', 'NG'],
      core_values: ['Kindness', 'Faith'],
      communities: [],
    });
    viewer = await seedUser(handle.db, { first_name: 'Tunde', email: 'tunde@example.test' });
    noConsent = await seedUser(handle.db, {
      first_name: 'Kemi',
      answers: { occupation: 'Pilot', religion: 'Muslim' },
      special_category_consent: false,
    });
  });
  afterAll(() => handle.close());

  const as = (v: ProfileViewer, userId = subject.id) =>
    loadMemberProfile({ db: handle.db, userId, viewer: v, now: NOW });

  it('maps to the spec shape: data_<key>, photos three ways, countries by name, age on the given day', async () => {
    const profile = await as(ANONYMOUS);
    expect(ZMemberProfile.parse(profile)).toEqual(profile);
    expect(profile).toMatchObject({
      _id: subject.id,
      first_name: 'Ngozi',
      age: 32, // birthday today
      country_code: 'NG',
      country: 'Nigeria',
      data_occupation: { answer: 'Surgeon', user_data_question: { hint: 'Occupation' } },
      data_languages: { answer: 'English, Igbo', user_data_question: { hint: expect.any(String) } },
      countries: ['Nigeria', 'United Kingdom'],
      core_values: ['Kindness', 'Faith'],
      organisations: [],
    });
    expect(profile!.profile_pic_url).toBe(profile!.profile_pic_urls[0]);
    expect(profile!.profile_pics).toEqual(profile!.profile_pic_urls.map((url) => ({ url })));
    const dayBefore = await loadMemberProfile({
      db: handle.db,
      userId: subject.id,
      viewer: ANONYMOUS,
      now: new Date('2026-03-01T23:59:59.000Z'),
    });
    expect(dayBefore!.age).toBe(31);
  });

  it('gives an anonymous visitor no contact details and no special-category answer', async () => {
    const text = JSON.stringify(await as(ANONYMOUS));
    expect(text).not.toMatch(/ngozi@example|7700900611|account_email|international_phone_number/);
    expect(text).not.toMatch(/Christian|data_religion/);
  });

  it('gives another member no contact details before a release, and the consented special answers', async () => {
    const profile = await as({ kind: 'member', userId: viewer.id });
    expect(profile).not.toHaveProperty('account_email');
    expect(profile).not.toHaveProperty('international_phone_number');
    expect(profile).toHaveProperty('data_religion.answer', 'Christian');
    const withoutConsent = await as({ kind: 'member', userId: viewer.id }, noConsent.id);
    expect(withoutConsent).not.toHaveProperty('data_religion');
    expect(JSON.stringify(withoutConsent)).not.toContain('Muslim');
  });

  it('gives contact details to the member themself, to staff, and to a member they were released to', async () => {
    for (const v of [
      { kind: 'member', userId: subject.id },
      { kind: 'staff', userId: viewer.id },
    ] as const) {
      expect(await as(v)).toMatchObject({
        account_email: 'ngozi@example.test',
        international_phone_number: '+447700900611',
      });
    }
    const other = await seedUser(handle.db, { first_name: 'Femi' });
    await handle.db
      .insertInto('contact_disclosures')
      .values({ subject_id: subject.id, viewer_id: other.id, fields: ['international_phone_number'] })
      .execute();
    expect(await as({ kind: 'member', userId: other.id })).toMatchObject({
      international_phone_number: '+447700900611',
    });
    // a release is one way: the subject still does not see the viewer's number
    expect(await as({ kind: 'member', userId: subject.id }, other.id)).not.toHaveProperty(
      'international_phone_number',
    );
  });

  it('loads N profiles in the same number of queries as one', async () => {
    const many = [];
    for (let i = 0; i < 12; i++)
      many.push(await seedUser(handle.db, { photos: 2, answers: { occupation: 'X' } }));
    const one = counting(handle.db);
    await loadMemberProfiles({ db: one.db, userIds: [many[0]!.id], viewer: ANONYMOUS, now: NOW });
    const all = counting(handle.db);
    const profiles = await loadMemberProfiles({
      db: all.db,
      userIds: many.map((u) => u.id),
      viewer: { kind: 'member', userId: viewer.id },
      now: NOW,
    });
    expect(profiles.size).toBe(12);
    // one statement, whoever looks and however many (the member viewer's disclosures are part of it)
    expect(one.counter.queries).toBe(1);
    expect(all.counter.queries).toBe(1);
  });
});
