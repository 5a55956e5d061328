// An age range as birth dates, for queries that filter on users.date_of_birth. The inverse of the age-on-a-date
// rule (a birthday passed counts the year): age >= min  <=>  born on or before `latest`; age <= max  <=>  born
// after `earliestExclusive`. A 29 February that does not exist in the target year becomes 28 February.

function yearsBefore(today: Date, years: number): string {
  const year = today.getUTCFullYear() - years;
  const month = today.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(today.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

/** Birth dates ('YYYY-MM-DD') of people aged between `minAge` and `maxAge` (inclusive) on `today` (UTC). */
export function birthDateRange(options: { minAge?: number; maxAge?: number; today: Date }): {
  latest?: string;
  earliestExclusive?: string;
} {
  return {
    latest: options.minAge === undefined ? undefined : yearsBefore(options.today, options.minAge),
    earliestExclusive:
      options.maxAge === undefined ? undefined : yearsBefore(options.today, options.maxAge + 1),
  };
}
