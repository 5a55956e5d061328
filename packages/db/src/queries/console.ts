import { sql, type Compilable, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../create-db';
import type { DB } from '../schema.gen';
import { countUpTo, estimateRows, likePrefix } from './admin-search';
import { beyondRowKey, type PagePosition } from './keyset';

/** What waits for the consultants: open match requests and open reports (the console's sidebar), in one query. */
export async function countWaiting(db: Database) {
  const { rows } = await sql<{ requests: string; reports: string }>`
    SELECT (SELECT count(*) FROM match_requests WHERE status = 'open') AS requests,
           (SELECT count(*) FROM reports WHERE status = 'open') AS reports`.execute(db);
  const row = rows[0];
  return { requests: Number(row?.requests ?? 0), reports: Number(row?.reports ?? 0) };
}

// The members table (/admin21/users) and the console's one search box: docs/decisions/161-console-search.md and
// migration 20261124T1530_console_members.

/** The members table's filters in database terms (core turns the age range into dates of birth). */
export interface MembersTableFilters {
  status?: string | undefined;
  gender?: string | undefined;
  countryCode?: string | undefined;
  bornOnOrBefore?: string | undefined;
  bornAfter?: string | undefined;
}
export interface MembersTableSort {
  by: 'joined' | 'name';
  order: 'asc' | 'desc';
}
/** A page edge's sort key: the joined instant as text to the microsecond, or the full-name key. */
export type MembersTableKey = { joined: string; id: string } | { name: string; id: string };

// the expressions of users_member_full_name_idx and users_member_last_name_idx: LIKE 'ada%' is a range of them
const fullNameKey = sql<string>`(lower(first_name || ' ' || last_name) COLLATE "C")`;
const lastNameKey = sql<string>`(lower(last_name) COLLATE "C")`;
const emailKey = sql<string>`(email COLLATE "C")`;

type UsersQuery = SelectQueryBuilder<DB, 'users', object>;

function applyMembersTableFilters(query: UsersQuery, filters: MembersTableFilters): UsersQuery {
  let q = query.where('role', '=', 'member');
  if (filters.status) q = q.where('status', '=', filters.status);
  if (filters.gender) q = q.where('gender', '=', filters.gender);
  if (filters.countryCode) q = q.where('country_code', '=', filters.countryCode);
  if (filters.bornOnOrBefore) q = q.where('date_of_birth', '<=', filters.bornOnOrBefore);
  if (filters.bornAfter) q = q.where('date_of_birth', '>', filters.bornAfter);
  return q;
}

/**
 * One page of member ids with their sort keys, in page order once a `before` page is turned round: a range of the
 * sort's index from the cursor on, or an offset from its start. The cursor text is made for the page's rows only.
 */
export function membersTablePageQuery(
  db: Database,
  filters: MembersTableFilters,
  sort: MembersTableSort,
  position: PagePosition<MembersTableKey>,
  limit: number,
) {
  const backwards = position.kind === 'before';
  const ascending = (sort.order === 'asc') !== backwards;
  const direction = ascending ? 'asc' : 'desc';
  const key = sort.by === 'joined' ? sql<unknown>`created_at` : fullNameKey;
  let q = applyMembersTableFilters(db.selectFrom('users'), filters).select([
    'id',
    'created_at',
    fullNameKey.as('name_key'),
  ]);
  if (position.kind !== 'offset') {
    const at =
      'joined' in position.key
        ? sql<unknown>`${position.key.joined}::timestamptz`
        : sql<unknown>`${position.key.name}::text`;
    q = q.where(beyondRowKey(key, 'id', { at, id: position.key.id }, sort.order, position.kind));
  }
  q = q.orderBy(key, direction).orderBy('id', direction).limit(limit);
  if (position.kind === 'offset' && position.offset > 0) q = q.offset(position.offset);
  return db
    .selectFrom(q.as('page'))
    .select([
      'page.id',
      'page.name_key',
      // microseconds, which a JavaScript Date would drop: the cursor must name the row exactly
      sql<string>`to_char(page.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'joined_key',
      ),
    ])
    .orderBy(sort.by === 'joined' ? sql`page.created_at` : sql`page.name_key`, direction)
    .orderBy('page.id', direction);
}

/**
 * One page of the table: the page's ids and keys (membersTablePageQuery) joined back to the members' columns and
 * the number of introductions each owns, in one statement; in page order.
 */
export async function findMembersTablePage(
  db: Database,
  filters: MembersTableFilters,
  sort: MembersTableSort,
  position: PagePosition<MembersTableKey>,
  limit: number,
) {
  const backwards = position.kind === 'before';
  const direction = (sort.order === 'asc') !== backwards ? 'asc' : 'desc';
  const rows = await db
    .selectFrom(membersTablePageQuery(db, filters, sort, position, limit).as('page'))
    .innerJoin('users', 'users.id', 'page.id')
    .select((eb) => [
      'page.name_key',
      'page.joined_key',
      ...MEMBERS_TABLE_COLUMNS,
      eb
        .selectFrom('introductions')
        .whereRef('introductions.owner_id', '=', 'users.id')
        .select((e) => e.fn.countAll<string>().as('n'))
        .as('introductions'),
    ])
    .orderBy(sort.by === 'joined' ? sql`users.created_at` : sql`page.name_key`, direction)
    .orderBy('users.id', direction)
    .execute();
  return backwards ? rows.reverse() : rows;
}

/** The table's columns of a member. */
const MEMBERS_TABLE_COLUMNS = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.phone',
  'users.contact_reference',
  'users.gender',
  'users.date_of_birth',
  'users.country_code',
  'users.status',
  'users.profile_visibility',
  'users.identity_verified_at',
  'users.created_at',
] as const;

export async function countMembersTableUpTo(db: Database, filters: MembersTableFilters, cap: number) {
  return countUpTo(db, applyMembersTableFilters(db.selectFrom('users'), filters), cap);
}

export async function estimateMembersTable(db: Database, filters: MembersTableFilters) {
  return estimateRows(db, applyMembersTableFilters(db.selectFrom('users'), filters).select('id'));
}

/** What one search box query is looked up as; each key set runs one short index read. */
export interface ConsoleSearchTerms {
  /** lower-cased prefix of the full name or of the last name */
  namePrefix?: string | undefined;
  /** lower-cased prefix of the email */
  emailPrefix?: string | undefined;
  /** E.164 */
  phone?: string | undefined;
  /** a contact reference as stored */
  reference?: string | undefined;
  /** a premium payment reference as typed and upper-cased */
  payment?: readonly string[] | undefined;
}

export type ConsoleSearchMatch = 'name' | 'email' | 'phone' | 'reference' | 'payment';

const SEARCH_COLUMNS = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.phone',
  'users.contact_reference',
  'users.status',
  'users.profile_visibility',
] as const;

/**
 * The search box's reads, each an index range or lookup returning at most `limit` members (members only), most
 * exact first: reference, payment, phone, email, name. Several reads at once, no union: each keeps its own plan.
 */
export function consoleSearchQueries(db: Database, terms: ConsoleSearchTerms, limit: number) {
  const members = db.selectFrom('users').where('users.role', '=', 'member');
  const reads: {
    matched: ConsoleSearchMatch;
    query: Compilable<unknown> & { execute(): Promise<unknown[]> };
  }[] = [];
  if (terms.reference) {
    reads.push({
      matched: 'reference',
      query: members
        .select(SEARCH_COLUMNS)
        .where('users.contact_reference', '=', terms.reference)
        .limit(limit),
    });
  }
  if (terms.payment?.length) {
    reads.push({
      matched: 'payment',
      query: db
        .selectFrom('subscriptions')
        .innerJoin('users', 'users.id', 'subscriptions.user_id')
        .where('users.role', '=', 'member')
        .where('subscriptions.provider_reference', 'in', [...terms.payment])
        .select(SEARCH_COLUMNS)
        .distinct()
        .limit(limit),
    });
  }
  if (terms.phone) {
    reads.push({
      matched: 'phone',
      query: members.select(SEARCH_COLUMNS).where('users.phone', '=', terms.phone).limit(limit),
    });
  }
  if (terms.emailPrefix) {
    reads.push({
      matched: 'email',
      query: members
        .select(SEARCH_COLUMNS)
        .where(emailKey, 'like', likePrefix(terms.emailPrefix))
        .orderBy(emailKey)
        .limit(limit),
    });
  }
  if (terms.namePrefix) {
    const pattern = likePrefix(terms.namePrefix);
    reads.push(
      {
        matched: 'name',
        query: members
          .select(SEARCH_COLUMNS)
          .where(fullNameKey, 'like', pattern)
          .orderBy(fullNameKey)
          .orderBy('users.id')
          .limit(limit),
      },
      {
        matched: 'name',
        query: members
          .select(SEARCH_COLUMNS)
          .where(lastNameKey, 'like', pattern)
          .orderBy(lastNameKey)
          .orderBy('users.id')
          .limit(limit),
      },
    );
  }
  return reads;
}

export type ConsoleSearchRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  contact_reference: string;
  status: string;
  profile_visibility: string;
  matched: ConsoleSearchMatch;
};

/** Up to `limit` members the terms find, each once, in the order of the reads. */
export async function consoleSearch(
  db: Database,
  terms: ConsoleSearchTerms,
  limit: number,
): Promise<ConsoleSearchRow[]> {
  const reads = consoleSearchQueries(db, terms, limit);
  const found = await Promise.all(
    reads.map(async ({ matched, query }) =>
      ((await query.execute()) as Omit<ConsoleSearchRow, 'matched'>[]).map((row) => ({ ...row, matched })),
    ),
  );
  const seen = new Set<string>();
  return found
    .flat()
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, limit);
}
