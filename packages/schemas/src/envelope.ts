import { z } from 'zod';

// The spec's api/v1 answers (section 7). Which envelope a path answers is declared by its row in the REST table
// (apps/server/src/rest/routes.ts); these are the shapes the rows and the OpenAPI document share.

/** Every failed api/v1 call: `{ success: false, message }` with the HTTP status telling what kind of failure. */
export const ZErrorEnvelope = z.object({ success: z.literal(false), message: z.string() });

/** The 417 requirement error (docs/decisions/070): the envelope plus what is required and for which match. */
export const ZRequirementErrorEnvelope = ZErrorEnvelope.extend({
  requirement: z.literal('premium'),
  match_id: z.string(),
});

/** The spec's paginator (section 3): pages count from 1; `prev` and `next` are page numbers or null. */
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
 * `{ success, data: { data, paginator } }`, the spec's `data.data` and `data.paginator`).
 */
export function ZPaginated<TItem extends z.ZodType>(item: TItem) {
  return z.object({ data: z.array(item), paginator: ZPaginator });
}

/** The paginator of page `page` (from 1; clamped into range) of `total` items shown `pageSize` at a time. */
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
  const currentPage = Math.min(Math.max(1, Math.trunc(page)), pageCount);
  return {
    currentPage,
    pageCount,
    prev: currentPage > 1 ? currentPage - 1 : null,
    next: currentPage < pageCount ? currentPage + 1 : null,
    hasPrevPage: currentPage > 1,
    hasNextPage: currentPage < pageCount,
  };
}
