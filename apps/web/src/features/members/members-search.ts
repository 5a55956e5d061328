// /members' search without its schemas: what the page needs as it hydrates. The schemas that parse the address and
// check the forms are in ./members-search-schemas.ts, imported with `import()` only (the loader, a later move to the
// page, a form's first focus or submit), so the page evaluates no schema (nor zod) as it loads (apps/web/vite-plugins.ts
// ZOD_FREE_PAGES).
import type { TMemberSearchPreferences } from '@rhema/schemas';
// its type only: the module itself is imported with import() below
import type * as SchemasModule from './members-search-schemas';

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

type Schemas = typeof SchemasModule;
let importing: Promise<Schemas> | undefined;
let imported: Schemas | undefined;
/** The schemas' module, imported once. */
export const membersSearchSchemas = (): Promise<Schemas> =>
  (importing ??= import('./members-search-schemas').then((module) => (imported = module)));
/** The schemas' module if it has arrived, else undefined (a render then waits for it with React's `use`). */
export const membersSearchSchemasIfLoaded = (): Schemas | undefined => imported;
