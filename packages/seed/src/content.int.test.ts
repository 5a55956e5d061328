import type { DbHandle } from '@rhema/db';
import { faqQueries } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITIES, FAQS, PROFILE_QUESTIONS, seedContent } from './content';

describe('seedContent', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('inserts FAQs, home-page points, profile questions and communities, once', async () => {
    // a migration may ask a question itself (20261123T1200_special_category: tribe); the seed adds the others
    const asked = await handle.db.selectFrom('profile_questions').select('key').execute();
    expect(asked.every((q) => PROFILE_QUESTIONS.some((p) => p.key === q.key))).toBe(true);
    const first = await seedContent(handle.db);
    expect(first).toEqual({
      faqs: FAQS.length,
      questions: PROFILE_QUESTIONS.length - asked.length,
      communities: COMMUNITIES.length,
    });
    const second = await seedContent(handle.db);
    expect(second).toEqual({ faqs: 0, questions: 0, communities: 0 });

    const faqs = await faqQueries.listFaqs(handle.db, 'faqs');
    const points = await faqQueries.listFaqs(handle.db, 'points');
    expect(faqs.length).toBeGreaterThanOrEqual(10);
    expect(points.length).toBeGreaterThanOrEqual(5);
    expect(faqs[0]?.title).toBe('How does private matchmaking work?');
    for (const item of [...faqs, ...points]) {
      expect(item.title.trim()).not.toBe('');
      expect(item.post.length).toBeGreaterThan(40);
      expect(item.post.toLowerCase()).not.toContain('lorem');
    }
  });

  it('asks the profile questions the screens show, faith and ethnicity as special categories', async () => {
    const questions = await handle.db
      .selectFrom('profile_questions')
      .select(['key', 'hint', 'is_special_category'])
      .orderBy('position')
      .execute();
    const byKey = new Map(questions.map((q) => [q.key, q]));
    for (const key of [
      'occupation',
      'education',
      'languages',
      'children',
      'relationship_goal',
      'hobbies',
      'smoking',
    ]) {
      expect(byKey.get(key)?.is_special_category, key).toBe(false);
    }
    expect(byKey.get('occupation')?.hint).toBe('Occupation');
    expect(byKey.get('religion')?.is_special_category).toBe(true);
    expect(byKey.get('ethnicity')?.is_special_category).toBe(true);
  });

  it('has interest, faith and professional communities with unique slugs', async () => {
    const communities = await handle.db
      .selectFrom('communities')
      .select(['slug', 'kind', 'description'])
      .execute();
    expect(communities.length).toBeGreaterThanOrEqual(12);
    expect(new Set(communities.map((c) => c.kind))).toEqual(new Set(['interest', 'faith', 'professional']));
    for (const c of communities) expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
