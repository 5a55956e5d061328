import { adminSearchQueries, type Database } from '@rhema/db';
import { MIN_AGE_ABOVE_MAX_MESSAGE } from '@rhema/schemas';
import { AppError } from '../errors/app-error';
import {
  ADMIN_PAGE_SIZE,
  birthDateRange,
  buildPaginator,
  COUNT_CAP,
  decodeCursor,
  encodeCursor,
  type AdminPaginator,
} from './paging';

export interface MemberSearchInput {
  gender?: string | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
  first_name?: string | undefined;
  name?: string | undefined;
  my_country_only?: boolean | undefined;
  country_code?: string | undefined;
  phone?: string | undefined;
  status?: string | undefined;
  page?: number | undefined;
  after?: string | undefined;
  before?: string | undefined;
}

/**
 * The search's filters in database terms. A phone number overrides every other filter (spec section 2); the
 * country narrows only with my_country_only; the first name is a case-insensitive prefix, blank for anyone.
 */
export function memberSearchFilters(
  input: MemberSearchInput,
  today: Date,
): adminSearchQueries.MemberSearchFilters {
  if (input.min_age !== undefined && input.max_age !== undefined && input.min_age > input.max_age) {
    throw new AppError('BAD_REQUEST', MIN_AGE_ABOVE_MAX_MESSAGE, { field: 'min_age' });
  }
  const status = input.status ?? 'active';
  if (input.phone) return { status, phone: input.phone.startsWith('+') ? input.phone : `+${input.phone}` };
  const name = (input.first_name ?? input.name ?? '').trim().toLowerCase();
  return {
    status,
    gender: input.gender,
    ...birthDateRange({ minAge: input.min_age, maxAge: input.max_age, today }),
    countryCode: input.my_country_only ? input.country_code : undefined,
    namePrefix: name || undefined,
  };
}

/**
 * One page of the member search with its paginator (docs/decisions/090): the page is read by keyset when the
 * caller brings the paginator's cursor, else by offset; matches are counted up to COUNT_CAP and estimated above.
 */
export async function findMembers({
  db,
  now,
  input,
}: {
  db: Database;
  now: Date;
  input: MemberSearchInput;
}): Promise<{ rows: adminSearchQueries.MemberSearchRow[]; paginator: AdminPaginator }> {
  const filters = memberSearchFilters(input, now);
  const page = input.page ?? 1;
  const position: adminSearchQueries.MemberSearchPosition = input.after
    ? { kind: 'after', key: decodeCursor(input.after) }
    : input.before
      ? { kind: 'before', key: decodeCursor(input.before) }
      : { kind: 'offset', offset: (page - 1) * ADMIN_PAGE_SIZE };

  const [read, counted] = await Promise.all([
    adminSearchQueries.findMemberPage(db, filters, position, ADMIN_PAGE_SIZE + 1),
    adminSearchQueries.countMembersUpTo(db, filters, COUNT_CAP),
  ]);
  const estimate = counted > COUNT_CAP ? await adminSearchQueries.estimateMembers(db, filters) : counted;

  // the extra row tells whether there is a page beyond this one in the direction of the read
  const extra = read.length > ADMIN_PAGE_SIZE;
  const rows = position.kind === 'before' ? read.slice(extra ? 1 : 0) : read.slice(0, ADMIN_PAGE_SIZE);
  const hasNextPage = position.kind === 'before' ? true : extra;
  const hasPrevPage = position.kind === 'before' ? extra : page > 1;
  const keyOf = (row: adminSearchQueries.MemberSearchRow | undefined) =>
    row
      ? encodeCursor({
          name: filters.namePrefix ? row.name_key : undefined,
          dob: row.date_of_birth,
          id: row.id,
        })
      : null;
  return {
    rows,
    paginator: buildPaginator({
      page: position.kind === 'before' && !extra ? 1 : page,
      pageSize: ADMIN_PAGE_SIZE,
      counted,
      estimate,
      hasNextPage,
      hasPrevPage,
      nextCursor: keyOf(rows.at(-1)),
      prevCursor: keyOf(rows[0]),
    }),
  };
}
