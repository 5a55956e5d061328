import { SPECIAL_CATEGORY_COMMUNITY_KINDS, SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { sql } from 'kysely';
import type { Database } from '../create-db';
import { precompiled } from './precompiled';
import { insertAudit } from './audit';

// The special-category consent (docs/security.md target 13, docs/decisions/083-special-category-consent.md):
// one live row per member and purpose (the partial unique index user_consents_live_key), withdrawn by setting
// withdrawn_at, never deleted while the member exists, so the record of who agreed to which text and when
// stays.

const PURPOSE = SPECIAL_CATEGORY_CONSENT.purpose;

/** The member's standing special-category consent, if any. */
export async function findLiveSpecialConsent(db: Database, userId: string) {
  return db
    .selectFrom('user_consents')
    .select(['id', 'text_version', 'granted_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', PURPOSE)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
}

/** Of `userIds`, those whose special-category consent stands (one query for a whole list). */
export async function listSpecialConsentHolders(db: Database, userIds: readonly string[]) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set<string>();
  const rows = await specialConsentHolders(db, { ids });
  return new Set(rows.map((row) => row.user_id));
}

// built once (./precompiled.ts): every list of introductions runs it
const specialConsentHolders = precompiled(['ids'], (db, p) =>
  db
    .selectFrom('user_consents')
    .select('user_id')
    .where('user_id', '=', sql<string>`any(${p.ids}::uuid[])`)
    .where('purpose', '=', PURPOSE)
    .where('withdrawn_at', 'is', null),
);

/** The questions answerable only under the consent, in the form's order. */
export async function listSpecialQuestions(db: Database) {
  return db
    .selectFrom('profile_questions')
    .select(['key', 'hint'])
    .where('is_special_category', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Records the consent unless one stands (a repeat changes nothing); answers whether a row was written. The audit
 * line is written in the same transaction as the row.
 */
export async function grantSpecialConsent(
  db: Database,
  { userId, textVersion, now }: { userId: string; textVersion: string; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('user_consents')
      .values({ user_id: userId, purpose: PURPOSE, text_version: textVersion, granted_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'purpose']).where('withdrawn_at', 'is', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await insertAudit(trx, {
      actorId: userId,
      action: 'consent.granted',
      targetType: 'user',
      targetId: userId,
      details: { purpose: PURPOSE, text_version: textVersion, consent_id: inserted.id },
      at: now,
    });
    return true;
  });
}

/**
 * Withdraws the consent in one transaction: withdrawn_at is set and every special-category answer of the member is
 * deleted, so no reader sees the answers without the consent or the consent gone with answers left. A repeat (no
 * live consent) still deletes any such answer and writes no audit line; answers how many answers went. The
 * member's faith-community memberships and the tribe and state of origin on their introductions go in the same
 * transaction.
 */
export async function withdrawSpecialConsent(
  db: Database,
  { userId, now }: { userId: string; now: Date },
): Promise<{ withdrawn: boolean; answersDeleted: number }> {
  return db.transaction().execute(async (trx) => {
    const withdrawn = await trx
      .updateTable('user_consents')
      .set({ withdrawn_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', PURPOSE)
      .where('withdrawn_at', 'is', null)
      .returning(['id', 'text_version'])
      .execute();
    const deleted = await trx
      .deleteFrom('profile_answers')
      .where('user_id', '=', userId)
      .where('question_id', 'in', (eb) =>
        eb.selectFrom('profile_questions').select('id').where('is_special_category', '=', true),
      )
      .executeTakeFirst();
    const answersDeleted = Number(deleted.numDeletedRows);
    // the tribe and state of origin written on the member's introductions describe them as their answers do
    await trx
      .updateTable('introductions')
      .set({ tribe: null, state: null })
      .where('owner_id', '=', userId)
      .where((eb) => eb.or([eb('tribe', 'is not', null), eb('state', 'is not', null)]))
      .execute();
    // belonging to a faith community is special-category data too: the member leaves those communities
    const left = await trx
      .deleteFrom('community_memberships')
      .where('user_id', '=', userId)
      .where('community_id', 'in', (eb) =>
        eb
          .selectFrom('communities')
          .select('id')
          .where('kind', 'in', [...SPECIAL_CATEGORY_COMMUNITY_KINDS]),
      )
      .executeTakeFirst();
    for (const row of withdrawn) {
      await insertAudit(trx, {
        actorId: userId,
        action: 'consent.withdrawn',
        targetType: 'user',
        targetId: userId,
        details: {
          purpose: PURPOSE,
          text_version: row.text_version,
          consent_id: row.id,
          answers_deleted: answersDeleted,
          communities_left: Number(left.numDeletedRows),
        },
        at: now,
      });
    }
    return { withdrawn: withdrawn.length > 0, answersDeleted };
  });
}
