import { CompiledQuery, sql, type Compilable, type SelectQueryBuilder } from 'kysely';
import type { TMemberSearchKey } from '@rhema/schemas';
import type { Database } from '../create-db';
import type { DB } from '../schema.gen';
import { beyondDescendingKey, type PagePosition } from './keyset';

// The consultants' member search (GET user-introductions/pre/matched) at a million members:
// docs/decisions/090-admin-search-at-a-million.md. Each filter mix reads one members-only index of migrations
// 20261122T1300 and 20261123T0000 in the order it pages in, index-only; a page is a short index range (keyset) or
// a skip over index entries (offset), and the number of matches is counted only up to a cap, estimated by the
// planner above it.

/** Filters in database terms: the age range is already a date-of-birth range (core turns ages into dates). */
export interface MemberSearchFilters {
  /** account status; the other filters are ignored when `phone` is set */
  status: string;
  gender?: string | undefined;
  /** age >= min_age */
  bornOnOrBefore?: string | undefined;
  /** age <= max_age */
  bornAfter?: string | undefined;
  countryCode?: string | undefined;
  /** lower-cased first-name prefix */
  namePrefix?: string | undefined;
  /** E.164; overrides every other filter */
  phone?: string | undefined;
}

export type MemberSearchPosition = PagePosition<TMemberSearchKey>;

/**
 * A row of a page: the sort key only, read from the index alone (the caller loads the page's profiles by id, so an
 * OFFSET skips index entries and never visits the table).
 */
export interface MemberSearchRow {
  id: string;
  date_of_birth: string;
  /** the sort key of the name index (first-name searches only) */
  name_key?: string | undefined;
}

type UsersQuery = SelectQueryBuilder<DB, 'users', object>;

// lower(first_name) in the "C" collation: the expression of users_member_name_idx, so LIKE 'ada%' is a range of
// that index and ORDER BY it is the index's order (the database's default collation would need a sort).
const nameKey = sql<string>`(lower(first_name) COLLATE "C")`;

/** LIKE pattern of a prefix: %, _ and \ typed by a consultant are literal characters. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function applyFilters(query: UsersQuery, filters: MemberSearchFilters): UsersQuery {
  // consultants and admins are never offered as a match
  let q = query.where('role', '=', 'member');
  if (filters.phone) return q.where('phone', '=', filters.phone);
  q = q.where('status', '=', filters.status);
  if (filters.gender) q = q.where('gender', '=', filters.gender);
  if (filters.countryCode) q = q.where('country_code', '=', filters.countryCode);
  if (filters.bornOnOrBefore) q = q.where('date_of_birth', '<=', filters.bornOnOrBefore);
  if (filters.bornAfter) q = q.where('date_of_birth', '>', filters.bornAfter);
  if (filters.namePrefix) q = q.where(nameKey, 'like', likePrefix(filters.namePrefix));
  return q;
}

function byName(filters: MemberSearchFilters): boolean {
  return Boolean(filters.namePrefix) && !filters.phone;
}

/**
 * Rows strictly after (`after`) or before (`before`) `key` in page order. A first-name search pages by (name, date
 * of birth, id), all ascending (users_member_name_idx, migration 20261123T0000): the row comparison is the range
 * the index starts at, so a deep page reads its own rows only. The others page youngest first by (date of birth,
 * id) descending.
 */
function beyondKey(key: TMemberSearchKey, withName: boolean, direction: 'after' | 'before') {
  if (withName) {
    const row = sql<boolean>`(${nameKey}, date_of_birth, id)`;
    const at = sql`(${key.name ?? ''}::text, ${key.dob}::date, ${key.id}::uuid)`;
    return direction === 'after' ? sql<boolean>`${row} > ${at}` : sql<boolean>`${row} < ${at}`;
  }
  return beyondDescendingKey('date_of_birth', 'id', { at: key.dob, id: key.id }, direction);
}

