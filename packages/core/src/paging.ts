import type { PagePosition } from '@rhema/db';
import { paginatorFor, previousPage, type TAdminPaginator } from '@rhema/schemas';
import { AppError } from './errors/app-error';

// Paging of the console's lists (docs/decisions/090): a page is read by keyset when the caller brings a paginator's
// cursor, else by offset; the number of matches is counted exactly up to COUNT_CAP and estimated above it.

/** Rows per page of every console list. */
export const ADMIN_PAGE_SIZE = 20;
/** Matches counted exactly; above this the planner's estimate is shown as 'about'. */
export const COUNT_CAP = 1000;

const INVALID_CURSOR = 'This page link is out of date; please search again.';

/** What checks a decoded key: a zod schema of packages/schemas (ZMemberSearchKey, ZIntroductionListKey). */
interface KeySchema<Key> {
  safeParse(value: unknown): { success: true; data: Key } | { success: false };
}

/** A typed keyset cursor: the sort key of a page's edge row as opaque URL-safe text (base64url of its JSON). */
export interface KeysetCursor<Key> {
  encode(key: Key): string;
  /** the key, or a 400 naming the cursor when the text is not one of this list's cursors */
  decode(cursor: string): Key;
}

export function keysetCursor<Key>(schema: KeySchema<Key>): KeysetCursor<Key> {
  return {
    encode: (key) => Buffer.from(JSON.stringify(key)).toString('base64url'),
    decode: (cursor) => {
      let value: unknown;
      try {
        value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        value = undefined;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new AppError('BAD_REQUEST', INVALID_CURSOR, { field: 'cursor' });
      return parsed.data;
    },
  };
}

/**
 * The console's paginator: the fields its clients read (paginatorFor, the one rule for every list), the count, and the keyset
 * positions. Above the cap the page count never contradicts what the read saw: a page with a next page is never
 * the last, a page without one is.
 */
export function keysetPaginator({
  page,
  counted,
  estimate,
  hasNextPage,
  nextCursor,
  prevCursor,
}: {
  page: number;
  counted: number;
  estimate: number;
  hasNextPage: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
}): TAdminPaginator {
  const totalIsEstimate = counted > COUNT_CAP;
  const total = totalIsEstimate ? Math.max(estimate, counted) : counted;
  const counting = paginatorFor({ page, pageSize: ADMIN_PAGE_SIZE, total });
  const pageCount = !totalIsEstimate
    ? counting.pageCount
    : hasNextPage
      ? Math.max(counting.pageCount, counting.currentPage + 1)
      : counting.currentPage;
  const prev = previousPage(counting.currentPage, pageCount);
  return {
    currentPage: counting.currentPage,
    pageCount,
    prev,
    next: hasNextPage ? counting.currentPage + 1 : null,
    hasPrevPage: prev !== null,
    hasNextPage,
    total,
    totalIsEstimate,
    nextCursor: hasNextPage ? nextCursor : null,
    prevCursor: prev !== null ? prevCursor : null,
  };
}

/**
 * One page of a console list with its paginator: `read` takes the position and a limit one above the page size
 * (the extra row says whether a page lies beyond in the direction of the read), `count` the cap, `estimate` is used
 * only above it; `keyOf` names a row's sort key for the cursors. The three go out together: the estimate (a plan,
 * no rows read) costs less than the round trip it would add after a count at the cap.
 */
export async function keysetPage<Row, Key>({
  input,
  cursor,
  read,
  count,
  estimate,
  keyOf,
}: {
  input: { page?: number | undefined; after?: string | undefined; before?: string | undefined };
  cursor: KeysetCursor<Key>;
  read: (position: PagePosition<Key>, limit: number) => Promise<Row[]>;
  count: (cap: number) => Promise<number>;
  estimate: () => Promise<number>;
  keyOf: (row: Row) => Key;
}): Promise<{ rows: Row[]; paginator: TAdminPaginator }> {
  const page = input.page ?? 1;
  const position: PagePosition<Key> = input.after
    ? { kind: 'after', key: cursor.decode(input.after) }
    : input.before
      ? { kind: 'before', key: cursor.decode(input.before) }
      : { kind: 'offset', offset: (page - 1) * ADMIN_PAGE_SIZE };
  const [found, counted, estimated] = await Promise.all([
    read(position, ADMIN_PAGE_SIZE + 1),
    count(COUNT_CAP),
    estimate(),
  ]);
  const extra = found.length > ADMIN_PAGE_SIZE;
  const backwards = position.kind === 'before';
  const rows = backwards ? found.slice(extra ? 1 : 0) : found.slice(0, ADMIN_PAGE_SIZE);
  const edge = (row: Row | undefined) => (row ? cursor.encode(keyOf(row)) : null);
  return {
    rows,
    paginator: keysetPaginator({
      // reading back to the start lands on page 1 whatever the link said
      page: backwards && !extra ? 1 : page,
      counted,
      estimate: counted > COUNT_CAP ? estimated : counted,
      hasNextPage: backwards ? true : extra,
      nextCursor: edge(rows.at(-1)),
      prevCursor: edge(rows[0]),
    }),
  };
}
