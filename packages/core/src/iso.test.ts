import { describe, expect, it } from 'vitest';
import { iso } from './iso';

describe('iso', () => {
  it('writes a Date and the database text of the same instant alike, in UTC, and keeps null', () => {
    const at = new Date(Date.UTC(2026, 10, 24, 9, 30, 5, 123));
    expect(iso(at)).toBe('2026-11-24T09:30:05.123Z');
    expect(iso('2026-11-24 10:30:05.123+01')).toBe('2026-11-24T09:30:05.123Z');
    expect(iso(null)).toBeNull();
  });
});
