import { AppError } from '../errors/app-error';

// Paging of the console's lists (docs/decisions/090): the spec's paginator fields over a keyset or offset read,
// with the number of matches counted exactly up to COUNT_CAP and estimated above it.

/** Rows per page of every console list. */
export const ADMIN_PAGE_SIZE = 20;
/** Matches counted exactly; above this the planner's estimate is shown as 'about'. */
export const COUNT_CAP = 1000;

export interface PageKey {
  name?: string | undefined;
  dob: string;
  id: string;
}

const KEY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const INVALID_CURSOR = 'This page link is out of date; please search again.';

/** An opaque page position for the URL: base64url of [name, date, id]. */
export function encodeCursor(key: { name?: string | undefined; dob: string; id: string }): string {
  return Buffer.from(JSON.stringify([key.name ?? null, key.dob, key.id])).toString('base64url');
}

export function decodeCursor(cursor: string): PageKey {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', INVALID_CURSOR, { field: 'cursor' });
  }
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    !(value[0] === null || (typeof value[0] === 'string' && value[0].length <= 200)) ||
    typeof value[1] !== 'string' ||
    typeof value[2] !== 'string' ||
    !(KEY_PATTERN.test(value[1]) || !Number.isNaN(Date.parse(value[1]))) ||
    !/^[0-9a-f-]{36}$/i.test(value[2])
  ) {
    throw new AppError('BAD_REQUEST', INVALID_CURSOR, { field: 'cursor' });
  }
  return { name: value[0] ?? undefined, dob: value[1], id: value[2] };
}

export interface AdminPaginator {
  currentPage: number;
  pageCount: number;
  prev: number | null;
  next: number | null;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  /** the number of matches: exact up to COUNT_CAP, else the planner's estimate */
  total: number;
  totalIsEstimate: boolean;
  /** where the next and previous pages start (keyset): pass as `after` / `before` with page +- 1 */
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * The paginator of a page read with one row more than the page size. `counted` is the capped count (COUNT_CAP + 1
 * means "more"), `estimate` the planner's figure used above the cap. The page count never contradicts what the
 * read saw: a page with a next page is never the last, a page without one is.
 */
export function buildPaginator({
  page,
  pageSize,
  counted,
  estimate,
  hasNextPage,
  hasPrevPage,
  nextCursor,
  prevCursor,
}: {
  page: number;
  pageSize: number;
  counted: number;
  estimate: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
}): AdminPaginator {
  const totalIsEstimate = counted > COUNT_CAP;
  const total = totalIsEstimate ? Math.max(estimate, counted) : counted;
  let pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (totalIsEstimate) pageCount = hasNextPage ? Math.max(pageCount, page + 1) : page;
  return {
    currentPage: page,
    pageCount,
    prev: hasPrevPage ? page - 1 : null,
    next: hasNextPage ? page + 1 : null,
    hasPrevPage,
    hasNextPage,
    total,
    totalIsEstimate,
    nextCursor: hasNextPage ? nextCursor : null,
    prevCursor: hasPrevPage ? prevCursor : null,
  };
}

function cutoff(years: number, today: Date): string {
  const year = today.getUTCFullYear() - years;
  const month = today.getUTCMonth() + 1;
  let day = today.getUTCDate();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (month === 2 && day === 29 && !leap) day = 28;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * An age range as a date-of-birth range, the inverse of ageOn (packages/schemas): age >= min exactly when born on
 * or before `bornOnOrBefore`, age <= max exactly when born after `bornAfter` (29 February counts from 1 March in
 * common years, as ageOn does).
 */
export function birthDateRange({
  minAge,
  maxAge,
  today,
}: {
  minAge?: number | undefined;
  maxAge?: number | undefined;
  today: Date;
}): { bornOnOrBefore?: string; bornAfter?: string } {
  return {
    ...(minAge !== undefined ? { bornOnOrBefore: cutoff(minAge, today) } : {}),
    ...(maxAge !== undefined ? { bornAfter: cutoff(maxAge + 1, today) } : {}),
  };
}
