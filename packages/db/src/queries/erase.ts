import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../create-db';

// Erasing a member (docs/security.md target 14): no row of any table keeps their personal data afterwards.
// packages/api/src/routers/account/erase-everywhere.int.test.ts checks every text and json column of every table.

const ERASED = '[erased]';

/** `expression` with every needle replaced: identifiers of the erased member inside free text of others. */
function scrubbed(expression: RawBuilder<string>, needles: readonly string[]): RawBuilder<string> {
  return needles.reduce((text, needle) => sql<string>`replace(${text}, ${needle}, ${ERASED})`, expression);
}

/** Whether `expression` holds any of the needles. */
function holdsAny(expression: RawBuilder<string>, needles: readonly string[]) {
  return sql<boolean>`(${sql.join(
    needles.map((needle) => sql`strpos(${expression}, ${needle}) > 0`),
    sql` OR `,
  )})`;
}

/**
 * Erases a member in the caller's transaction and answers the stored files of their photos (to remove once it
 * commits), or undefined when there is no such user.
 *
 * - The user row is locked first: an upload waiting on that lock (photos.ts insertPhotoIfRoom) then finds no user,
 *   and one that committed before is among the photo keys read after the lock.
 * - The row goes and with it (ON DELETE CASCADE) sessions, codes, consents, photos, answers, memberships,
 *   introductions they own or are the contact of, requests, friendships, messages, blocks and reports about them.
 *   Reports they made stay for the consultants, without their author (reporter NULL) and without what they wrote.
 * - The audit trail keeps every event, with the member replaced by one tombstone id (a fresh uuid that names no
 *   one): entries about them point at it, their own actions carry it as `erased_actor`; the details of entries
 *   about them, about the introductions they were party to and about reports on or by them (note texts before and
 *   after, reasons) are emptied.
 * - Their contact reference suggested to others (suggestion_codes) goes; their id, email, phone, reference and full
 *   name inside others' free text (introduction notes and details, reports, match requests, audit details) become
 *   '[erased]' (docs/decisions/084-erasure-and-the-audit-log.md).
 */
export async function eraseMember(
  trx: Database,
  userId: string,
): Promise<{ tombstoneId: string; photoKeys: string[]; freedEventIds: string[] } | undefined> {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'contact_reference', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) return undefined;
  const photos = await trx.selectFrom('photos').select('storage_key').where('user_id', '=', userId).execute();
  const { tombstone } = await sql<{ tombstone: string }>`SELECT gen_random_uuid()::text AS tombstone`
    .execute(trx)
    .then((r) => r.rows[0]!);

  const reference = user.contact_reference.trim();
  const needles = [user.email, user.phone, reference, `${user.first_name} ${user.last_name}`.trim()].filter(
    (value): value is string => Boolean(value && value.length >= 4),
  );

  // what the audit trail says about them, their introductions and their reports loses its details
  const introductionIds = trx
    .selectFrom('introductions')
    .select(sql<string>`id::text`.as('id'))
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('contact_id', '=', userId)]));
  const reportIds = trx
    .selectFrom('reports')
    .select(sql<string>`id::text`.as('id'))
    .where((eb) => eb.or([eb('reporter_id', '=', userId), eb('reported_id', '=', userId)]));
  await trx
    .updateTable('audit_log')
    .set({ details: '{}' })
    .where((eb) =>
      eb.or([
        eb.and([eb('target_type', '=', 'introduction'), eb('target_id', 'in', introductionIds)]),
        eb.and([eb('target_type', '=', 'report'), eb('target_id', 'in', reportIds)]),
      ]),
    )
    .execute();
  await trx
    .updateTable('audit_log')
    .set({ target_id: tombstone, details: '{}' })
    .where('target_type', '=', 'user')
    .where('target_id', '=', userId)
    .execute();
  await trx
    .updateTable('audit_log')
    .set({ details: sql`details || jsonb_build_object('erased_actor', ${tombstone}::text)` })
    .where('actor_id', '=', userId)
    .execute();
  // their id and identifiers anywhere else in the trail (staff's lines naming them: owner_id, requester_id, code)
  const details = sql<string>`details::text`;
  await trx
    .updateTable('audit_log')
    .set({
      details: sql`${scrubbed(sql<string>`replace(details::text, ${userId}, ${tombstone})`, needles)}::jsonb`,
    })
    .where(holdsAny(details, [userId, ...needles]))
    .execute();

  // their reference suggested to other members' introductions, and notes about them on those
  await trx.deleteFrom('suggestion_codes').where('code', '=', reference).execute();
  for (const column of ['note', 'details'] as const) {
    const text = sql<string>`${sql.ref(column)}`;
    await trx
      .updateTable('introductions')
      .set({ [column]: scrubbed(text, needles) })
      .where(sql.ref(column), 'is not', null)
      .where(holdsAny(text, needles))
      .execute();
  }
  await trx
    .updateTable('match_requests')
    .set({ note: scrubbed(sql<string>`note`, needles) })
    .where('note', 'is not', null)
    .where(holdsAny(sql<string>`note`, needles))
    .execute();
  for (const column of ['details', 'resolution'] as const) {
    const text = sql<string>`${sql.ref(column)}`;
    await trx
      .updateTable('reports')
      // the columns hold at most 1,000 characters; '[erased]' may be longer than what it replaces
      .set({ [column]: sql<string>`left(${scrubbed(text, needles)}, 1000)` })
      .where(sql.ref(column), 'is not', null)
      .where(holdsAny(text, needles))
      .execute();
  }

  // their reports stay in the consultants' queue without them: what they wrote goes now, the reporter becomes NULL
  // with the user row (reports.reporter_id ON DELETE SET NULL), the reason, the reported member and any decision stay
  await trx.updateTable('reports').set({ details: '' }).where('reporter_id', '=', userId).execute();

  // their places at events go back: the count of taken places is the events' own (queries/events.ts takePlace);
  // the caller fills them from the waitlists once this commits
  const freed = await trx
    .updateTable('events')
    .set({ confirmed_count: sql`confirmed_count - 1` })
    .where(
      'id',
      'in',
      trx
        .selectFrom('event_rsvps')
        .select('event_id')
        .where('user_id', '=', userId)
        .where('status', '=', 'confirmed'),
    )
    .returning('id')
    .execute();

  await trx.deleteFrom('users').where('id', '=', userId).execute();
  return {
    tombstoneId: tombstone,
    photoKeys: photos.flatMap((p) => (p.storage_key ? [p.storage_key] : [])),
    freedEventIds: freed.map((row) => row.id),
  };
}
