import { describe, expect, it } from 'vitest';
import { formatDate, type DateStyle } from './dates';

const INTL: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { dateStyle: 'short' },
  medium: { dateStyle: 'medium' },
  long: { dateStyle: 'long' },
  mediumWithTime: { dateStyle: 'medium', timeStyle: 'short' },
  shortWithSeconds: { dateStyle: 'short', timeStyle: 'medium' },
};

describe('formatDate', () => {
  it('writes every en-GB style as Intl does, for every month, single and double digits', () => {
    for (let month = 0; month < 12; month++) {
      for (const [day, hour] of [
        [5, 9],
        [23, 23],
      ] as const) {
        const date = new Date(2026, month, day, hour, 7, 3);
        for (const style of Object.keys(INTL) as DateStyle[]) {
          expect(formatDate(date, style)).toBe(new Intl.DateTimeFormat('en-GB', INTL[style]).format(date));
        }
      }
    }
  });

  it('reads ISO strings and defaults to the medium date', () => {
    const iso = '2026-11-23T11:12:29Z';
    expect(formatDate(iso)).toBe(new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' }));
    expect(formatDate('2024-09-01T12:00:00Z', 'long')).toBe('1 September 2024');
    expect(formatDate('2024-09-01T12:00:00Z')).toBe('1 Sept 2024');
  });

  it("uses the viewer's locale when asked", () => {
    const iso = '2026-11-23T11:12:29Z';
    expect(formatDate(iso, 'mediumWithTime', 'viewer')).toBe(
      new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
  });

  it('says what toLocaleString says of a date that is not one', () => {
    expect(formatDate('')).toBe('Invalid Date');
    expect(formatDate('not a date', 'long', 'viewer')).toBe('Invalid Date');
  });
});
