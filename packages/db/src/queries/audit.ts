import type { Database } from '../create-db';

export async function listAuditEntries(db: Database, targetType: string, targetId: string) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'actor_id', 'action', 'details', 'created_at'])
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

/** The audit log's one writer: who did what to which record, and when. */
export async function insertAudit(
  db: Database,
  entry: {
    actorId: string | null;
    action: string;
    targetType: string;
    targetId: string | null;
    /** what changed (e.g. the note before and after), kept as jsonb */
    details?: Record<string, unknown>;
    /** when it happened (the injected clock); the database's now() by default */
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
      ...(entry.details ? { details: JSON.stringify(entry.details) } : {}),
      ...(entry.at ? { created_at: entry.at } : {}),
    })
    .execute();
}

/** One page of the whole audit log, newest first (optionally one action), with each actor's name and role. */
export async function listAuditPage(
  db: Database,
  options: { action?: string | undefined; limit: number; offset: number },
) {
  let base = db.selectFrom('audit_log as a');
  if (options.action) base = base.where('a.action', '=', options.action);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .select([
        'a.id',
        'a.actor_id',
        'u.first_name as actor_first_name',
        'u.role as actor_role',
        'a.action',
        'a.target_type',
        'a.target_id',
        'a.details',
        'a.created_at',
      ])
      .orderBy('a.id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
