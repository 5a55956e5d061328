import { describe, expect, it } from 'vitest';
import { COMPLETENESS_ITEMS, profileCompleteness, type CompletenessInput } from './onboarding';
import { MAIN_QUESTION_KEYS } from './profile-limits';

const empty: CompletenessInput = {
  profile_pic_urls: [],
  about_me: [],
  city: null,
  height_cm: null,
  core_values: [],
  countries: [],
  organisations: [],
};
const full: CompletenessInput = {
  profile_pic_urls: ['/media/photos/a.jpg'],
  about_me: MAIN_QUESTION_KEYS.map((key) => ({ key, answer: 'An answer' })),
  city: 'Lagos',
  height_cm: 170,
  core_values: ['Faith'],
  countries: ['Nigeria'],
  organisations: [{ name: 'Nurses' }],
};

describe('profileCompleteness', () => {
  it('is 0 % with everything missing, in the order of the items', () => {
    const result = profileCompleteness(empty);
    expect(result).toMatchObject({ percent: 0, complete: false });
    expect(result.missing.map((m) => m.key)).toEqual(COMPLETENESS_ITEMS.map((i) => i.key));
  });
  it('is complete with a photo, the main answers, city, height, values, citizenships and a community', () => {
    expect(profileCompleteness(full)).toEqual({ percent: 100, complete: true, missing: [] });
  });
  it('counts the main answers as one item, missing while any is unanswered or blank', () => {
    const oneBlank = full.about_me.map((a, i) => (i === 0 ? { ...a, answer: '  ' } : a));
    const result = profileCompleteness({ ...full, about_me: oneBlank });
    expect(result.missing.map((m) => m.key)).toEqual(['answers']);
    expect(result.percent).toBe(86);
  });
  it('does not need special-category answers (the consent stays a free choice)', () => {
    const withoutFaith = { ...full, about_me: full.about_me.filter((a) => a.key !== 'religion') };
    expect(profileCompleteness(withoutFaith).complete).toBe(true);
  });
  it('counts a blank city as missing', () => {
    expect(profileCompleteness({ ...full, city: ' ' }).missing.map((m) => m.key)).toEqual(['city']);
  });
});
