import { describe, expect, it } from 'vitest';
import { isoDate } from './iso';

describe('isoDate', () => {
  it('writes the same characters as toISOString', () => {
    const instants = [
      0,
      -1,
      Date.UTC(1951, 0, 1),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2026, 10, 23, 4, 5, 6, 7),
      Date.UTC(0, 0, 1) - 1, // the last millisecond of year -1: toISOString's six-digit form
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 1,
    ];
    // and a spread of instants from 1900 to 2100, each met twice (the second from the day cache)
    let seed = 7;
    for (let n = 0; n < 2_000; n++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      instants.push(Date.UTC(1900, 0, 1) + Math.floor((seed / 2_147_483_648) * 200 * 365.25 * 86_400_000));
    }
    for (const ms of [...instants, ...instants]) {
      const date = new Date(ms);
      expect(isoDate(date)).toBe(date.toISOString().slice(0, 10));
    }
  });

  it('throws for an invalid date, as toISOString does', () => {
    expect(() => isoDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});
