import { z } from 'zod';
import { ZPaginated } from './envelope';
import { ZMemberProfile } from './profile';
import { ZFriendQuota } from './friend-quota';
import { zText } from './text';

// A member asks the consultants for an introduction to a member they chose (the private matchmaking flow's first
// two steps, inside the product), and the consultants' queue of these requests.

/** Requests a member may send in any 24 hours (a sliding window, like friend requests): a consultant calls each. */
export const MATCH_REQUESTS_PER_24H = 3;
export const MATCH_REQUEST_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MATCH_REQUEST_NOTE_MAX = 500;
/** Requests on one page of the console's queue. */
export const ADMIN_PAGE_SIZE_MATCH_REQUESTS = 20;

export const MATCH_REQUEST_STATUSES = ['open', 'introduced', 'declined'] as const;
export type MatchRequestStatus = (typeof MATCH_REQUEST_STATUSES)[number];
/** How the member and the console read a request's state. */
export const MATCH_REQUEST_STATUS_LABEL: Record<MatchRequestStatus, string> = {
  open: 'Waiting for a consultant',
  introduced: 'Introduction created',
  declined: 'Declined',
};
/** The console's filter: open requests, or those handled (introduced or declined). */
export const MATCH_REQUEST_QUEUES = ['open', 'handled'] as const;

export const ZMatchRequestCreate = z.object({ user_id: z.uuid({ error: 'Unknown member' }) });

const matchRequestFields = {
  _id: z.string(),
  status: z.enum(MATCH_REQUEST_STATUSES),
  status_label: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  /** the consultant's note when they declined: the member reads it */
  note: z.string().nullable(),
  /** the introduction the consultant created for it */
  introduction_id: z.string().nullable(),
};

/** One request as its member sees it: the member they asked for and where it stands. */
export const ZMatchRequest = z.object({ ...matchRequestFields, member: ZMemberProfile });
export type TMatchRequest = z.infer<typeof ZMatchRequest>;
export const ZMatchRequestSendResult = z.object({ request: ZMatchRequest, quota: ZFriendQuota });
export const ZMatchRequestList = z.object({ data: z.array(ZMatchRequest), quota: ZFriendQuota });
export type TMatchRequestList = z.infer<typeof ZMatchRequestList>;

// ---- the console ----
export const ZAdminMatchRequestListRequest = z.object({
  status: z.enum(MATCH_REQUEST_QUEUES).default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const ZAdminMatchRequest = z.object({
  ...matchRequestFields,
  /** who asked (the introduction's owner) and whom they asked for (its contact) */
  requester: ZMemberProfile,
  member: ZMemberProfile,
  handled_by: z.object({ _id: z.string(), first_name: z.string() }).nullable(),
  /** set when both members said after this event that they would like to meet again (a mutual "we met") */
  event: z.object({ _id: z.string(), title: z.string() }).nullable(),
});
export type TAdminMatchRequest = z.infer<typeof ZAdminMatchRequest>;
export const ZAdminMatchRequestPage = ZPaginated(ZAdminMatchRequest);
export const ZAdminMatchRequestIntroduce = z.object({
  request_id: z.uuid({ error: 'Unknown request' }),
  /** switch the new introduction on at once (the default); false leaves it off until Activate */
  activate: z.boolean().default(true),
});
export const ZAdminMatchRequestDecline = z.object({
  request_id: z.uuid({ error: 'Unknown request' }),
  note: zText({ error: 'Please write a note for the member' })
    .trim()
    .min(1, 'Please write a note for the member')
    .max(MATCH_REQUEST_NOTE_MAX, `Please keep it to ${MATCH_REQUEST_NOTE_MAX} characters`),
});

/** What waits for the consultants, for the console's sidebar. */
export const ZConsoleCounts = z.object({
  requests_waiting: z.number().int(),
  reports_open: z.number().int(),
});
