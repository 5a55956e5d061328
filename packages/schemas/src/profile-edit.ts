import { z } from 'zod';
import { ZCountryCode } from './country';
import { PHOTO_LIMITS, PROFILE_LIMITS } from './profile-limits';
import { zText } from './text';

// Profile editing at /account/profile: the request the member sends and the form they are
// shown. The server (packages/core/src/profiles/edit-profile.ts) applies the same rules and the ones that need the
// database (which questions exist, which need the special-category consent).

/** Optional free text: trimmed, empty means "not given" (stored as null). */
const optionalPlace = (label: string) =>
  zText()
    .trim()
    .max(PROFILE_LIMITS.place, `Your ${label} can have at most ${PROFILE_LIMITS.place} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);

export const ZProfileUpdate = z.object({
  first_name: zText({ error: 'Please enter your first name' })
    .trim()
    .min(1, 'Please enter your first name')
    .max(PROFILE_LIMITS.firstName, `Your first name can have at most ${PROFILE_LIMITS.firstName} characters`),
  city: optionalPlace('city'),
  state_of_origin: optionalPlace('state of origin'),
  /** centimetres; empty means not given */
  height_cm: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.coerce
      .number({ error: 'Please enter your height in centimetres' })
      .int('Please enter your height in whole centimetres')
      .min(
        PROFILE_LIMITS.minHeightCm,
        `Your height must be between ${PROFILE_LIMITS.minHeightCm} and ${PROFILE_LIMITS.maxHeightCm} cm`,
      )
      .max(
        PROFILE_LIMITS.maxHeightCm,
        `Your height must be between ${PROFILE_LIMITS.minHeightCm} and ${PROFILE_LIMITS.maxHeightCm} cm`,
      )
      .nullable(),
  ),
  /** answers by question key; an empty answer removes it */
  answers: z
    .record(
      z.string().regex(/^[a-z_]{1,40}$/, 'Unknown profile question'),
      zText()
        .trim()
        .max(PROFILE_LIMITS.answer, `An answer can have at most ${PROFILE_LIMITS.answer} characters`),
    )
    .default({}),
  core_values: z
    .array(
      zText()
        .trim()
        .min(1, 'A core value cannot be empty')
        .max(
          PROFILE_LIMITS.coreValue,
          `A core value can have at most ${PROFILE_LIMITS.coreValue} characters`,
        ),
    )
    .max(PROFILE_LIMITS.coreValues, `You can list at most ${PROFILE_LIMITS.coreValues} core values`)
    .default([]),
  citizenships: z
    .array(ZCountryCode)
    .max(PROFILE_LIMITS.citizenships, `You can list at most ${PROFILE_LIMITS.citizenships} citizenships`)
    .default([]),
});
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;
export type TProfileUpdateInput = z.input<typeof ZProfileUpdate>;

/** One question of the form, with its hint and the member's current answer. */
export const ZProfileQuestion = z.object({
  key: z.string(),
  hint: z.string(),
  answer: z.string(),
});

/** What /account/profile is filled from: the current values and the questions this member may answer. */
export const ZProfileEditor = z.object({
  first_name: z.string(),
  city: z.string().nullable(),
  state_of_origin: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  questions: z.array(ZProfileQuestion),
  core_values: z.array(z.string()),
  citizenships: z.array(z.string()),
});
export type TProfileEditor = z.infer<typeof ZProfileEditor>;

export const ZPhoto = z.object({
  _id: z.string(),
  /** the same as `_id`, kept for the clients that read it before every listed record named itself `_id` */
  id: z.string(),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type TPhoto = z.infer<typeof ZPhoto>;

export const ZPhotoIdRequest = z.object({ id: z.uuid({ error: 'Unknown photo' }) });
/** the member's photo ids in their new order: all of them, each once */
export const ZPhotoOrderRequest = z.object({
  ids: z.array(z.uuid({ error: 'Unknown photo' })).max(PHOTO_LIMITS.maxPhotos),
});
