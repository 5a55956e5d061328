import { ZIntroductionListKey, ZMemberSearchKey } from '@rhema/schemas';
import { describe, expect, it } from 'vitest';
import { COUNT_CAP, keysetCursor, keysetPaginator } from './paging';

const ID = '0190a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d';

describe('keysetCursor', () => {
  const members = keysetCursor(ZMemberSearchKey);
  const introductions = keysetCursor(ZIntroductionListKey);

  it('gives back the key it was given, as URL-safe text', () => {
    const key = { name: 'ada', dob: '1990-02-28', id: ID };
    expect(members.encode(key)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(members.decode(members.encode(key))).toEqual(key);
    const at = { createdAt: '2026-11-24T09:30:05.123456Z', id: ID };
    expect(introductions.decode(introductions.encode(at))).toEqual(at);
  });

  it("refuses text that is not one of its list's cursors with a 400 naming the cursor", () => {
    const other = introductions.encode({ createdAt: '2026-11-24T09:30:05.123456Z', id: ID });
    for (const cursor of [other, 'not-base64-json', members.encode({ dob: 'yesterday', id: ID })]) {
      expect(() => members.decode(cursor)).toThrow(
        expect.objectContaining({ code: 'BAD_REQUEST', field: 'cursor' }),
      );
    }
  });
});

describe('keysetPaginator', () => {
  const base = { nextCursor: 'n', prevCursor: 'p' };

  it('counts pages exactly up to the cap, and offers cursors only where there is a page', () => {
    expect(keysetPaginator({ ...base, page: 1, counted: 45, estimate: 45, hasNextPage: true })).toEqual({
      currentPage: 1,
      pageCount: 3,
      prev: null,
      next: 2,
      hasPrevPage: false,
      hasNextPage: true,
      total: 45,
      totalIsEstimate: false,
      nextCursor: 'n',
      prevCursor: null,
    });
  });

  it('above the cap shows the estimate, never contradicting what the read saw', () => {
    const more = keysetPaginator({
      ...base,
      page: 80,
      counted: COUNT_CAP + 1,
      estimate: 1200,
      hasNextPage: true,
    });
    expect(more).toMatchObject({ pageCount: 81, total: 1200, totalIsEstimate: true, next: 81, prev: 79 });
    const last = keysetPaginator({
      ...base,
      page: 9,
      counted: COUNT_CAP + 1,
      estimate: 5000,
      hasNextPage: false,
    });
    expect(last).toMatchObject({ pageCount: 9, next: null, nextCursor: null, prevCursor: 'p' });
  });
});
