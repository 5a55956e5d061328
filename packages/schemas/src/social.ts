import { z } from 'zod';
import { zText } from './text';
import type { TCallSignalEvent } from './calls';
import {
  COMMUNITY_KINDS,
  REPORT_DETAILS_MAX,
  REPORT_REASON_VALUES,
  REPORT_SOURCES,
  REPORT_STATUSES,
  SPECIAL_CATEGORY_CONSENT,
} from './constants';
import { MESSAGE_MAX } from './social-limits';
import { ZPaginated } from './envelope';
import { ZFriendQuota } from './friend-quota';
import { ZMemberProfile } from './profile';
import { ZCommunitySlug, ZListPage } from './members-search';

// Self-matching: communities, the members list, friend requests, block and report, messages.
// One schema per input and output, shared by the procedures, the web pages and the REST adapter.

const ZId = z.uuid({ error: 'Unknown member' });

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
export const ZCommunitySlugRequest = z.object({ slug: ZCommunitySlug });
/**
 * Joining: a faith community also takes the special-category consent, given with the version of the text shown
 * beside the join button (without a standing consent the join answers 417, requirement 'special_consent').
 */
export const ZCommunityJoinRequest = ZCommunitySlugRequest.extend({
  special_consent_text_version: z
    .literal(SPECIAL_CATEGORY_CONSENT.textVersion, {
      error: 'The consent text has changed. Please read it again before you agree.',
    })
    .optional(),
});
export const ZCommunityMembershipResult = z.object({ joined: z.boolean(), member_count: z.number().int() });

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
  source: z.enum(REPORT_SOURCES).default('profile'),
});
export type TReportRequest = z.input<typeof ZReportRequest>;
export const ZReportResult = z.object({ _id: z.string(), status: z.enum(REPORT_STATUSES) });

export const ZModerationListRequest = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  page: ZListPage,
});
export const ZModerationReport = z.object({
  _id: z.string(),
  reason: z.enum(REPORT_REASON_VALUES),
  details: z.string(),
  source: z.enum(REPORT_SOURCES),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  resolution: z.string().nullable(),
  /** null once the reporter erased their account: the report stays in the queue without them */
  reporter: z.object({ _id: z.string(), first_name: z.string(), email: z.string() }).nullable(),
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
/** messages.typing: the member is typing to `user_id` (no REST row: a live-only signal). */
export const ZTypingRequest = z.object({ user_id: ZId });
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
  | { type: 'ready'; unread_total: number }
  | { type: 'message'; message: TMessage; unread_total: number }
  /**
   * `reader_id` read what `sender_id` sent them up to message `up_to` (one of the two is the member): the sender's
   * "Seen", the reader's unread total on their other tabs and devices
   */
  | { type: 'read'; reader_id: string; sender_id: string; up_to: string; unread_total: number }
  /** `user_id` is typing to the member (nothing is stored; it lasts TYPING_SHOWN_MS unless repeated) */
  | { type: 'typing'; user_id: string }
  /** the member's unread notifications changed (new, read, removed): their count now, for the header's bell */
  | { type: 'notifications'; unread: number }
  /** a video call's signal from the other party (docs/decisions/180-video-calls.md): moves the position's signal part */
  | TCallSignalEvent;

/**
 * messages.live's input: `lastEventId`, the position of the last event a client got (tRPC's tracked events: the
 * client adds it when it reconnects; an SSE client sends it as the Last-Event-ID header). A position is
 * `<message id>:<call signal id>`, the newest of each the stream delivered (docs/decisions/217-*.md); a message id
 * alone, what the stream sent before call signals were replayed, is still one (old app builds resume with it).
 */
const MAX_BIGINT = 2n ** 63n - 1n;
const LAST_EVENT_ID_MESSAGE =
  'must be the id of an event this stream sent (a whole number, or two joined by a colon)';
const ID_PART = '(0|[1-9][0-9]{0,18})';
/** a message id and a call signal id (PostgreSQL bigints), or a message id alone */
export const LIVE_POSITION_PATTERN = new RegExp(`^${ID_PART}(:${ID_PART})?$`);

/** The two ids of a live stream's position; `signal` is null for a message id alone. */
export function parseLivePosition(position: string): { message: bigint; signal: bigint | null } {
  const [message, signal] = position.split(':');
  return { message: BigInt(message ?? '0'), signal: signal === undefined ? null : BigInt(signal) };
}

export function formatLivePosition(position: { message: bigint; signal: bigint }): string {
  return `${position.message}:${position.signal}`;
}

export const ZLiveMessagesRequest = z
  .object({
    lastEventId: z
      .string()
      // the refinement below runs after a failed pattern too: it reads only what the pattern let through, so
      // "abc" or "1.5" is this 400 naming the field, not BigInt's SyntaxError (docs/security.md, F32)
      .regex(LIVE_POSITION_PATTERN, LAST_EVENT_ID_MESSAGE)
      // ids are PostgreSQL bigints: a 19-digit number past their range is no position
      .refine(
        (id) => !LIVE_POSITION_PATTERN.test(id) || id.split(':').every((part) => BigInt(part) <= MAX_BIGINT),
        LAST_EVENT_ID_MESSAGE,
      )
      .nullish(),
    /** also send `notifications` events (the unread notification count): clients that show a bell ask for them */
    notifications: z.boolean().optional(),
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
export const ZRelation = z.object({
  state: z.enum(FRIEND_STATES),
  request_id: z.string().nullable(),
  /** whether the viewer may start a video call with them: friends, or an accepted introduction between them */
  can_call: z.boolean(),
});
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
      /** the other member's id: the thread's address (GET /messages/:user_id) */
      _id: z.string(),
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
