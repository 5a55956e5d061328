// /members' schemas, imported with `import()` only (./members-search.ts says why).
import { ZMemberNameSearch, ZMemberSearchPreferences, ZMembersListRequest } from '@rhema/schemas';
import { filtersOf, type MembersSearch } from './members-search';

export { ZMemberNameSearch, ZMemberSearchPreferences };

/**
 * /members' address through the list's own schema: a value it refuses (an unknown country, ages out of order) is
 * dropped rather than failing the page, and page 1 is left out.
 */
export function parseMembersSearch(search: Record<string, unknown>): MembersSearch {
  let input = search;
  for (let tries = 0; tries < 3; tries++) {
    const result = ZMembersListRequest.safeParse(input);
    if (result.success) {
      const { page, name, ...filters } = result.data;
      return { ...filtersOf(filters), ...(name ? { name } : {}), ...(page > 1 ? { page } : {}) };
    }
    const refused = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    input = Object.fromEntries(Object.entries(input).filter(([key]) => !refused.has(key)));
  }
  return {};
}
