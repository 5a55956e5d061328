import type { RateLimitStore } from '@rhema/auth';
import { consentQueries, type Database } from '@rhema/db';
import { SPECIAL_CATEGORY_CONSENT, type TSpecialConsentState } from '@rhema/schemas';
import { takeConsentLimits } from '../rate-limit/member-writes';

// The special-category consent (docs/security.md target 13, docs/decisions/083-special-category-consent.md):
// faith, ethnicity and tribe are kept and shown only while it stands
// (packages/core/src/profiles/visibility.ts decides who sees them; edit-profile.ts refuses them without it).
// Giving and withdrawing are idempotent: a repeat answers the same state and records nothing new.

/** Where the member stands, with the text they are asked to agree to. */
export async function getSpecialConsent({
  db,
  userId,
}: {
  db: Database;
  userId: string;
}): Promise<TSpecialConsentState> {
  const [consent, questions] = await Promise.all([
    consentQueries.findLiveSpecialConsent(db, userId),
    consentQueries.listSpecialQuestions(db),
  ]);
  return {
    consented: consent !== undefined,
    text: SPECIAL_CATEGORY_CONSENT.text,
    text_version: SPECIAL_CATEGORY_CONSENT.textVersion,
    granted_at: consent ? new Date(consent.granted_at).toISOString() : null,
    granted_text_version: consent?.text_version ?? null,
    questions,
  };
}

/** Records the consent to the current text (who: the member; when: `now`; which text: its version), audited. */
export async function giveSpecialConsent({
  db,
  rateLimitStore,
  userId,
  now,
}: {
  db: Database;
  rateLimitStore: RateLimitStore;
  userId: string;
  now: Date;
}): Promise<TSpecialConsentState> {
  // giving and withdrawing share a limit: cycling them writes a consent record each time (docs/security.md, F29)
  await takeConsentLimits({ rateLimitStore, now }, userId);
  await consentQueries.grantSpecialConsent(db, {
    userId,
    textVersion: SPECIAL_CATEGORY_CONSENT.textVersion,
    now,
  });
  return getSpecialConsent({ db, userId });
}

/** Withdraws it: in one transaction the consent ends and the member's special-category answers are deleted. */
export async function withdrawSpecialConsent({
  db,
  rateLimitStore,
  userId,
  now,
}: {
  db: Database;
  rateLimitStore: RateLimitStore;
  userId: string;
  now: Date;
}): Promise<TSpecialConsentState> {
  await takeConsentLimits({ rateLimitStore, now }, userId);
  await consentQueries.withdrawSpecialConsent(db, { userId, now });
  return getSpecialConsent({ db, userId });
}
