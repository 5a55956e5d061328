import { RATE_LIMITS } from '@rhema/auth';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../root';
import type { ProcedureMeta } from '../trpc';

// docs/security.md, F29: every repeatable write a member can make has a limit, or a reason it needs none. A new
// member mutation fails this test until it is placed in one of the two lists (and its limit in docs/security.md).

type Rule = keyof typeof RATE_LIMITS;

/** The member's writes and the limits their use cases take (packages/core/src/rate-limit/member-writes.ts and others). */
const LIMITED: Record<string, readonly Rule[]> = {
  'password.change': ['loginFailuresPerIp'],
  'account.terminate': ['loginFailuresPerIp'],
  'account.exportData': ['dataExportsPerHour'],
  'communities.join': ['communityChangesPerHour'],
  'communities.leave': ['communityChangesPerHour'],
  'safety.block': ['blockChangesPerHour'],
  'safety.unblock': ['blockChangesPerHour'],
  'messages.send': ['messagesPerMinute', 'messagesPerHour', 'messagesPerPairHour'],
  'messages.typing': ['typingPerMinute', 'typingPerHour', 'typingPerPairMinute'],
  'profile.giveSpecialConsent': ['consentChangesPerHour'],
  'profile.withdrawSpecialConsent': ['consentChangesPerHour'],
  'verification.start': ['verificationStartsPerHour', 'verificationStartsPerDay'],
  'calls.start': ['callRingsPerHour', 'callRingsPerPairHour'],
  'events.rsvp': ['rsvpChangesPerHour', 'rsvpChangesPerEventDay', 'guestListChangesPerHour'],
  'events.cancelRsvp': ['rsvpChangesPerHour', 'rsvpChangesPerEventDay'],
  'events.setGuestList': ['guestListChangesPerHour'],
  'events.chooseMeetAgain': ['meetAgainChoicesPerHour'],
  'devices.register': ['deviceRegistrationsPerHour'],
};

/** The member's writes that need no rate limit of their own, and why. */
const UNLIMITED: Record<string, string> = {
  'friends.send': '10 a day in its own transaction (FRIEND_REQUESTS_PER_24H)',
  'safety.report': '10 a day and one open per member, in its own transaction (F20)',
  'matchRequests.create': 'a daily allowance in its own transaction (docs/decisions/080)',
  'introductions.request': 'one request per introduction, first come first serve: a repeat changes nothing',
  'introductions.requestPublic': 'one request per introduction: a repeat answers the same request',
  'introductions.accept': 'a one-way transition (target 16): a repeat changes nothing',
  'introductions.reject': 'a one-way transition (target 16): a repeat changes nothing',
  'subscriptions.createPremium': 'a repeat while one is live answers that one: no new checkout',
  'friends.accept': 'a one-way transition of a request the send limit already counted',
  'friends.decline': 'a one-way transition of a request the send limit already counted',
  'friends.cancel': 'a one-way transition of a request the send limit already counted',
  'members.savePreferences': 'sets values: a repeat writes the same',
  'profile.update': 'sets values: a repeat writes the same',
  'profile.setVisibility': 'sets a value: a repeat writes the same',
  'profile.saveOnboarding': 'sets values: a repeat writes the same',
  'profile.reorderPhotos': 'sets an order of at most 6 photos',
  'profile.deletePhoto': 'bounded by the uploads, which are limited (F18)',
  'calls.answer': 'once per call, and calls are limited',
  'calls.signal': 'only during a call under way, to its other party',
  'calls.end': 'once per call: a repeat answers the call as it is',
  'calls.heartbeat': 'moves a time on a call under way, nothing more',
  'devices.remove':
    "deletes one of the member's own devices: bounded by the registrations, which are limited",
  'notifications.read': "sets a time on one of the member's own notifications: a repeat writes the same",
  'notifications.readAll': "sets a time on the member's own notifications: a repeat writes the same",
  'notifications.readAt': "sets a time on the member's own notifications: a repeat writes the same",
  'notifications.updateSettings': 'sets values: a repeat writes the same',
};

describe('every member write has a limit or a reason (F29)', () => {
  it('classifies every signed-in mutation, once, with rules that exist', () => {
    const mutations = Object.entries(appRouter._def.procedures)
      .filter(([, procedure]) => {
        const def = (procedure as unknown as { _def: { type: string; meta?: ProcedureMeta } })._def;
        return def.type === 'mutation' && def.meta?.access === 'signed-in';
      })
      .map(([path]) => path)
      .sort();
    expect(mutations).toEqual([...Object.keys(LIMITED), ...Object.keys(UNLIMITED)].sort());
    for (const rules of Object.values(LIMITED))
      for (const rule of rules) expect(RATE_LIMITS).toHaveProperty(rule);
  });
});
