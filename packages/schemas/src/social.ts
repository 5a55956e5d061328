import { z } from 'zod';
import { zText } from './text';
import { AGE_SLIDER, COUNTRY_CODES, GENDERS, MAX_AGE, MIN_AGE } from './constants';
import { ZPaginated } from './envelope';
import { ZMemberProfile } from './profile';

// Self-matching (issue 11): communities, the members list, friend requests, block and report, messages.
// One schema per input and output, shared by the procedures, the web pages and the REST adapter.

/**
 * Friend requests a member may send in any 24 hours (the spec's safety text: "a limit on friend requests per 24
 * hours", number not shown). A sliding window over the member's own requests: see docs/decisions/080.
 */
export const FRIEND_REQUESTS_PER_24H = 10;
export const FRIEND_REQUEST_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A message in a thread: 1 to 2,000 characters. */
export const MESSAGE_MAX = 2000;
export const MEMBERS_PAGE_SIZE = 12;
export const COMMUNITY_KINDS = ['interest', 'faith', 'professional'] as const;
export const COMMUNITY_KIND_LABEL: Record<(typeof COMMUNITY_KINDS)[number], string> = {
  interest: 'Interest',
  faith: 'Faith',
  professional: 'Professional',
};

export const REPORT_REASONS = [
  { value: 'fake_profile', label: 'Fake profile or impersonation' },
  { value: 'harassment', label: 'Harassment or abuse' },
  { value: 'inappropriate_content', label: 'Inappropriate photos or content' },
  { value: 'scam', label: 'Scam, money or spam' },
  { value: 'underage', label: 'May be under 18' },
  { value: 'other', label: 'Something else' },
] as const;
export const REPORT_REASON_VALUES = REPORT_REASONS.map((r) => r.value) as [
  (typeof REPORT_REASONS)[number]['value'],
  ...(typeof REPORT_REASONS)[number]['value'][],
];
export const REPORT_DETAILS_MAX = 1000;
export const REPORT_STATUSES = ['open', 'dismissed', 'suspended'] as const;

const ZId = z.uuid({ error: 'Unknown member' });
const ZSlug = zText()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'Unknown community');
const ZPage = z.coerce.number().int().min(1).max(100_000).default(1);

// ---- communities ----
export const ZCommunity = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(COMMUNITY_KINDS),
  description: z.string(),
  member_count: z.number().int(),
  joined: z.boolean(),
});
export type TCommunity = z.infer<typeof ZCommunity>;

export const ZCommunityListRequest = z.object({ kind: z.enum(COMMUNITY_KINDS).optional() });
export const ZCommunitySlugRequest = z.object({ slug: ZSlug });
export const ZCommunityMembershipResult = z.object({ joined: z.boolean(), member_count: z.number().int() });

// ---- the members list ----
const ZAge = z.coerce
  .number({ error: 'Please enter an age' })
  .int()
  .min(MIN_AGE, `Ages start at ${MIN_AGE}`)
  .max(MAX_AGE, `Ages end at ${MAX_AGE}`);

export const ZMembersListRequest = z
  .object({
    community: ZSlug.optional(),
    country_code: z.enum(COUNTRY_CODES).optional(),
    gender: z.enum(GENDERS).optional(),
    min_age: ZAge.optional(),
    max_age: ZAge.optional(),
    page: ZPage,
  })
  .refine((v) => v.min_age === undefined || v.max_age === undefined || v.min_age <= v.max_age, {
    message: 'The minimum age cannot be above the maximum age',
    path: ['min_age'],
  });
export type TMembersListRequest = z.input<typeof ZMembersListRequest>;
export const MEMBERS_AGE_DEFAULTS = { min: AGE_SLIDER.min, max: AGE_SLIDER.max } as const;

export const ZMemberRequest = z.object({ id: ZId });

// ---- friend requests ----
export const FRIEND_STATES = [
  'none',
  'outgoing',
  'incoming',
  'friends',
  /** the viewer blocked them (they never see the viewer) */
  'blocked',
] as const;
export type FriendState = (typeof FRIEND_STATES)[number];

export const ZFriendQuota = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** when the oldest request of the window leaves it (null when none was sent in the last 24 hours) */
  resets_at: z.string().nullable(),
});
export type TFriendQuota = z.infer<typeof ZFriendQuota>;

export const ZFriendRequestAction = z.object({ request_id: z.uuid({ error: 'Unknown friend request' }) });
export const ZFriendSendRequest = z.object({ user_id: ZId });

// ---- block and report ----
export const ZBlockRequest = z.object({ user_id: ZId });
export const ZReportRequest = z.object({
  user_id: ZId,
  reason: z.enum(REPORT_REASON_VALUES, { error: 'Please choose a reason' }),
  details: zText()
    .trim()
    .max(REPORT_DETAILS_MAX, `Please keep it to ${REPORT_DETAILS_MAX} characters`)
    .default(''),
  source: z.enum(['profile', 'thread']).default('profile'),
});
export type TReportRequest = z.input<typeof ZReportRequest>;
export const ZReportResult = z.object({ _id: z.string(), status: z.enum(REPORT_STATUSES) });

