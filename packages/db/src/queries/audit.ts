import type { Database } from '../create-db';

// The audit log's one writer is insertAudit in ./users.ts.

export async function listAuditEntries(db: Database, targetType: string, targetId: string) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'actor_id', 'action', 'details', 'created_at'])
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}
