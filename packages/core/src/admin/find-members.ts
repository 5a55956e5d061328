import { adminSearchQueries, type Database } from '@rhema/db';
import { birthDateRange, ZMemberSearchKey, type TAdminPaginator, type TAdminSearch } from '@rhema/schemas';
import { keysetCursor, keysetPage } from '../paging';

/** The search as its schema gives it (ZAdminSearchRequest checks min_age <= max_age); every field may be left out. */
export type MemberSearchInput = Partial<Omit<TAdminSearch, 'reload'>>;

export const memberSearchCursor = keysetCursor(ZMemberSearchKey);

/**
 * The search's filters on a member in database terms. A phone number overrides every other filter; the
 * country narrows only with my_country_only; the first name is a case-insensitive prefix, blank for anyone.
 */
export function memberFilters(
  input: Omit<MemberSearchInput, 'status'>,
  today: Date,
): Omit<adminSearchQueries.MemberSearchFilters, 'status'> {
  if (input.phone) return { phone: input.phone.startsWith('+') ? input.phone : `+${input.phone}` };
  const name = (input.first_name ?? input.name ?? '').trim().toLowerCase();
  return {
    gender: input.gender,
    ...birthDateRange({ minAge: input.min_age, maxAge: input.max_age, today }),
    countryCode: input.my_country_only ? input.country_code : undefined,
    namePrefix: name || undefined,
  };
}

/** The member search's filters: the member filters and the account's status (default active). */
export function memberSearchFilters(
  input: MemberSearchInput,
  today: Date,
): adminSearchQueries.MemberSearchFilters {
  return { status: input.status ?? 'active', ...memberFilters(input, today) };
}

/** One page of the member search with its paginator (docs/decisions/090). */
export async function findMembers({
  db,
  now,
  input,
}: {
  db: Database;
  now: Date;
  input: MemberSearchInput;
}): Promise<{ rows: adminSearchQueries.MemberSearchRow[]; paginator: TAdminPaginator }> {
  const filters = memberSearchFilters(input, now);
  return keysetPage({
    input,
    cursor: memberSearchCursor,
    read: (position, limit) => adminSearchQueries.findMemberPage(db, filters, position, limit),
    count: (cap) => adminSearchQueries.countMembersUpTo(db, filters, cap),
    estimate: () => adminSearchQueries.estimateMembers(db, filters),
    keyOf: (row) => ({
      ...(filters.namePrefix && row.name_key !== undefined ? { name: row.name_key } : {}),
      dob: row.date_of_birth,
      id: row.id,
    }),
  });
}
