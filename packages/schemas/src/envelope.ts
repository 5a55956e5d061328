import { z } from 'zod';

/** The spec's response envelope (section 7): `{ success, message, data, token, user, ... }`. */
export const envelopeSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
});

export const paginatorSchema = z.object({
  currentPage: z.number().int(),
  pageCount: z.number().int(),
  prev: z.number().int().nullable(),
  next: z.number().int().nullable(),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type Paginator = z.infer<typeof paginatorSchema>;

export function paginator(page: number, pageSize: number, total: number): Paginator {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const currentPage = Math.min(Math.max(1, page), pageCount);
  return {
    currentPage,
    pageCount,
    prev: currentPage > 1 ? currentPage - 1 : null,
    next: currentPage < pageCount ? currentPage + 1 : null,
    hasPrevPage: currentPage > 1,
    hasNextPage: currentPage < pageCount,
  };
}
