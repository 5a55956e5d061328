import { z } from 'zod';
import { ageRangeInOrder } from './age';
import { zText } from './text';
import { ZCursorDate, ZCursorId, ZCursorInstant } from './cursor';
import { INTRODUCTION_DEFAULTS, INTRODUCTION_STATUSES, MAX_AGE, MIN_AGE } from './constants';
import { filterShape, MIN_AGE_ABOVE_MAX_MESSAGE, ZAdminPaginator } from './console-query';
import { ZIntroductionMessage, ZIntroductionRecord, PAYMENT_STATES, ZPremiumPrice } from './introductions';
import { ZMemberProfile } from './profile';
import { blankToUndefined, ZQueryFlag } from './query-text';
import { REFERENCE_LENGTH, REFERENCE_PATTERN } from './reference';

// The consultants' console: inputs of the admin procedures, shared by the procedures, the console's
// forms and the REST rows. REST query strings arrive as strings, so numbers and flags are read from text too.

/**
 * Where a page of the member search starts or ends: the sort key of its edge row (name set in first-name searches
 * only), carried in the paginator's cursors.
 */
export const ZMemberSearchKey = z.object({
  name: zText().max(200).optional(),
  dob: ZCursorDate,
  id: ZCursorId,
});
export type TMemberSearchKey = z.infer<typeof ZMemberSearchKey>;

/** Where a page of an introduction list starts or ends: its edge row's creation time (to the microsecond) and id. */
export const ZIntroductionListKey = z.object({
  createdAt: ZCursorInstant,
  id: ZCursorId,
});
export type TIntroductionListKey = z.infer<typeof ZIntroductionListKey>;

/** GET admin/user-introductions/introduction/list and admin/user-introductions/pre/matched: the introduction lists. */
export const ZAdminIntroductionListRequest = z
  .object({
    ...filterShape,
    status: z.preprocess(
      blankToUndefined,
      z
        // the stage, or 'active': switched on (the product's own filter value)
        .enum([...INTRODUCTION_STATUSES, 'active'], {
          error: "status must be 'active', 'open', 'requested', 'accepted' or 'rejected'",
        })
        .optional(),
    ),
  })
  .refine(ageRangeInOrder, { message: MIN_AGE_ABOVE_MAX_MESSAGE });
export type TAdminIntroductionListRequest = z.input<typeof ZAdminIntroductionListRequest>;
export type TAdminIntroductionList = z.output<typeof ZAdminIntroductionListRequest>;

const ZId = zText().trim().uuid('Please give a valid id');
export const ZUserIdRequest = z.object({ userId: ZId });
export const ZIntroductionIdRequest = z.object({ id: ZId });

/** PATCH .../introduction/{id}/note: the consultant's note (blank clears it). */
export const ZAdminNoteRequest = z.object({
  id: ZId,
  note: zText({ error: 'note must be text' }).trim().max(2000, 'The note can have at most 2000 characters'),
});

/** POST .../introduction/{id}/suggestion: a member's 6-character contact reference. */
export const ZAdminSuggestionRequest = z.object({
  id: ZId,
  code: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    zText({ error: 'Please enter the 6-character code' })
      .length(REFERENCE_LENGTH, `The code has ${REFERENCE_LENGTH} characters`)
      .regex(REFERENCE_PATTERN, 'The code has letters and digits only (no 0, O, 1, I or L)'),
  ),
});

const ZOptionalHeight = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    return typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  },
  z
    .number({ error: 'Heights are whole centimetres' })
    .int('Heights are whole centimetres')
    .min(100, 'Heights are between 100 and 250 cm')
    .max(250, 'Heights are between 100 and 250 cm')
    .nullable()
    .optional(),
);
const ZOptionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    zText().trim().max(max, `${label} can have at most ${max} characters`).nullable().optional(),
  );
const ZSpouseAge = (label: string, fallback: number) =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (v === undefined) return fallback;
      return typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
    },
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(MIN_AGE, `${label} must be at least ${MIN_AGE}`)
      .max(MAX_AGE, `${label} must be at most ${MAX_AGE}`),
  );

/**
 * The 'Create introduction' form: spouse ages (defaults 30 and 50), heights, state of
 * origin, tribe, city, open to people outside the current country, add to public, details, consultant's note.
 */
export const ZIntroductionForm = z
  .object({
    min_age: ZSpouseAge('Min age', INTRODUCTION_DEFAULTS.minAge).optional(),
    max_age: ZSpouseAge('Max age', INTRODUCTION_DEFAULTS.maxAge).optional(),
    min_height: ZOptionalHeight,
    my_height: ZOptionalHeight,
    state: ZOptionalText('State of origin', 100),
    tribe: ZOptionalText('Tribe', 100),
    city: ZOptionalText('City', 100),
    distant_relationship: ZQueryFlag.optional(),
    is_public: ZQueryFlag.optional(),
    /** both members must have verified their identity: the owner now, the match when chosen */
    require_verification: ZQueryFlag.optional(),
    details: ZOptionalText('Details', 2000),
    note: ZOptionalText('Note', 2000),
  })
  .refine(
    (form) =>
      ageRangeInOrder({
        min_age: form.min_age ?? INTRODUCTION_DEFAULTS.minAge,
        max_age: form.max_age ?? INTRODUCTION_DEFAULTS.maxAge,
      }),
    {
      message: 'The minimum age cannot be above the maximum age',
      path: ['min_age'],
    },
  );

/** POST admin/user-introductions/introduction/register/{introductionId}: the form for an owner (by user id). */
export const ZAdminRegisterRequest = z.intersection(ZIntroductionForm, z.object({ userId: ZId }));
export type TAdminRegisterRequest = z.input<typeof ZAdminRegisterRequest>;

