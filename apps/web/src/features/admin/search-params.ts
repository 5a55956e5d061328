// Readers for the console's URL query values. The console's routes keep their query as it comes (validateSearch
// runs in the route tree, which every public page loads first) and read it here, in the console's own chunk; an
// unreadable value reads as absent.

export function intParam(value: unknown, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

export function textParam(value: unknown, maxLength: number): string | undefined {
  if (typeof value === 'number') value = String(value);
  return typeof value === 'string' && value.length > 0 && value.length <= maxLength ? value : undefined;
}

export function enumParam<const T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

export function flagParam(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** Page number and keyset positions of a paged list (the console's paginator hands them out). */
export function pageParams(search: Record<string, unknown>): {
  page?: number | undefined;
  after?: string | undefined;
  before?: string | undefined;
} {
  return {
    page: intParam(search.page, 1),
    after: textParam(search.after, 400),
    before: textParam(search.before, 400),
  };
}

/** The query string as the route keeps it: read with the functions above. */
export type LooseSearch = Record<string, unknown>;
