import { pairSubject, RATE_LIMITS, type RateLimitStore } from '@rhema/auth';
import { takeRateLimits, type RateLimitSlot } from './enforce';

// The limits on what members write to each other and on their other repeatable writes (docs/security.md, F25-F29):
// each a rule of RATE_LIMITS in the one limiter (docs/decisions/040-one-rate-limiter.md), taken atomically before
// the write, 429 with Retry-After past it. The wording says the limit, since the composer and the buttons show it.

// "Limit reached: you can send 20 messages a minute." The 429 carries Retry-After, and the web app's forms add when
// to try again (apps/web/src/lib/forms/describe-error.ts), so the wording does not say it twice.
const per = (rule: { limit: number }, what: string, span: string) =>
  `Limit reached: you can ${what.replace('{n}', String(rule.limit))} ${span}.`;

export const MEMBER_WRITE_MESSAGES = {
  messagesPerMinute: per(RATE_LIMITS.messagesPerMinute, 'send {n} messages', 'a minute'),
  messagesPerHour: per(RATE_LIMITS.messagesPerHour, 'send {n} messages', 'an hour'),
  messagesPerPairHour: per(RATE_LIMITS.messagesPerPairHour, 'send {n} messages to one member', 'an hour'),
  typing: 'Too many typing notices; they resume in a moment.',
  callRingsPerHour: per(RATE_LIMITS.callRingsPerHour, 'start {n} video calls', 'an hour'),
  callRingsPerPairHour: per(RATE_LIMITS.callRingsPerPairHour, 'call one member {n} times', 'an hour'),
  verificationStartsPerHour: per(
    RATE_LIMITS.verificationStartsPerHour,
    'start an identity check {n} times',
    'an hour',
  ),
  verificationStartsPerDay: per(
    RATE_LIMITS.verificationStartsPerDay,
    'start an identity check {n} times',
    'a day',
  ),
  rsvpChangesPerHour: per(RATE_LIMITS.rsvpChangesPerHour, 'reply to events {n} times', 'an hour'),
  rsvpChangesPerEventDay: per(
    RATE_LIMITS.rsvpChangesPerEventDay,
    'change your reply to one event {n} times',
    'a day',
  ),
  guestListChangesPerHour: per(
    RATE_LIMITS.guestListChangesPerHour,
    'change guest lists {n} times',
    'an hour',
  ),
  communityChangesPerHour: per(
    RATE_LIMITS.communityChangesPerHour,
    'join or leave communities {n} times',
    'an hour',
  ),
  blockChangesPerHour: per(RATE_LIMITS.blockChangesPerHour, 'block or unblock {n} times', 'an hour'),
  consentChangesPerHour: per(
    RATE_LIMITS.consentChangesPerHour,
    'give or withdraw your consent {n} times',
    'an hour',
  ),
  dataExportsPerHour: per(RATE_LIMITS.dataExportsPerHour, 'download your data {n} times', 'an hour'),
  meetAgainChoicesPerHour: per(RATE_LIMITS.meetAgainChoicesPerHour, 'save whom you met {n} times', 'an hour'),
  deviceRegistrationsPerHour: per(
    RATE_LIMITS.deviceRegistrationsPerHour,
    'register a device for notifications {n} times',
    'an hour',
  ),
} as const;

type Deps = { rateLimitStore: RateLimitStore; now: Date };

const slot = (rule: keyof typeof RATE_LIMITS & keyof typeof MEMBER_WRITE_MESSAGES, subject: string) =>
  ({ rule: RATE_LIMITS[rule], subject, message: MEMBER_WRITE_MESSAGES[rule] }) satisfies RateLimitSlot;

const take = async (deps: Deps, slots: RateLimitSlot[]) => {
  await takeRateLimits({ store: deps.rateLimitStore, now: deps.now, slots });
};

/** A message from `senderId` to `recipientId`: a burst and an hour per sender, an hour per pair. */
export const takeMessageLimits = (deps: Deps, senderId: string, recipientId: string) =>
  take(deps, [
    slot('messagesPerMinute', senderId),
    slot('messagesPerHour', senderId),
    slot('messagesPerPairHour', pairSubject(senderId, recipientId)),
  ]);

/** An "is typing" notice: the same three shapes, with one wording (the composer never shows it). */
export const takeTypingLimits = (deps: Deps, senderId: string, recipientId: string) =>
  take(
    deps,
    [
      { rule: RATE_LIMITS.typingPerMinute, subject: senderId },
      { rule: RATE_LIMITS.typingPerHour, subject: senderId },
      { rule: RATE_LIMITS.typingPerPairMinute, subject: pairSubject(senderId, recipientId) },
    ].map((s) => ({ ...s, message: MEMBER_WRITE_MESSAGES.typing })),
  );

/** A ring (a new call) from `callerId` to `calleeId`, whatever the route to the call. */
export const takeCallRingLimits = (deps: Deps, callerId: string, calleeId: string) =>
  take(deps, [
    slot('callRingsPerHour', callerId),
    slot('callRingsPerPairHour', pairSubject(callerId, calleeId)),
  ]);

export const takeVerificationStartLimits = (deps: Deps, userId: string) =>
  take(deps, [slot('verificationStartsPerHour', userId), slot('verificationStartsPerDay', userId)]);

/** An RSVP or its cancellation: per member, and per member and event. */
export const takeRsvpLimits = (deps: Deps, userId: string, eventId: string) =>
  take(deps, [
    slot('rsvpChangesPerHour', userId),
    slot('rsvpChangesPerEventDay', pairSubject(userId, eventId)),
  ]);

export const takeGuestListLimits = (deps: Deps, userId: string) =>
  take(deps, [slot('guestListChangesPerHour', userId)]);

export const takeCommunityLimits = (deps: Deps, userId: string) =>
  take(deps, [slot('communityChangesPerHour', userId)]);

export const takeBlockLimits = (deps: Deps, userId: string) =>
  take(deps, [slot('blockChangesPerHour', userId)]);

export const takeConsentLimits = (deps: Deps, userId: string) =>
  take(deps, [slot('consentChangesPerHour', userId)]);

export const takeDataExportLimits = (deps: Deps, userId: string) =>
  take(deps, [slot('dataExportsPerHour', userId)]);

export const takeMeetAgainLimits = (deps: Deps, userId: string) =>
  take(deps, [slot('meetAgainChoicesPerHour', userId)]);

export const takeDeviceRegistrationLimits = (deps: Deps, userId: string) =>
  take(deps, [slot('deviceRegistrationsPerHour', userId)]);
