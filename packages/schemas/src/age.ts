// Age on a date: the one rule (spec section 5: minimum age 18), used by registration, every profile and the
// seeds. The caller passes the date (core's injected clock), so tests can move it.

/** Whole years between a 'YYYY-MM-DD' birthday and `today` (UTC calendar). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age--;
  return age;
}
