import { describe, expect, it } from 'vitest';
import { INTRODUCTION_STATUS_LABEL, INTRODUCTION_STATUSES } from './constants';

describe('INTRODUCTION_STATUS_LABEL', () => {
  it("shows 'open' as 'Active' and every other status as it is, capitalised", () => {
    expect(INTRODUCTION_STATUS_LABEL).toEqual({
      open: 'Active',
      requested: 'Requested',
      accepted: 'Accepted',
      rejected: 'Rejected',
    });
    expect(Object.keys(INTRODUCTION_STATUS_LABEL).sort()).toEqual([...INTRODUCTION_STATUSES].sort());
  });
});
