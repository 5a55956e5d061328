import { z } from 'zod';
import { MAIN_QUESTION_KEYS } from './profile-limits';

// The onboarding after sign-up and the profile-completeness meter on /account: one definition of a complete
// profile, read by the server (profile.onboarding) and the web app alike.

/** The onboarding's steps in order: photos first, then the main answers, communities, and the consent explained. */
export const ONBOARDING_STEPS = ['photos', 'answers', 'communities', 'consent'] as const;
/** Where a member stands: a step to resume at, or done (finished, or a member who never had an onboarding). */
export const ZOnboardingStep = z.enum([...ONBOARDING_STEPS, 'done']);
export type TOnboardingStep = z.infer<typeof ZOnboardingStep>;

/** Saving progress: the step the member has reached (any step: they may go back). */
export const ZOnboardingSave = z.object({ step: ZOnboardingStep });
export type TOnboardingSave = z.infer<typeof ZOnboardingSave>;

/** What a complete profile has, in the order the meter lists what is missing. */
export const COMPLETENESS_ITEMS = [
  { key: 'photo', label: 'Add a photo' },
  {
    key: 'answers',
    label: 'Answer the main questions: occupation, education, what you are looking for, children',
  },
  { key: 'city', label: 'Say which city you live in' },
  { key: 'height', label: 'Add your height' },
  { key: 'core_values', label: 'Choose your core values' },
  { key: 'citizenships', label: 'Add your citizenships' },
  { key: 'community', label: 'Join a community' },
] as const;
export type TCompletenessKey = (typeof COMPLETENESS_ITEMS)[number]['key'];

export const ZCompleteness = z.object({
  /** 0 to 100, whole */
  percent: z.number().int(),
  complete: z.boolean(),
  missing: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type TCompleteness = z.infer<typeof ZCompleteness>;

/** The parts of the member's own profile (ZMyProfile) that completeness reads. */
export interface CompletenessInput {
  profile_pic_urls: readonly string[];
  about_me: readonly { key: string; answer: string }[];
  city: string | null;
  height_cm: number | null;
  core_values: readonly string[];
  countries: readonly string[];
  organisations: readonly unknown[];
}

/**
 * How complete a profile is. The special-category answers never count: that consent stays the member's free
 * choice (docs/decisions/083-special-category-consent.md), so a profile is complete without it.
 */
export function profileCompleteness(profile: CompletenessInput): TCompleteness {
  const answered = new Set(profile.about_me.filter((a) => a.answer.trim() !== '').map((a) => a.key));
  const has: Record<TCompletenessKey, boolean> = {
    photo: profile.profile_pic_urls.length > 0,
    answers: MAIN_QUESTION_KEYS.every((key) => answered.has(key)),
    city: Boolean(profile.city?.trim()),
    height: profile.height_cm !== null,
    core_values: profile.core_values.length > 0,
    citizenships: profile.countries.length > 0,
    community: profile.organisations.length > 0,
  };
  const missing = COMPLETENESS_ITEMS.filter((item) => !has[item.key]).map(({ key, label }) => ({
    key,
    label,
  }));
  const total = COMPLETENESS_ITEMS.length;
  return {
    percent: Math.round(((total - missing.length) / total) * 100),
    complete: missing.length === 0,
    missing,
  };
}

/** The onboarding's state: the step to resume at and how complete the profile is. */
export const ZOnboardingState = z.object({ step: ZOnboardingStep, completeness: ZCompleteness });
export type TOnboardingState = z.infer<typeof ZOnboardingState>;
