import { consoleQueries } from '@rhema/db';
import {
  ageOn,
  birthDateRange,
  DEFAULT_SORT_DIRECTION,
  normalizeReference,
  ZConsoleJoinedKey,
  ZConsoleNameKey,
  ZProfileVisibility,
  type TConsoleMemberKey,
  type TConsoleMembers,
  type TConsoleMembersPage,
  type TConsoleSearchResult,
} from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { keysetCursor, keysetPage } from '../paging';

// The console's members table (/admin21/users: one row per member, whether or not they own an introduction) and
// its one search box (docs/decisions/161-console-search.md).

/** The table's cursors, one per order: a link kept from before the order changed is a 400, not another list's row. */
export const membersTableCursor = {
  joined: keysetCursor<TConsoleMemberKey>(ZConsoleJoinedKey),
  name: keysetCursor<TConsoleMemberKey>(ZConsoleNameKey),
};

/** One page of members, joined newest first unless the request names another order, with its paginator. */
export async function listConsoleMembers({
  db,
  now,
  input,
}: Pick<UseCaseDeps, 'db' | 'now'> & { input: TConsoleMembers }): Promise<TConsoleMembersPage> {
  const by = input.sort ?? 'joined';
  const sort = { by, order: input.dir ?? DEFAULT_SORT_DIRECTION[by] };
  const filters: consoleQueries.MembersTableFilters = {
    status: input.status,
    gender: input.gender,
    countryCode: input.country_code,
    ...birthDateRange({ minAge: input.min_age, maxAge: input.max_age, today: now }),
  };
  const { rows, paginator } = await keysetPage({
    input,
    cursor: membersTableCursor[by],
    read: (position, limit) => consoleQueries.findMembersTablePage(db, filters, sort, position, limit),
    count: (cap) => consoleQueries.countMembersTableUpTo(db, filters, cap),
    estimate: () => consoleQueries.estimateMembersTable(db, filters),
    keyOf: (row) =>
      by === 'joined' ? { joined: row.joined_key, id: row.id } : { name: row.name_key, id: row.id },
  });
  return {
    data: rows.map((row) => ({
      _id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      phone: row.phone,
      contact_reference: row.contact_reference,
      gender: row.gender,
      age: ageOn(row.date_of_birth, now),
      country_code: row.country_code,
      status: row.status,
      profile_visibility: ZProfileVisibility.parse(row.profile_visibility),
      identity_verified: row.identity_verified_at !== null,
      joined_at: new Date(row.created_at).toISOString(),
      introductions: Number(row.introductions ?? 0),
    })),
    paginator,
  };
}

/**
 * What one typed query is looked up as: a contact reference when it can be one, a payment reference, a phone
 * number when it is digits, an email prefix, and a name prefix (full name or last name) when it has letters.
 */
export function consoleSearchTerms(typed: string): consoleQueries.ConsoleSearchTerms {
  const q = typed.trim();
  const compact = q.replace(/[\s\-().]/g, '');
  const oneWord = !/\s/.test(q);
  return {
    reference: normalizeReference(q),
    payment: oneWord ? [...new Set([q, q.toUpperCase()])] : undefined,
    phone: /^\+?\d{4,15}$/.test(compact) ? `+${compact.replace(/^\+/, '')}` : undefined,
    emailPrefix: oneWord && !/^\+?\d+$/.test(q) ? q.toLowerCase() : undefined,
    namePrefix: /\p{L}/u.test(q) ? q.toLowerCase().replace(/\s+/g, ' ') : undefined,
  };
}

/** The search box: up to CONSOLE_SEARCH_LIMIT members, the most exact matches first. */
export async function searchConsole({
  db,
  input,
  limit,
}: Pick<UseCaseDeps, 'db'> & { input: { q: string }; limit: number }): Promise<{
  data: TConsoleSearchResult[];
}> {
  const rows = await consoleQueries.consoleSearch(db, consoleSearchTerms(input.q), limit);
  return {
    data: rows.map(({ id, profile_visibility, ...row }) => ({
      _id: id,
      ...row,
      profile_visibility: ZProfileVisibility.parse(profile_visibility),
    })),
  };
}
