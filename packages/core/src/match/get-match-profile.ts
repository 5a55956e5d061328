import { RATE_LIMITS, type RateLimitStore } from '@rhema/auth';
import { matchQueries, type Database } from '@rhema/db';
import { normalizeReference, type TMatchProfile } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import { loadMemberProfile } from '../profiles/member-profiles';
import { ANONYMOUS } from '../profiles/visibility';
import { takeRateLimits, TOO_MANY_REQUESTS_MESSAGE } from '../rate-limit/enforce';

/**
 * The private-match page's profile for a contact reference. Unknown, malformed, hidden and inactive references
 * all throw the very same NOT_FOUND, so the answer tells nothing about which it was. Every lookup counts against
 * the caller's IP (60 a minute, docs/security.md target 11) before the reference is read, so guessing costs the same.
 * The profile is the one profile shape as an anonymous visitor sees it (no contact, no special category).
 */
export async function getMatchProfile({
  db,
  rateLimitStore,
  now,
  ip,
  contactReference,
}: {
  db: Database;
  rateLimitStore: RateLimitStore;
  now: Date;
  ip: string;
  contactReference: string;
}): Promise<TMatchProfile> {
  await takeRateLimits({
    store: rateLimitStore,
    now,
    slots: [{ rule: RATE_LIMITS.matchLookupsPerIp, subject: ip, message: TOO_MANY_REQUESTS_MESSAGE }],
  });

  const reference = normalizeReference(contactReference);
  const user = reference ? await matchQueries.findPublicProfileByReference(db, reference) : undefined;
  const profile = user && (await loadMemberProfile({ db, userId: user.id, viewer: ANONYMOUS, now }));
  if (!user || !profile) throw new AppError('NOT_FOUND', 'not found');
  return { ...profile, contact_reference: user.contact_reference };
}
