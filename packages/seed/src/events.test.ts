import { describe, expect, it } from 'vitest';
import { demoMeetups, weekdayAfter } from './events';

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

describe('the demo meetups', () => {
  // a seed run on any day of the week (28 November 2026 is a Saturday)
  const runs = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 28, 21, 30) + i * DAY_MS));

  it('fall on the day their title names, whatever day the seed runs', () => {
    for (const now of runs) {
      const named = demoMeetups(now).filter((m) => WEEKDAYS.some((day) => m.title.includes(day)));
      expect(named.map((m) => m.title)).toContain('Saturday brunch for professionals');
      for (const meetup of named) {
        const day = WEEKDAYS[meetup.starts_at.getUTCDay()]!;
        expect(meetup.title, `seeded on ${now.toISOString()}`).toContain(day);
      }
    }
  });

  it('start in the future and end after they start', () => {
    for (const now of runs)
      for (const meetup of demoMeetups(now)) {
        expect(meetup.starts_at.getTime()).toBeGreaterThan(now.getTime());
        expect(meetup.ends_at!.getTime()).toBeGreaterThan(meetup.starts_at.getTime());
      }
  });
});

describe('weekdayAfter', () => {
  it('is the first such weekday at least that many days ahead, at that hour', () => {
    const saturday = new Date(Date.UTC(2026, 10, 28, 21, 30));
    // 9 days after Saturday 28 November is Monday 7 December: the next Saturday is the 12th
    expect(weekdayAfter(saturday, 9, 6, 11).toISOString()).toBe('2026-12-12T11:00:00.000Z');
    // the day itself when it is that weekday already
    expect(weekdayAfter(saturday, 7, 6, 11).toISOString()).toBe('2026-12-05T11:00:00.000Z');
  });
});