/** The account behind a profile as staff see it (the product's updated_user). */
/** DELETE .../introduction/{id}/suggestion/{code}: a code taken off the introduction. */
export const ZAdminRemoveSuggestionRequest = ZAdminSuggestionRequest;

/**
 * PATCH .../introduction/{id}/match: the introduction's match, by a contact reference (a suggested code) or by the
 * member's id (from the search or their page); exactly one of the two.
 */
export const ZAdminSetMatchRequest = z
  .object({
    id: ZId,
    code: ZAdminSuggestionRequest.shape.code.optional(),
    user_id: ZId.optional(),
  })
  .refine((value) => (value.code === undefined) !== (value.user_id === undefined), {
    message: 'Give the match as a code or as a user_id (one of the two)',
  });

export const ZStaffAccount = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  gender: z.string(),
  date_of_birth: z.string(),
  age: z.number().int(),
  country_code: z.string(),
  phone: z.string().nullable(),
  contact_reference: z.string(),
  height_cm: z.number().nullable(),
  state_of_origin: z.string().nullable(),
  city: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TStaffAccount = z.infer<typeof ZStaffAccount>;

/** A staff member's profile view: the one profile shape with email and phone (packages/schemas/src/profile.ts). */
export const ZStaffProfile = ZMemberProfile;

/** The member a suggestion code names, as the console shows them beside the code. */
export const ZSuggestedMember = z.object({
  _id: z.string(),
  first_name: z.string(),
  age: z.number().int(),
  country_code: z.string(),
  country: z.string(),
  profile_pic_url: z.string().nullable(),
});

/** An introduction as the console shows it: the record, its notes, codes and request count, owner and contact. */
export const ZAdminIntroduction = ZIntroductionRecord.extend({
  note: z.string().nullable(),
  /** the editable copy of the note (the product's note2) */
  note2: z.string().nullable(),
  updated_at: z.string(),
  codes: z.array(z.string()),
  /** each code with the member it names (null once that member is no longer an active member) */
  suggestions: z.array(z.object({ code: z.string(), member: ZSuggestedMember.nullable() })),
  requests_count: z.number().int(),
  /** the owner and the contact block each other (either way): neither sees the introduction any more */
  blocked: z.boolean(),
  user: ZStaffProfile,
  contact: ZStaffProfile.nullable(),
});
export type TAdminIntroduction = z.infer<typeof ZAdminIntroduction>;

export const ZAdminIntroductionPage = z.object({
  data: z.array(ZAdminIntroduction),
  paginator: ZAdminPaginator,
});

/** One result of the introduction search: the member as `contact`, with `user_age`. */
export const ZAdminSearchItem = z.object({
  _id: z.string(),
  user_age: z.number().int(),
  contact: ZStaffProfile,
});
export const ZAdminSearchPage = z.object({
  data: z.array(ZAdminSearchItem),
  paginator: ZAdminPaginator,
});
export type TAdminSearchPage = z.infer<typeof ZAdminSearchPage>;

export const ZAdminSubscription = z.object({
  _id: z.string(),
  introduction_id: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
  /** the payment reference the member quotes (the provider's id for a card payment) */
  reference: z.string().nullable(),
  /** how it is paid: 'manual' (bank transfer, staff confirm), 'stripe' or 'development' (hosted checkout) */
  provider: z.string(),
  amount: ZPremiumPrice,
  payment_state: z.enum(PAYMENT_STATES),
});

/** GET admin/user-introductions/{userId} and .../owner/{userId}: the profile, the account, the introductions. */
export const ZAdminUserView = z.object({
  data: ZStaffProfile,
  updated_user: ZStaffAccount,
  introductions: z.array(ZAdminIntroduction),
  subscriptions: z.array(ZAdminSubscription),
});
export type TAdminUserView = z.infer<typeof ZAdminUserView>;

/** GET admin/users/{userId}: the member as a user. */
export const ZAdminMemberView = z.object({ data: ZStaffProfile });

export const ZAdminRequest = z.object({
  _id: z.string(),
  message: z.string(),
  status: z.string(),
  created_at: z.string(),
  requester: ZStaffProfile,
});

/** GET admin/user-introductions/introduction/list/{userId}: the member's introduction with its requests. */
export const ZAdminIntroductionDetail = z.object({
  updated_user: ZStaffAccount,
  owner: ZStaffProfile,
  data: ZAdminIntroduction.nullable(),
  requests: z.object({ data: z.array(ZAdminRequest) }),
});
export type TAdminIntroductionDetail = z.infer<typeof ZAdminIntroductionDetail>;

export const ZAdminHistoryEntry = z.object({
  _id: z.string(),
  action: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string(), first_name: z.string(), role: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
});

/** A user's introductions (owned or as the contact), each with its history from the audit log. */
export const ZAdminUserIntroductions = z.object({
  updated_user: ZStaffAccount,
  data: z.array(
    z.object({
      introduction: ZAdminIntroduction,
      role: z.enum(['owner', 'contact']),
      requests: z.array(ZAdminRequest),
      history: z.array(ZAdminHistoryEntry),
    }),
  ),
});
export type TAdminUserIntroductions = z.infer<typeof ZAdminUserIntroductions>;

/** The console's request box: 'I am interested in {first name}' sent for the member with this code. */
export const ZAdminRequestOnBehalf = z.object({
  id: ZId,
  code: ZAdminSuggestionRequest.shape.code,
  message: ZIntroductionMessage.optional().default(''),
});
export const ZAdminRequestOnBehalfResult = z.object({ _id: z.string() });
