import { ZConsoleMembersFields, ZConsoleMembersRequest, type TConsoleMembers } from '@rhema/schemas';

// The members table's query string (/admin21/users), parsed by the schema the procedure parses it with, in a module
// imported with `import()` only: by the route's loader (on the server for the first screen) and by the filters form
// as it is used, so the page evaluates no schema (nor zod) as it loads (apps/web/vite-plugins.ts ZOD_FREE_PAGES).

export { ZConsoleMembersRequest };

/** What the address says: the fields the schema reads, and the request to run or the schema's message. */
export type MembersTableReading = ReturnType<typeof membersTableQuery>;

/**
 * The members table's address: `values`, the fields the schema reads (the filters start from them), and either the
 * request to run or the schema's message (a field it cannot read, or min_age above max_age).
 */
export function membersTableQuery(
  search: unknown,
): { values: Partial<TConsoleMembers> } & (
  { query: TConsoleMembers; error: null } | { query: null; error: string }
) {
  const fields = ZConsoleMembersFields.safeParse(search);
  const values = fields.success ? fields.data : {};
  const parsed = ZConsoleMembersRequest.safeParse(search);
  return parsed.success
    ? { values, query: parsed.data, error: null }
    : { values, query: null, error: parsed.error.issues[0]?.message ?? 'These filters cannot be used.' };
}
