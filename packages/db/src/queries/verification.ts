import type { Database } from '../create-db';

const VERIFICATION_COLUMNS = [
  'user_id',
  'provider',
  'provider_reference',
  'status',
  'reason',
  'started_at',
  'updated_at',
  'event_at',
  'verified_at',
] as const;

export async function findVerification(db: Database, userId: string) {
  return db
    .selectFrom('identity_verifications')
    .select(VERIFICATION_COLUMNS)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findVerificationByReference(db: Database, provider: string, reference: string) {
  return db
    .selectFrom('identity_verifications')
    .select(VERIFICATION_COLUMNS)
    .where('provider', '=', provider)
    .where('provider_reference', '=', reference)
    .forUpdate()
    .executeTakeFirst();
}

/** A new session replaces the member's last one (one row per member): pending, with the provider's reference. */
export async function upsertStartedVerification(
  db: Database,
  row: { userId: string; provider: string; reference: string; at: Date },
) {
  return db
    .insertInto('identity_verifications')
    .values({
      user_id: row.userId,
      provider: row.provider,
      provider_reference: row.reference,
      status: 'pending',
      started_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        provider: row.provider,
        provider_reference: row.reference,
        status: 'pending',
        reason: null,
        started_at: row.at,
        updated_at: row.at,
        event_at: null,
        verified_at: null,
        revoked_by: null,
      }),
    )
    .returning(VERIFICATION_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function setVerificationOutcome(
  db: Database,
  change: {
    userId: string;
    status: string;
    reason: string | null;
    eventAt: Date | null;
    verifiedAt: Date | null;
    at: Date;
    revokedBy?: string | null;
  },
) {
  await db
    .updateTable('identity_verifications')
    .set({
      status: change.status,
      reason: change.reason,
      event_at: change.eventAt,
      verified_at: change.verifiedAt,
      updated_at: change.at,
      ...(change.revokedBy !== undefined ? { revoked_by: change.revokedBy } : {}),
    })
    .where('user_id', '=', change.userId)
    .execute();
  // the badge's one source (users.identity_verified_at), kept with the state in the same transaction
  await db
    .updateTable('users')
    .set({ identity_verified_at: change.status === 'verified' ? change.verifiedAt : null })
    .where('id', '=', change.userId)
    .execute();
}

/** true the first time this provider's event id is seen; false for a redelivery (the caller changes nothing). */
export async function recordWebhookEvent(
  db: Database,
  event: { provider: string; eventId: string; at: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('webhook_events')
    .values({ provider: event.provider, event_id: event.eventId, received_at: event.at })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** users.identity_verified_at: the badge's one source (the demo seed sets it without a provider session). */
export async function findIdentityVerifiedAt(db: Database, userId: string): Promise<Date | null | undefined> {
  const row = await db
    .selectFrom('users')
    .select('identity_verified_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? row.identity_verified_at : undefined;
}
