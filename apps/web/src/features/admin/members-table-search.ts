import { ZConsoleMembersFields, ZConsoleMembersRequest, type TConsoleMembers } from '@rhema/schemas';

// The members table's query string (/admin21/users), parsed by the schema the procedure parses it with, in the
// table's own chunk (as search.ts does for the other console lists).

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
