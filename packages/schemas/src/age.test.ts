import { describe, expect, it } from 'vitest';
import { ageOn, ageRangeInOrder, birthDateRange, latestBirthDate } from './age';

const DAY = 86_400_000;
const day = (date: Date) => date.toISOString().slice(0, 10);
// every day of 2027 (a common year) and 2028 (a leap year), and birthdays in leap and common years
const todays = Array.from({ length: 731 }, (_, i) => new Date(Date.UTC(2027, 0, 1) + i * DAY));

describe('ageOn and its inverse', () => {
  it('a birthday today counts; 29 February counts from 1 March in common years', () => {
    expect(ageOn('2000-11-24', new Date(Date.UTC(2026, 10, 24)))).toBe(26);
    expect(ageOn('2000-11-25', new Date(Date.UTC(2026, 10, 24)))).toBe(25);
    expect(ageOn('2008-02-29', new Date(Date.UTC(2027, 1, 28)))).toBe(18);
    expect(ageOn('2008-02-29', new Date(Date.UTC(2027, 2, 1)))).toBe(19);
  });

  it('latestBirthDate is the last day of birth giving that age on every day of two years', () => {
    for (const today of todays) {
      for (const age of [18, 19, 20, 30]) {
        const latest = latestBirthDate(age, today);
        expect(ageOn(day(latest), today)).toBe(age);
        expect(ageOn(day(new Date(latest.getTime() + DAY)), today)).toBe(age - 1);
      }
    }
  });

  it('birthDateRange holds exactly the birthdays whose age is in the range', () => {
    for (const today of todays) {
      const { bornOnOrBefore, bornAfter } = birthDateRange({ minAge: 20, maxAge: 22, today });
      // the days around each bound
      for (const edge of [bornOnOrBefore!, bornAfter!]) {
        for (let shift = -3; shift <= 3; shift++) {
          const born = day(new Date(Date.parse(edge) + shift * DAY));
          const age = ageOn(born, today);
          expect(born <= bornOnOrBefore! && born > bornAfter!).toBe(age >= 20 && age <= 22);
        }
      }
    }
    expect(birthDateRange({ today: new Date() })).toEqual({});
  });

  it('an age range is in order when an end is open or min <= max', () => {
    expect(ageRangeInOrder({})).toBe(true);
    expect(ageRangeInOrder({ min_age: 40 })).toBe(true);
    expect(ageRangeInOrder({ min_age: 30, max_age: 30 })).toBe(true);
    expect(ageRangeInOrder({ min_age: 31, max_age: 30 })).toBe(false);
  });
});
