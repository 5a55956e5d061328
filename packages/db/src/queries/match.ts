import type { Database } from '../create-db';
import { blockedEitherWay } from './visibility';

/**
 * The member a private-match reference points at, only if the profile is visible and the account an active member's:
 * a hidden, suspended, staff or unknown reference all give undefined. The profile itself is read by
 * ./profiles.ts like every other.
 */
export async function findPublicProfileByReference(db: Database, contactReference: string) {
  return (
    db
      .selectFrom('users')
      .select(['id', 'contact_reference'])
      .where('contact_reference', '=', contactReference)
      .where('profile_visibility', '=', 'visible')
      .where('status', '=', 'active')
      // consultants and admins are not on offer, whatever their profile says
      .where('role', '=', 'member')
      .executeTakeFirst()
  );
}

/** A member's id by contact reference, whatever their profile's visibility (staff name members by it). */
export async function findMemberIdByReference(db: Database, contactReference: string) {
  return db
    .selectFrom('users')
    .select(['id'])
    .where('contact_reference', '=', contactReference)
    .where('role', '=', 'member')
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/**
 * Whoever a contact reference (or a user id) names, for pairing them with an introduction's owner: the account's
 * role and status and whether a block stands between them and the owner, so the caller can say which rule failed.
 */
export async function findPairCandidate(
  db: Database,
  by: { ownerId: string } & ({ contactReference: string } | { userId: string }),
) {
  let query = db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.role',
      'users.status',
      'users.contact_reference',
      eb.fn.coalesce(blockedEitherWay(by.ownerId, 'users.id'), eb.lit(false)).as('blocked'),
    ]);
  query =
    'contactReference' in by
      ? query.where('users.contact_reference', '=', by.contactReference)
      : query.where('users.id', '=', by.userId);
  return query.executeTakeFirst();
}

/** The active members these contact references name (suggestion codes shown with their member). */
export async function findMembersByReferences(db: Database, contactReferences: readonly string[]) {
  if (contactReferences.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'contact_reference'])
    .where('contact_reference', 'in', contactReferences)
    .where('role', '=', 'member')
    .where('status', '=', 'active')
    .execute();
}
