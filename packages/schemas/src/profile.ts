import { z } from 'zod';
import { PROFILE_VISIBILITIES, SPECIAL_CATEGORY_CONSENT } from './constants';

// The member profile as clients read it: one shape for every profile that leaves the
// server (the private-match page, the member's own profile, both sides of an introduction). Which contact and
// special-category fields it carries is decided by packages/core/src/profiles/visibility.ts, nowhere else.

/** Giving the consent: the version of the text the member was shown (an older one is refused, naming the field). */
export const ZSpecialConsentGrant = z.object({
  text_version: z.literal(SPECIAL_CATEGORY_CONSENT.textVersion, {
    error: 'The consent text has changed. Please read it again before you agree.',
  }),
});
export type TSpecialConsentGrant = z.infer<typeof ZSpecialConsentGrant>;

/** Where the member stands: the text to show, and their consent if it stands (when, and which text version). */
export const ZSpecialConsentState = z.object({
  consented: z.boolean(),
  text: z.string(),
  text_version: z.string(),
  /** ISO time the standing consent was given; null without one */
  granted_at: z.string().nullable(),
  /** the text version the standing consent was given to; null without one */
  granted_text_version: z.string().nullable(),
  /** the special-category questions, answerable only while the consent stands */
  questions: z.array(z.object({ key: z.string(), hint: z.string() })),
});
export type TSpecialConsentState = z.infer<typeof ZSpecialConsentState>;

export const ZProfileVisibility = z.enum(PROFILE_VISIBILITIES);
export type TProfileVisibility = z.infer<typeof ZProfileVisibility>;

/** Settings: the member's profile visibility. */
export const ZVisibilityUpdate = z.object({ profile_visibility: ZProfileVisibility });
export type TVisibilityUpdate = z.infer<typeof ZVisibilityUpdate>;

/** A profile answer as the product exposes it: `data_<key>: { answer, user_data_question: { hint } }`. */
export const ZProfileDataField = z.object({
  answer: z.string(),
  user_data_question: z.object({ hint: z.string() }),
});
export type TProfileDataField = z.infer<typeof ZProfileDataField>;

/** The fixed fields of the profile shape; each answered question is added as `data_<key>` beside them. */
export const memberProfileShape = {
  _id: z.string(),
  first_name: z.string(),
  age: z.number().int(),
  country_code: z.string(),
  /** the country of residence by name */
  country: z.string(),
  /** the town the member gave on their profile (null: none given): for signed-in viewers, never an anonymous one */
  city: z.string().nullable().optional(),
  /** the answer most screens show; also under data_occupation's own key when answered */
  data_occupation: ZProfileDataField.nullable(),
  profile_pic_url: z.string().nullable(),
  profile_pic_urls: z.array(z.string()),
  profile_pics: z.array(z.object({ url: z.string() })),
  /** citizenships, by country name */
  countries: z.array(z.string()),
  core_values: z.array(z.string()),
  organisations: z.array(z.object({ name: z.string() })),
  /** the same answers as the data_ fields, as an ordered list (the product's "entries with key and value") */
  about_me: z.array(z.object({ key: z.string(), hint: z.string(), answer: z.string() })),
  /** the member passed the provider's identity check (the verified badge: docs/decisions/171-identity-verification-provider.md) */
  identity_verified: z.boolean(),
  /** the member's handle (their contact reference): for signed-in viewers, never an anonymous one */
  contact_reference: z.string().optional(),
  /** only for the member themself, staff, and the other party once contact details were released */
  account_email: z.string().optional(),
  international_phone_number: z.string().optional(),
  /** only for the member themself and staff (consultants see hidden and paused members, marked) */
  profile_visibility: ZProfileVisibility.optional(),
};

/**
 * Extra keys must be `data_<key>` answers: anything else in a profile is a bug, caught before it leaves. `extra`
 * holds the keys of one use's own fields (checked by its shape). Keys are read in place: every profile of every
 * answer passes here, so no copy of the object is made.
 */
function onlyDataFields(profile: Record<string, unknown>, extra: z.ZodRawShape, ctx: z.RefinementCtx) {
  for (const key of Object.keys(profile)) {
    if (key in extra || key in memberProfileShape) continue;
    if (!key.startsWith('data_')) {
      ctx.addIssue({ code: 'custom', message: `unexpected profile field ${key}`, path: [key] });
    } else if (!ZProfileDataField.safeParse(profile[key]).success) {
      ctx.addIssue({ code: 'custom', message: `${key} is not a profile answer`, path: [key] });
    }
  }
}

/** A profile schema: the fixed fields, `extra` fields of one use, and the `data_<key>` answers. */
export function profileSchema<const TExtra extends z.ZodRawShape>(extra: TExtra) {
  // an extra field replaces the fixed one of its name (the match page's contact_reference is always there)
  const shape = { ...memberProfileShape, ...extra } as Omit<typeof memberProfileShape, keyof TExtra> & TExtra;
  return z.looseObject(shape).superRefine((profile, ctx) => onlyDataFields(profile, extra, ctx));
}

export const ZMemberProfile = profileSchema({});
export type TMemberProfile = z.infer<typeof ZMemberProfile>;
