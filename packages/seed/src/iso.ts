// Dates as ISO 8601 text ('YYYY-MM-DD') for the seed's million dates of birth (users.ts).

// toISOString writes four-digit years from 0000-01-01 up to 9999-12-31, six-digit ones with a sign outside
const FIRST = -62_167_219_200_000;
const END = 253_402_300_800_000;
const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' of each day met so far (a seed's dates fall on a few tens of thousands of days). */
const days = new Map<number, string>();

/** `date.toISOString().slice(0, 10)`, the same characters, from a cache of the days already written. */
export function isoDate(date: Date): string {
  const ms = date.getTime();
  if (!(ms >= FIRST && ms < END)) return date.toISOString().slice(0, 10);
  const day = Math.floor(ms / DAY_MS);
  let text = days.get(day);
  if (text === undefined) {
    text = date.toISOString().slice(0, 10);
    days.set(day, text);
  }
  return text;
}
