// The kinds of notification and their defaults (docs/notifications.md), without zod: the settings page shows these
// labels (see the README on modules a page loads).

/** What a member is told of. */
export const MEMBER_NOTIFICATION_KINDS = [
  'introduction_request',
  'introduction_accepted',
  'introduction_declined',
  'match_suggested',
  'match_request_update',
  'friend_request',
  'friend_accepted',
  'message',
  'missed_call',
  'event_reminder',
  'event_place',
  'event_cancelled',
  'verification_result',
  'premium_paid',
] as const;
/** What staff are told of. */
export const STAFF_NOTIFICATION_KINDS = ['staff_match_request', 'staff_report'] as const;
export const NOTIFICATION_KINDS = [...MEMBER_NOTIFICATION_KINDS, ...STAFF_NOTIFICATION_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The settings page's label of each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  introduction_request: 'Someone asks for an introduction to you',
  introduction_accepted: 'Your introduction was accepted',
  introduction_declined: 'Your introduction was declined',
  match_suggested: 'A consultant suggests a match',
  match_request_update: 'A consultant handled your request',
  friend_request: 'Friend requests',
  friend_accepted: 'Accepted friend requests',
  message: 'New messages',
  missed_call: 'Missed video calls',
  event_reminder: 'Event reminders (24 hours before)',
  event_place: 'A place for you at an event',
  event_cancelled: 'Cancelled events',
  verification_result: 'Identity verification results',
  premium_paid: 'Premium payments',
  staff_match_request: 'New introduction requests (staff)',
  staff_report: 'New reports (staff)',
};

/**
 * Email and push per kind for a member who changed nothing. Everything here is about the member's own matches and
 * contacts (nothing marketing exists, so nothing marketing is on); the lighter news (a friend accepted, a reminder)
 * stays in the app and on the phone rather than in the inbox.
 */
export const NOTIFICATION_DEFAULTS: Record<NotificationKind, { email: boolean; push: boolean }> = {
  introduction_request: { email: true, push: true },
  introduction_accepted: { email: true, push: true },
  introduction_declined: { email: true, push: false },
  match_suggested: { email: true, push: true },
  match_request_update: { email: true, push: true },
  friend_request: { email: true, push: true },
  friend_accepted: { email: false, push: true },
  message: { email: true, push: true },
  missed_call: { email: true, push: true },
  event_reminder: { email: false, push: true },
  event_place: { email: true, push: true },
  event_cancelled: { email: true, push: true },
  verification_result: { email: true, push: true },
  premium_paid: { email: true, push: false },
  staff_match_request: { email: true, push: false },
  staff_report: { email: true, push: false },
};

/** Notifications on one page of the centre. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
