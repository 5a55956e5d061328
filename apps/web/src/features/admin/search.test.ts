import { MIN_AGE_ABOVE_MAX_MESSAGE } from '@rhema/schemas';
import { describe, expect, it } from 'vitest';
import { memberSearchQuery, pageQuery } from './search';

describe("the console's query strings, read by the procedures' schemas", () => {
  it('reads the search as the router keeps it (numbers parsed, text as typed)', () => {
    const { query, error } = memberSearchQuery({
      min_age: 22,
      max_age: 40,
      gender: 'female',
      my_country_only: true,
      country_code: 'GB',
      phone: '+44 7700 900103',
    });
    expect(error).toBeNull();
    expect(query).toMatchObject({
      min_age: 22,
      max_age: 40,
      gender: 'female',
      phone: '+447700900103',
    });
  });

  it("refuses min_age above max_age with the product's message, for the form to show", () => {
    expect(memberSearchQuery({ min_age: 50, max_age: 30 })).toEqual({
      values: { min_age: 50, max_age: 30 },
      query: null,
      error: MIN_AGE_ABOVE_MAX_MESSAGE,
    });
  });

  it('reads a page and its cursor; a refused one reads as the first page', () => {
    expect(pageQuery({ page: 3, after: 'eyJpZCI6MX0' })).toEqual({ page: 3, after: 'eyJpZCI6MX0' });
    expect(pageQuery({ page: 'x' })).toEqual({});
  });
});
