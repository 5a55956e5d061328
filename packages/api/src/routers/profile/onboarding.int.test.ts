import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedContent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// The onboarding after sign-up (its step kept on the server, so it is resumed anywhere) and the completeness of
// the profile it leads to (packages/schemas/src/onboarding.ts), through the procedures on a real database.

describe('onboarding and profile completeness', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  it('starts at the photos for a new member, keeps the step reached and ends at done', async () => {
    const email = 'onboarding-new@example.test';
    await h.anonymous({ ip: '198.51.100.80' }).auth.register({
      email,
      password: 'a long and unusual passphrase',
      first_name: 'Ifeoma',
      last_name: 'Okafor',
      gender: 'female',
      date_of_birth: '1992-03-04',
      country_code: 'NG',
      phone: '+2348012345699',
    });
    const mail = h.mailer.messages.findLast((m) => m.to === email)!;
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const { token } = await h.anonymous({ ip: '198.51.100.80' }).auth.confirmRegistration({ email, code });
    const me = await h.withToken(token!);

    const first = await me.profile.onboarding();
    expect(first.step).toBe('photos');
    expect(first.completeness).toMatchObject({ percent: 0, complete: false });
    expect(first.completeness.missing[0]).toEqual({ key: 'photo', label: 'Add a photo' });

    expect((await me.profile.saveOnboarding({ step: 'communities' })).step).toBe('communities');
    // resumed where it was left, on another device as well: the step is the server's
    const other = await h.withToken(token!);
    expect((await other.profile.onboarding()).step).toBe('communities');
    // a repeat sets the same; going back is allowed
    expect((await me.profile.saveOnboarding({ step: 'communities' })).step).toBe('communities');
    expect((await me.profile.saveOnboarding({ step: 'answers' })).step).toBe('answers');
    expect((await me.profile.saveOnboarding({ step: 'done' })).step).toBe('done');
    expect((await rejection(me.profile.saveOnboarding({ step: 'later' as 'done' }))).status).toBe(400);
  });

  it('has nothing to resume for a member who never had an onboarding', async () => {
    const { caller } = await h.as('member', { email: 'onboarding-old@example.test' });
    expect((await caller.profile.onboarding()).step).toBe('done');
    expect((await rejection(h.anonymous().profile.onboarding())).status).toBe(401);
  });

  it('counts the profile complete once it has a photo, the main answers, place, height, values, citizenships and a community', async () => {
    const { caller } = await h.as('member', {
      email: 'onboarding-complete@example.test',
      city: 'Accra',
      height_cm: 172,
      photos: 1,
      citizenships: ['GH'],
      core_values: ['Honesty'],
      answers: { occupation: 'Architect', education: 'MSc', relationship_goal: 'Marriage' },
    });
    const before = (await caller.profile.onboarding()).completeness;
    expect(before.missing.map((m) => m.key)).toEqual(['answers', 'community']);
    expect(before.percent).toBe(71);

    const editor = await caller.profile.editor();
    await caller.profile.update({
      first_name: editor.first_name,
      city: 'Accra',
      state_of_origin: '',
      height_cm: 172,
      answers: { wants_children: 'Yes' },
      core_values: ['Honesty'],
      citizenships: ['GH'],
    });
    const interest = (await caller.communities.list({ kind: 'interest' }))[0]!;
    await caller.communities.join({ slug: interest.slug });
    expect((await caller.profile.onboarding()).completeness).toEqual({
      percent: 100,
      complete: true,
      missing: [],
    });
  });
});
