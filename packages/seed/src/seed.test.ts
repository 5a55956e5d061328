import { describe, expect, it } from 'vitest';
import { parseMembers } from './cli-args';
import { createHash } from 'node:crypto';
import { mixSeed, mulberry32, uuidV7From } from './random';
import {
  REFERENCE_ALPHABET,
  contactReferenceFor,
  dateOfBirthForAge,
  encodeReference,
  slugifyName,
} from './users';

describe('contact references', () => {
  it('uses 31 unambiguous symbols', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(31);
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(new Set(REFERENCE_ALPHABET).size).toBe(31);
  });

  it('maps member indices to distinct six-character references', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200_000; i++) seen.add(contactReferenceFor(i));
    expect(seen.size).toBe(200_000);
    expect(contactReferenceFor(1_000_003)).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    expect(contactReferenceFor(42)).toBe(contactReferenceFor(42));
    expect(encodeReference(0)).toBe('222222');
    expect(() => contactReferenceFor(-1)).toThrow(RangeError);
  });
});

describe('dateOfBirthForAge', () => {
  it('gives someone exactly that age today', () => {
    const today = new Date(Date.UTC(2026, 2, 15));
    expect(dateOfBirthForAge(30, 0, today)).toBe('1996-03-15');
    // 364 days before 15 March 1996 crosses 29 February: still 30, turning 31 in two days
    expect(dateOfBirthForAge(30, 364, today)).toBe('1995-03-17');
    expect(dateOfBirthForAge(18, 0, new Date(Date.UTC(2028, 1, 29)))).toBe('2010-02-28');
  });
});

describe('helpers', () => {
  it('slugifies names to ASCII', () => {
    expect(slugifyName("Oisín O'Brien")).toBe('oisinobrien');
    expect(slugifyName('Naa Adjeley')).toBe('naaadjeley');
    expect(slugifyName('Müller')).toBe('muller');
  });

  it('draws the same numbers from the same seed', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(uuidV7From(Date.UTC(2024, 0, 1), mulberry32(1))).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('makes the same ids as ever (the values of earlier seeds: a faster formatter must not change one)', () => {
    const ids = (
      [
        [Date.UTC(2024, 0, 1), 1],
        [Date.UTC(2024, 0, 1) + 999_999, mixSeed(7919, 999_999)],
        [0, 42],
        [2 ** 48 - 1, 7],
        [Date.UTC(2024, 6, 1) + 123, 5],
      ] as const
    ).map(([ms, seed]) => uuidV7From(ms, mulberry32(seed)));
    expect(ids).toEqual([
      '018cc251-f400-79c9-8706-c4ebfb2627fd',
      '018cc261-363f-7a4e-9fb2-98f6cf9fc535',
      '00000000-0000-7b8a-9a3b-32c0ab73b0ad',
      'ffffffff-ffff-7f12-ba16-9e5eb2f38b96',
      '01906b97-5c7b-70cf-b842-637e9f88a5b5',
    ]);
    // the first 200,000 member ids (demo.ts demoUserId), as the earlier toString(16) formatter made them
    const digest = createHash('sha256');
    for (let i = 0; i < 200_000; i++)
      digest.update(uuidV7From(Date.UTC(2024, 0, 1) + i, mulberry32(mixSeed(7919, i))));
    expect(digest.digest('hex')).toBe('5e7e6b386d313f46e73e42a4ef6dcfaaddf005c321a500bc63d86fa57a1ec5b1');
  });

  it('parses --members', () => {
    expect(parseMembers(undefined)).toBe(200);
    expect(parseMembers('0')).toBe(0);
    expect(parseMembers('100_000')).toBe(100_000);
    expect(parseMembers('1000000')).toBe(1_000_000);
    for (const bad of ['-1', '1.5', 'ten', '', '1000001', '1e5']) {
      expect(() => parseMembers(bad), bad).toThrow(/--members must be a whole number from 0 to 1000000/);
    }
  });
});
