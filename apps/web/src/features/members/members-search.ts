import { ZMembersListRequest, type TMemberSearchPreferences } from '@rhema/schemas';

export type MembersSearch = TMemberSearchPreferences & { name?: string; page?: number };

export const FILTER_KEYS = [
  'community',
  'country_code',
  'gender',
  'min_age',
  'max_age',
  'verified_only',
] as const;

/**
 * Only the filters that are on, as the schema reads them (the URL and the saved preferences hold no empties; an
 * unticked "Verified members only" is off, not `verified_only=false`).
 */
export function filtersOf(values: Partial<Record<(typeof FILTER_KEYS)[number], unknown>>) {
  const on = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => {
      const value = values[key];
      return value === undefined || value === null || value === '' || value === false ? [] : [[key, value]];
    }),
  );
  return on as TMemberSearchPreferences;
}

export const hasFilters = (search: TMemberSearchPreferences) =>
  FILTER_KEYS.some((key) => search[key] !== undefined);

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
