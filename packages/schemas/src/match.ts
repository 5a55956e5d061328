import { z } from 'zod';

/** The reference a visitor types (6 characters in the product; anything else simply matches nobody). */
export const ZMatchLookupRequest = z.object({
  contact_reference: z
    .string({ error: 'contact_reference is required' })
    .trim()
    .min(1, 'contact_reference is required')
    .max(64, 'contact_reference is too long'),
});
export type TMatchLookupRequest = z.infer<typeof ZMatchLookupRequest>;

/** A profile answer as the product exposes it: `data_<key>: { answer, user_data_question: { hint } }`. */
export const ZProfileDataField = z.object({
  answer: z.string(),
  user_data_question: z.object({ hint: z.string() }),
});

/**
 * The public private-match profile: what the spec's page shows and nothing more. No email, phone or
 * special-category answer ever appears here.
 */
export const ZMatchProfile = z.object({
  contact_reference: z.string(),
  first_name: z.string(),
  age: z.number().int(),
  country_code: z.string(),
  /** the country of residence by name */
  country: z.string(),
  data_occupation: ZProfileDataField.nullable(),
  profile_pic_url: z.string().nullable(),
  profile_pic_urls: z.array(z.string()),
  profile_pics: z.array(z.object({ url: z.string() })),
  /** citizenships, by country name */
  countries: z.array(z.string()),
  /** about-me pairs: the question's hint and the member's answer, answered ones only */
  about_me: z.array(z.object({ key: z.string(), hint: z.string(), answer: z.string() })),
});
export type TMatchProfile = z.infer<typeof ZMatchProfile>;
