import { z } from 'zod';
import { zText } from './text';
import { INTRODUCTION_STATUSES, REQUEST_MESSAGE_MAX } from './constants';
import { ZMemberProfile } from './profile';

// Introductions between members. One schema per input and output, shared
// by the procedures (packages/api/src/routers/introductions), the web pages and the REST adapter.

/** An id as the database writes it (8-4-4-4-12 hex); anything else is refused before a query runs. */
export const ZRecordId = (name: string) =>
  zText({ error: `${name} is required` })
    .trim()
    .regex(
      /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
      `${name} is not valid`,
    )
    .transform((value) => value.toLowerCase());

/** A request's message: at most 250 characters. The database says so too (introduction_requests). */
export const ZIntroductionMessage = zText({ error: 'message must be text' })
  .trim()
  .max(REQUEST_MESSAGE_MAX, `message can have at most ${REQUEST_MESSAGE_MAX} characters`);

export const ZIntroductionStatus = z.enum(INTRODUCTION_STATUSES);
export type TIntroductionStatus = z.infer<typeof ZIntroductionStatus>;

/** What a member may do next with an introduction; decided on the server (packages/core/src/introductions). */
export const INTRODUCTION_ACTIONS = ['request', 'accept', 'reject'] as const;
export type TIntroductionAction = (typeof INTRODUCTION_ACTIONS)[number];

/** PATCH user-introductions/{matchId}/request and /accept: `{ message }`, matchId from the path. */
export const ZIntroductionActionRequest = z.object({
  matchId: ZRecordId('matchId'),
  message: ZIntroductionMessage.optional().default(''),
});
export type TIntroductionActionRequest = z.input<typeof ZIntroductionActionRequest>;

/** PATCH user-introductions/{matchId}/reject: empty body. */
export const ZIntroductionRejectRequest = z.object({ matchId: ZRecordId('matchId') });

/** GET user-introductions/introduction/list/{matchId} */
export const ZIntroductionByIdRequest = z.object({ matchId: ZRecordId('matchId') });

/** A member's premium for one match, as the introduction shows it ('none' when there is no live one). */
export const ZPremiumState = z.enum(['none', 'pending', 'active']);

/** An introduction's own fields, as both of its views show them (the members' below, the console's in ./admin.ts). */
export const ZIntroductionRecord = z.object({
  _id: z.string(),
  status: ZIntroductionStatus,
  is_active: z.boolean(),
  is_public: z.boolean(),
  min_age: z.number().int(),
  max_age: z.number().int(),
  min_height: z.number().int().nullable(),
  my_height: z.number().int().nullable(),
  state: z.string().nullable(),
  tribe: z.string().nullable(),
  city: z.string().nullable(),
  distant_relationship: z.boolean(),
  details: z.string().nullable(),
  request_message: z.string().nullable(),
  response_message: z.string().nullable(),
  requested_at: z.string().nullable(),
  responded_at: z.string().nullable(),
  created_at: z.string(),
});
export type TIntroductionRecord = z.infer<typeof ZIntroductionRecord>;

/**
 * An introduction as one of its two members sees it: the record without the consultants' notes, both people in
 * the one profile shape (contact details only once released), and what the viewer may do next.
 */
export const ZIntroduction = ZIntroductionRecord.extend({
  /** INTRODUCTION_STATUS_LABEL of the status */
  status_label: z.string(),
  /** the viewer's side: 'owner' (made for them; they request) or 'contact' (addressed to them; they answer) */
  role: z.enum(['owner', 'contact']),
  /** the owner's profile */
  user: ZMemberProfile,
  /** the other member of a pre-matched introduction (null while none is chosen) */
  contact: ZMemberProfile.nullable(),
  /** the owner's premium for this match (what a request needs); 'none' for the contact */
  premium: ZPremiumState,
  /** the live premium subscription's id, for the premium screen */
  subscription_id: z.string().nullable(),
  actions: z.array(z.enum(INTRODUCTION_ACTIONS)),
});
export type TIntroduction = z.infer<typeof ZIntroduction>;

export const ZIntroductionList = z.array(ZIntroduction);

/** POST user-introductions/{id}/request: 'I am interested in {first name}' on a public introduction. */
export const ZPublicIntroductionRequest = z.object({
  id: ZRecordId('id'),
  message: ZIntroductionMessage.optional().default(''),
});

export const ZIntroductionRequestResult = z.object({
  _id: z.string(),
  introduction_id: z.string(),
  message: z.string(),
  status: z.string(),
  created_at: z.string(),
});

/** "Who can see my phone number": each release of the member's contact details, with its date. */
export const ZContactDisclosure = z.object({
  _id: z.string(),
  introduction_id: z.string().nullable(),
  fields: z.array(z.string()),
  disclosed_at: z.string(),
  /** who can see them, in the one profile shape */
  viewer: ZMemberProfile,
});
export const ZContactDisclosureList = z.array(ZContactDisclosure);
export type TContactDisclosure = z.infer<typeof ZContactDisclosure>;

// Premium per match (docs/decisions/070).
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'cancelled', 'expired', 'revoked'] as const;
/** the payment's own state: a refunded or disputed payment revokes premium unless the match accepted (decision 173) */
export const PAYMENT_STATES = ['awaiting', 'paid', 'refunded', 'disputed'] as const;

/** The configured price of premium for one match (packages/schemas/src/premium.ts), with its label. */
export const ZPremiumPrice = z.object({
  amount_minor: z.number().int().min(0),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** formatted for reading: "£49.00" */
  label: z.string(),
});
export type TPremiumPrice = z.infer<typeof ZPremiumPrice>;

/** POST user-subscriptions/premium: the match from the body or the query string (the app sends an empty body). */
export const ZCreatePremiumRequest = z.object({ matchId: ZRecordId('matchId') });
export const ZSubscriptionByIdRequest = z.object({ subscriptionId: ZRecordId('subscriptionId') });

export const ZSubscription = z.object({
  _id: z.string(),
  plan: z.literal('premium'),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** the introduction it is for */
  match_id: z.string().nullable(),
  user_id: z.string(),
  created_at: z.string(),
  activated_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  payment: z.object({
    provider: z.string(),
    /** quote it when paying */
    reference: z.string().nullable(),
    /** how to complete the payment, for the premium screen */
    instructions: z.string(),
    /** what this subscription costs (the price when it was started) */
    amount: ZPremiumPrice,
    state: z.enum(PAYMENT_STATES),
    /** the provider's hosted checkout, while it can still be paid there (null: pay by bank transfer) */
    checkout_url: z.string().nullable(),
  }),
});
export type TSubscription = z.infer<typeof ZSubscription>;
