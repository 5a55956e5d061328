import type { Database } from '../create-db';

/**
 * The member a private-match reference points at, only if the profile is public and the account an active member's:
 * a hidden, suspended, staff or unknown reference all give undefined. The profile itself is read by
 * ./profiles.ts like every other.
 */
export async function findPublicProfileByReference(db: Database, contactReference: string) {
  return (
    db
      .selectFrom('users')
      .select(['id', 'contact_reference'])
      .where('contact_reference', '=', contactReference)
      .where('is_profile_public', '=', true)
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
