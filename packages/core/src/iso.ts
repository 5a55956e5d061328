/**
 * A timestamp as the API writes it: ISO 8601 in UTC, null kept as null. Rows read through pg carry Dates, rows
 * of raw SQL may carry the database's text; both come out the same.
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
