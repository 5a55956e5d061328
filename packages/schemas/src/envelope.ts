import { z } from 'zod';

// The api/v1 answers' envelopes. Which envelope a path answers is declared by its row in the REST table
// (apps/server/src/rest/routes.ts); these are the shapes the rows and the OpenAPI document share.

/** Every failed api/v1 call: `{ success: false, message }` with the HTTP status telling what kind of failure. */
export const ZErrorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  /** on a 5xx answer: the request's id (its x-request-id header), what support asks a member for */
  request_id: z.string().optional(),
});

/** The 417 requirement error (docs/decisions/070): the envelope plus what is required and for which match. */
export const ZRequirementErrorEnvelope = ZErrorEnvelope.extend({
  requirement: z.literal('premium'),
  match_id: z.string(),
});

/** The api/v1 paginator: pages count from 1; `prev` and `next` are page numbers or null. */
export const ZPaginator = z.object({
  currentPage: z.number().int(),
  pageCount: z.number().int(),
  prev: z.number().int().nullable(),
  next: z.number().int().nullable(),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type TPaginator = z.infer<typeof ZPaginator>;

/**
 * A page of `item`: what a procedure behind a `paginated` REST row returns (the row answers it as
 * `{ success, data: { data, paginator } }`, the product's `data.data` and `data.paginator`).
 */
export function ZPaginated<TItem extends z.ZodType>(item: TItem) {
  return z.object({ data: z.array(item), paginator: ZPaginator });
}

/**
 * The page before `page` when there are `pageCount`: a page past the last one (an old link, a hand-typed `?page`)
 * answers no rows, and its previous page is the last one, not `page - 1`, which would be empty too.
 */
export function previousPage(page: number, pageCount: number): number | null {
  return page > 1 ? Math.min(page - 1, pageCount) : null;
}

/**
 * The paginator of page `page` (from 1) of `total` items shown `pageSize` at a time. A page past the last one keeps
 * its number, so `currentPage > pageCount` says the (empty) page is beyond the end; `prev` leads to the last page.
 */
export function paginatorFor({
  page,
  pageSize,
  total,
}: {
  page: number;
  pageSize: number;
  total: number;
}): TPaginator {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const currentPage = Math.max(1, Math.trunc(page));
  const prev = previousPage(currentPage, pageCount);
  return {
    currentPage,
    pageCount,
    prev,
    next: currentPage < pageCount ? currentPage + 1 : null,
    hasPrevPage: prev !== null,
    hasNextPage: currentPage < pageCount,
  };
}
