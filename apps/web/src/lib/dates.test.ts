import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatTimeSpan } from './dates';

describe('formatDate and formatDateTime', () => {
  it("write en-GB's medium styles as Intl does, for every month, single and double digits", () => {
    const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
    const moment = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    for (let month = 0; month < 12; month++) {
      for (const [date, hour] of [
        [5, 9],
        [23, 23],
      ] as const) {
        const value = new Date(2026, month, date, hour, 7, 3);
        expect(formatDate(value)).toBe(day.format(value));
        expect(formatDateTime(value)).toBe(moment.format(value));
      }
    }
  });

  it('read ISO strings', () => {
    const local = new Date(2024, 8, 1, 8, 5);
    expect(formatDate(local.toISOString())).toBe('1 Sept 2024');
    expect(formatDateTime(local.toISOString())).toBe('1 Sept 2024, 08:05');
  });

  it('say what Date#toString says of a date that is not one', () => {
    expect(formatDate('')).toBe('Invalid Date');
    expect(formatDateTime('not a date')).toBe('Invalid Date');
  });
});

describe('formatTimeSpan', () => {
  it("names the day as Intl's en-GB short weekday, and writes the end's time only when it ends that day", () => {
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short' });
    for (let date = 1; date <= 7; date++) {
      const start = new Date(2026, 10, date, 17, 0);
      expect(formatTimeSpan(start, new Date(2026, 10, date, 21, 30))).toBe(
        `${weekday.format(start)} ${date} Nov 2026, 17:00–21:30`,
      );
    }
    expect(formatTimeSpan(new Date(2026, 10, 27, 22, 0), new Date(2026, 10, 28, 2, 0))).toBe(
      'Fri 27 Nov 2026, 22:00 – Sat 28 Nov 2026, 02:00',
    );
    expect(formatTimeSpan('x', new Date())).toBe('Invalid Date');
  });
});

describe('formatDuration', () => {
  it('writes the length to the second, in the largest units it fills', () => {
    expect(formatDuration(4_000)).toBe('4 s');
    expect(formatDuration(4_999)).toBe('4 s');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(59_999)).toBe('59 s');
    expect(formatDuration(60_000)).toBe('1 min');
    expect(formatDuration(125_400)).toBe('2 min 5 s');
    expect(formatDuration(3_600_000)).toBe('1 h');
    expect(formatDuration(3_725_000)).toBe('1 h 2 min');
    expect(formatDuration(-5)).toBe('0 s');
  });
});
