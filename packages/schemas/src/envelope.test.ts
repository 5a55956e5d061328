import { describe, expect, it } from 'vitest';
import { paginatorFor, ZPaginator } from './envelope';

describe('paginatorFor', () => {
  it('says where a middle page stands', () => {
    expect(paginatorFor({ page: 2, pageSize: 10, total: 35 })).toEqual({
      currentPage: 2,
      pageCount: 4,
      prev: 1,
      next: 3,
      hasPrevPage: true,
      hasNextPage: true,
    });
  });

  it('has one (empty) page for no items, and says when a page is past the last one', () => {
    expect(paginatorFor({ page: 1, pageSize: 10, total: 0 })).toMatchObject({
      currentPage: 1,
      pageCount: 1,
      prev: null,
      next: null,
    });
    // past the last page: the page keeps its number, its previous page is the last one
    expect(paginatorFor({ page: 99, pageSize: 10, total: 20 })).toEqual({
      currentPage: 99,
      pageCount: 2,
      prev: 2,
      next: null,
      hasPrevPage: true,
      hasNextPage: false,
    });
    expect(paginatorFor({ page: 0, pageSize: 10, total: 20 })).toMatchObject({ currentPage: 1, prev: null });
  });

  it('answers the shape of ZPaginator', () => {
    expect(ZPaginator.parse(paginatorFor({ page: 3, pageSize: 5, total: 11 }))).toMatchObject({
      currentPage: 3,
      hasNextPage: false,
    });
  });
});