/**
 * One page of matches, `limit` rows (ask for one more than the page size to learn whether a next page exists).
 * Rows come in page order whatever the position (a `before` page is read backwards and turned round). Only the
 * sort key is selected, so every position is an index-only scan of the filter mix's index: an OFFSET page skips
 * index entries (a deferred join: the caller fetches the page's rows by id), a keyset page starts at its key.
 */
export function memberPageQuery(
  db: Database,
  filters: MemberSearchFilters,
  position: MemberSearchPosition,
  limit: number,
) {
  const withName = byName(filters);
  const backwards = position.kind === 'before';
  let q: UsersQuery = db.selectFrom('users');
  // the keyset first: of two bounds on the name index's leading column it is the one the scan starts at
  if (position.kind !== 'offset') {
    q = q.where(beyondKey(position.key, withName, position.kind));
  }
  q = applyFilters(q, filters);
  let page = q.select(['id', 'date_of_birth']).$if(withName, (qb) => qb.select(nameKey.as('name_key')));
  if (withName) {
    const direction = backwards ? 'desc' : 'asc';
    page = page.orderBy(nameKey, direction).orderBy('date_of_birth', direction).orderBy('id', direction);
  } else {
    const direction = backwards ? 'asc' : 'desc';
    page = page.orderBy('date_of_birth', direction).orderBy('id', direction);
  }
  page = page.limit(limit);
  if (position.kind === 'offset' && position.offset > 0) page = page.offset(position.offset);
  return page;
}

export async function findMemberPage(
  db: Database,
  filters: MemberSearchFilters,
  position: MemberSearchPosition,
  limit: number,
): Promise<MemberSearchRow[]> {
  const rows: MemberSearchRow[] = await memberPageQuery(db, filters, position, limit).execute();
  return position.kind === 'before' ? rows.reverse() : rows;
}

/** A count that stops at `cap + 1` rows: the number of matches if at most `cap`, else `cap + 1`. */
export function countUpToQuery<DBT, TB extends keyof DBT, O>(
  db: Database,
  query: SelectQueryBuilder<DBT, TB, O>,
  cap: number,
) {
  const inner = (query as unknown as SelectQueryBuilder<DB, 'users', object>)
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1);
  return db.selectFrom(inner.as('capped')).select((eb) => eb.fn.countAll<string>().as('count'));
}

export async function countUpTo<DBT, TB extends keyof DBT, O>(
  db: Database,
  query: SelectQueryBuilder<DBT, TB, O>,
  cap: number,
): Promise<number> {
  const row = await countUpToQuery(db, query, cap).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The planner's estimate of a query's rows (from the table statistics; nothing is read). */
export async function estimateRows(db: Database, query: Compilable<unknown>): Promise<number> {
  const compiled = query.compile();
  const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
  return planRows(result.rows[0]?.['QUERY PLAN']);
}

export function countMembersUpToQuery(db: Database, filters: MemberSearchFilters, cap: number) {
  return countUpToQuery(db, applyFilters(db.selectFrom('users'), filters), cap);
}

/** The number of matches if it is at most `cap`, else `cap + 1`: never counts past the cap. */
export async function countMembersUpTo(db: Database, filters: MemberSearchFilters, cap: number) {
  return countUpTo(db, applyFilters(db.selectFrom('users'), filters), cap);
}

/** The planner's estimate of the number of matches. */
export async function estimateMembers(db: Database, filters: MemberSearchFilters): Promise<number> {
  return estimateRows(db, applyFilters(db.selectFrom('users'), filters).select('id'));
}

/** Every match counted (what a plain paginator does): for the benchmark's comparison only. */
export function countMembersExactQuery(db: Database, filters: MemberSearchFilters) {
  return applyFilters(db.selectFrom('users'), filters).select((eb) => eb.fn.countAll<string>().as('count'));
}

/** `Plan Rows` of an EXPLAIN (FORMAT JSON) answer (pg parses the JSON; PGlite may hand over the text). */
export function planRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: number } }) : undefined;
  return Math.round(top?.Plan?.['Plan Rows'] ?? 0);
}
