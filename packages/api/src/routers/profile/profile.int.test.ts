import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedContent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

describe('profile editing', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  const valid = {
    first_name: '  Amaka ',
    city: 'Lagos',
    state_of_origin: 'Anambra',
    height_cm: 172,
    answers: { occupation: 'Engineer', hobbies: 'Reading' },
    core_values: ['Honesty', 'Faith', 'honesty'],
    citizenships: ['NG', 'gb'],
  };

  it('shows the form with each question and its hint, and saves every field', async () => {
    const { caller } = await h.as('member', {
      answers: { education: 'BSc' },
      special_category_consent: false,
    });
    const before = await caller.profile.editor();
    expect(before.questions).toContainEqual({ key: 'occupation', hint: 'Occupation', answer: '' });
    expect(before.questions).toContainEqual({ key: 'education', hint: 'Education', answer: 'BSc' });
    // no special-category question without the consent
    expect(before.questions.map((q) => q.key)).not.toContain('religion');

    const saved = await caller.profile.update({ ...valid, answers: { ...valid.answers, education: '' } });
    expect(saved).toMatchObject({
      first_name: 'Amaka',
      city: 'Lagos',
      state_of_origin: 'Anambra',
      height_cm: 172,
      core_values: ['Honesty', 'Faith'],
      citizenships: ['GB', 'NG'],
    });
    const answers = Object.fromEntries(saved.questions.map((q) => [q.key, q.answer]));
    expect(answers).toMatchObject({ occupation: 'Engineer', hobbies: 'Reading', education: '' });
    // the one profile read shows the change
    const profile = await caller.account.profile();
    expect(profile).toMatchObject({
      first_name: 'Amaka',
      city: 'Lagos',
      height_cm: 172,
      core_values: ['Honesty', 'Faith'],
      countries: ['Nigeria', 'United Kingdom'],
      data_occupation: { answer: 'Engineer', user_data_question: { hint: 'Occupation' } },
    });
    expect(profile).not.toHaveProperty('data_education');
    // empty optional fields are cleared
    const cleared = await caller.profile.update({
      first_name: 'Amaka',
      city: '',
      state_of_origin: ' ',
      height_cm: '',
    });
    expect(cleared).toMatchObject({ city: null, state_of_origin: null, height_cm: null, core_values: [] });
  });

  it('refuses bad values, naming the field', async () => {
    const { caller } = await h.as('member', { special_category_consent: false });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...valid, first_name: '  ' }, 'first_name', /Please enter your first name/],
      [{ ...valid, height_cm: 90 }, 'height_cm', /between 100 and 250 cm/],
      [{ ...valid, height_cm: 'tall' }, 'height_cm', /height/],
      [{ ...valid, city: 'x'.repeat(81) }, 'city', /at most 80 characters/],
      [{ ...valid, state_of_origin: 'Abia\u0000' }, 'state_of_origin', /control characters/],
      [{ ...valid, answers: { occupation: 'y'.repeat(501) } }, 'answers.occupation', /at most 500/],
      [
        { ...valid, answers: { favourite_colour: 'Blue' } },
        'answers.favourite_colour',
        /Unknown profile question/,
      ],
      [{ ...valid, core_values: Array.from({ length: 11 }, (_, i) => `V${i}`) }, 'core_values', /at most 10/],
      [{ ...valid, citizenships: ['XX'] }, 'citizenships.0', /country/],
    ];
    for (const [input, field, message] of cases) {
      // @ts-expect-error -- bad input on purpose
      const refused = await rejection(caller.profile.update(input));
      expect(refused, field).toMatchObject({ status: 400, field });
      expect(refused.message, field).toMatch(message);
    }
    expect((await caller.profile.editor()).first_name).not.toBe('Amaka');
  });

  it("takes a listed question's answer only from its list, keeping an earlier answer from before the list", async () => {
    const { caller, user } = await h.as('member', {
      answers: { education: 'BSc' },
      special_category_consent: false,
    });
    const refused = await rejection(
      caller.profile.update({ ...valid, answers: { smoking: 'Sometimes', education: 'BSc' } }),
    );
    expect(refused).toMatchObject({ status: 400, field: 'answers.smoking' });
    expect(refused.message).toMatch(
      '"Sometimes" is not one of the answers to Smoking: please choose one from the list',
    );
    const stored = async () =>
      (
        await handle.db
          .selectFrom('profile_answers')
          .innerJoin('profile_questions', 'profile_questions.id', 'profile_answers.question_id')
          .where('user_id', '=', user.id)
          .select(['key', 'answer'])
          .orderBy('key')
          .execute()
      ).map((row) => `${row.key}=${row.answer}`);
    expect(await stored()).toEqual(['education=BSc']);
    // a listed answer saves; the earlier unlisted one sent back unchanged is kept, a new unlisted one is not
    await caller.profile.update({ ...valid, answers: { smoking: 'Never', education: 'BSc' } });
    expect(await stored()).toEqual(['education=BSc', 'smoking=Never']);
    const changed = await rejection(caller.profile.update({ ...valid, answers: { education: 'BSc Hons' } }));
    expect(changed).toMatchObject({ status: 400, field: 'answers.education' });
    await caller.profile.update({ ...valid, answers: { education: 'PhD' } });
    expect(await stored()).toEqual(['education=PhD', 'smoking=Never']);
  });

  it('keeps special-category answers only under the consent', async () => {
    const without = await h.as('member', { special_category_consent: false });
    const refused = await rejection(
      without.caller.profile.update({ ...valid, answers: { religion: 'Christian' } }),
    );
    expect(refused).toMatchObject({ status: 403, field: 'answers.religion' });
    const rows = await handle.db
      .selectFrom('profile_answers')
      .where('user_id', '=', without.user.id)
      .select('answer')
      .execute();
    expect(rows).toEqual([]);

    const withConsent = await h.as('member', { special_category_consent: true });
    const saved = await withConsent.caller.profile.update({ ...valid, answers: { religion: 'Christian' } });
    expect(saved.questions).toContainEqual({ key: 'religion', hint: 'Religion', answer: 'Christian' });
  });

  it('is for signed-in members only', async () => {
    expect(await rejection(h.anonymous().profile.editor())).toMatchObject({ status: 401 });
    expect(await rejection(h.anonymous().profile.update(valid))).toMatchObject({ status: 401 });
  });
});
