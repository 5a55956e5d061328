import type { Database } from '../create-db';

/** One entry of the audit log (the one writer of audit_log); write it in the same transaction as the change. */
export async function insertAuditEntry(
  db: Database,
  entry: {
    actorId: string | null;
    action: string;
    targetType: string;
    targetId: string | null;
    details?: Record<string, unknown>;
    /** the use case's clock; the database's time when left out */
    at?: Date;
  },
) {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: JSON.stringify(entry.details ?? {}),
      ...(entry.at ? { created_at: entry.at } : {}),
    })
    .execute();
}

export async function listAuditEntries(db: Database, targetType: string, targetId: string) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'actor_id', 'action', 'details', 'created_at'])
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}
