// Age on a date and its inverse, the one rule (members are at least 18) used by registration, every profile, the
// searches, the seeds and the benchmark. The caller passes the date (core's injected clock), so tests can move it.
// A birthday on 29 February counts from 1 March in common years.

/** Whole years between a 'YYYY-MM-DD' birthday and `today` (UTC calendar). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age--;
  return age;
}

/** An age range is in order when an end is open or the minimum is at most the maximum. */
export function ageRangeInOrder(range: {
  min_age?: number | undefined;
  max_age?: number | undefined;
}): boolean {
  return range.min_age === undefined || range.max_age === undefined || range.min_age <= range.max_age;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The last day (UTC midnight) someone can be born on and be `age` on `today`: ageOn's inverse. */
export function latestBirthDate(age: number, today: Date): Date {
  const year = today.getUTCFullYear() - age;
  const month = today.getUTCMonth();
  let day = today.getUTCDate();
  if (month === 1 && day === 29 && !isLeapYear(year)) day = 28;
  const date = new Date(Date.UTC(2000, month, day));
  date.setUTCFullYear(year); // Date.UTC reads years 0-99 as 1900-1999
  return date;
}

function isoDay(date: Date): string {
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/**
 * An age range as a date-of-birth range: age >= minAge exactly when born on or before `bornOnOrBefore`, age <=
 * maxAge exactly when born after `bornAfter` ('YYYY-MM-DD', compared as text or as dates).
 */
export function birthDateRange({
  minAge,
  maxAge,
  today,
}: {
  minAge?: number | undefined;
  maxAge?: number | undefined;
  today: Date;
}): { bornOnOrBefore?: string; bornAfter?: string } {
  return {
    ...(minAge !== undefined ? { bornOnOrBefore: isoDay(latestBirthDate(minAge, today)) } : {}),
    ...(maxAge !== undefined ? { bornAfter: isoDay(latestBirthDate(maxAge + 1, today)) } : {}),
  };
}
