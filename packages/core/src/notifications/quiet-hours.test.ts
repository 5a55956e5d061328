import { describe, expect, it } from 'vitest';
import { afterQuietHours, localMinutes } from './quiet-hours';

describe('quiet hours', () => {
  it('reads the local time of the member’s zone', () => {
    // 23:30 UTC in January is 00:30 in Lagos (UTC+1) and 18:30 in New York (UTC-5)
    const at = new Date('2026-01-10T23:30:00Z');
    expect(localMinutes(at, 'Africa/Lagos')).toBe(30);
    expect(localMinutes(at, 'America/New_York')).toBe(18 * 60 + 30);
  });

  it('holds delivery inside a window that wraps midnight until it ends', () => {
    const quiet = { start: 22 * 60, end: 7 * 60, timeZone: 'Europe/London' };
    // 23:10 in London (winter: UTC) waits until 07:00 the next morning
    expect(afterQuietHours(new Date('2026-01-10T23:10:30Z'), quiet).toISOString()).toBe(
      '2026-01-11T07:00:00.000Z',
    );
    // 06:59 waits one minute; 07:00 and midday go at once
    expect(afterQuietHours(new Date('2026-01-11T06:59:00Z'), quiet).toISOString()).toBe(
      '2026-01-11T07:00:00.000Z',
    );
    const seven = new Date('2026-01-11T07:00:00Z');
    expect(afterQuietHours(seven, quiet)).toBe(seven);
    const noon = new Date('2026-01-11T12:00:00Z');
    expect(afterQuietHours(noon, quiet)).toBe(noon);
  });

  it('uses the member’s zone, not the server’s', () => {
    // 13:00-14:00 in Lagos is 12:00-13:00 UTC
    const quiet = { start: 13 * 60, end: 14 * 60, timeZone: 'Africa/Lagos' };
    expect(afterQuietHours(new Date('2026-01-10T12:15:00Z'), quiet).toISOString()).toBe(
      '2026-01-10T13:00:00.000Z',
    );
    const outside = new Date('2026-01-10T13:15:00Z');
    expect(afterQuietHours(outside, quiet)).toBe(outside);
  });

  it('delivers at once without quiet hours', () => {
    const at = new Date('2026-01-10T03:00:00Z');
    expect(afterQuietHours(at, { start: null, end: null, timeZone: 'UTC' })).toBe(at);
  });
});
