import { ZAdminPageQuery, ZAdminSearchFields, ZAdminSearchRequest, type TAdminSearch } from '@rhema/schemas';

// The console's query strings, parsed by the schemas the procedures parse them with. The routes keep their query as
// it comes (validateSearch runs in the route tree, which every public page loads: zod would join the first page's
// JavaScript) and parse it here, in the console's own chunk. The members table's address has its own module
// (members-table-search.ts), so these pages do not build the table's schemas. The pages read their address through
// their loaders, which import this module with `import()`; the introduction search's form imports it the same way.

export { ZAdminSearchRequest };

/** A list's page and keyset cursors; a query the schema refuses reads as the first page. */
export function pageQuery(search: unknown) {
  const parsed = ZAdminPageQuery.safeParse(search);
  return parsed.success ? parsed.data : {};
}

/**
 * The introduction search: `values`, the fields the schema reads (for the form to start from), and either the
 * search to run or the schema's message when it breaks a rule (min_age above max_age).
 */
export function memberSearchQuery(
  search: unknown,
): { values: Partial<TAdminSearch> } & (
  { query: TAdminSearch; error: null } | { query: null; error: string }
) {
  const fields = ZAdminSearchFields.safeParse(search);
  const values = fields.success ? fields.data : {};
  const parsed = ZAdminSearchRequest.safeParse(search);
  return parsed.success
    ? { values, query: parsed.data, error: null }
    : { values, query: null, error: parsed.error.issues[0]?.message ?? 'This search cannot be run.' };
}