export const ZModerationListRequest = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  page: ZPage,
});
export const ZModerationReport = z.object({
  _id: z.string(),
  reason: z.enum(REPORT_REASON_VALUES),
  details: z.string(),
  source: z.enum(['profile', 'thread']),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  resolution: z.string().nullable(),
  reporter: z.object({ _id: z.string(), first_name: z.string(), email: z.string() }),
  reported: z.object({
    _id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    status: z.string(),
    /** reports about this member in every state, this one included */
    report_count: z.number().int(),
  }),
});
export type TModerationReport = z.infer<typeof ZModerationReport>;
export const ZModerationList = ZPaginated(ZModerationReport);
export const ZModerationDismissRequest = z.object({
  report_id: z.uuid(),
  note: zText().trim().max(REPORT_DETAILS_MAX).default(''),
});
export const ZModerationSuspendRequest = z.object({
  report_id: z.uuid(),
  reason: zText({ error: 'Please give the reason for the suspension' })
    .trim()
    .min(1, 'Please give the reason for the suspension')
    .max(REPORT_DETAILS_MAX, `Please keep it to ${REPORT_DETAILS_MAX} characters`),
});

// ---- messages ----
export const ZMessageBody = zText({ error: 'Please write a message' })
  .trim()
  .min(1, 'Please write a message')
  .max(MESSAGE_MAX, `A message can have at most ${MESSAGE_MAX} characters`);
export const ZSendMessageRequest = z.object({ user_id: ZId, body: ZMessageBody });
export const ZThreadRequest = z.object({
  user_id: ZId,
  /** older messages than this id (the thread pages backwards) */
  before: z.coerce.number().int().positive().optional(),
});
export const ZMessage = z.object({
  _id: z.string(),
  sender_id: z.string(),
  recipient_id: z.string(),
  body: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type TMessage = z.infer<typeof ZMessage>;

/**
 * What the live subscription (messages.live) sends: `ready` when it listens (at the start and after the server lost
 * its database listener for a while: re-read what is on screen), then each new `message` sent or received by the
 * member, with their unread total at that moment. A type only: the server writes it, nothing parses it.
 */
export type TLiveMessageEvent =
  { type: 'ready'; unread_total: number } | { type: 'message'; message: TMessage; unread_total: number };

/**
 * messages.live's input: `lastEventId`, the position of the last event a client got (tRPC's tracked events: the
 * client adds it when it reconnects; an SSE client sends it as the Last-Event-ID header).
 */
export const ZLiveMessagesRequest = z
  .object({
    lastEventId: z
      .string()
      .regex(/^(0|[1-9][0-9]{0,18})$/, 'Unknown event id')
      .nullish(),
  })
  .optional();

// ---- outputs that carry profiles (the one profile shape, ./profile.ts) ----
export const ZMemberList = ZPaginated(ZMemberProfile);
export const ZCommunityPage = z.object({ community: ZCommunity, members: ZMemberList });

export const ZFriendRequest = z.object({
  _id: z.string(),
  requester_id: z.string(),
  addressee_id: z.string(),
  status: z.enum(['pending', 'accepted', 'declined', 'cancelled']),
  created_at: z.string(),
});
export const ZFriendSendResult = z.object({ request: ZFriendRequest, quota: ZFriendQuota });
export const ZRelation = z.object({ state: z.enum(FRIEND_STATES), request_id: z.string().nullable() });
export const ZMemberPage = z.object({ profile: ZMemberProfile, relation: ZRelation });

const ZFriendEntry = z.object({
  _id: z.string(),
  status: z.enum(['pending', 'accepted']),
  direction: z.enum(['incoming', 'outgoing']),
  created_at: z.string(),
  member: ZMemberProfile,
});
export const ZFriendsOverview = z.object({
  incoming: z.array(ZFriendEntry),
  outgoing: z.array(ZFriendEntry),
  friends: z.array(ZFriendEntry),
  quota: ZFriendQuota,
});
export type TFriendsOverview = z.infer<typeof ZFriendsOverview>;
export const ZBlockResult = z.object({ blocked: z.boolean() });
export const ZBlockedList = z.array(
  z.object({ _id: z.string(), first_name: z.string(), blocked_at: z.string() }),
);

// ---- message outputs ----
export const ZThread = z.object({
  member: ZMemberProfile,
  /** false once the friendship ended: the thread stays readable, new messages are refused */
  can_send: z.boolean(),
  messages: z.array(ZMessage),
  has_older: z.boolean(),
});
export const ZConversations = z.object({
  conversations: z.array(
    z.object({
      member: ZMemberProfile,
      last_message: z.object({
        _id: z.string(),
        from_me: z.boolean(),
        body: z.string(),
        created_at: z.string(),
      }),
      unread: z.number().int(),
    }),
  ),
  unread_total: z.number().int(),
});
