import { sql, type RawBuilder, type SqlBool } from 'kysely';

// Keyset paging, shared by the console's lists (the member search, the introduction lists): a page starts at an
// offset (a page number) or just beyond the sort key of the previous page's edge row.

/** Where a page starts: an offset, or just after / before the sort key of an edge row. */
export type PagePosition<Key> =
  { kind: 'offset'; offset: number } | { kind: 'after'; key: Key } | { kind: 'before'; key: Key };

/**
 * Rows beyond (`column`, `idColumn`) = (`at`, `id`) in a list sorted by both descending: `after` the key is below it,
 * `before` above. The plain `<=` / `>=` bound is the range the index starts at (the OR alone is only a filter).
 */
export function beyondDescendingKey(
  column: string,
  idColumn: string,
  key: { at: unknown; id: string },
  direction: 'after' | 'before',
): RawBuilder<SqlBool> {
  const bound = sql.raw(direction === 'after' ? '<=' : '>=');
  const strict = sql.raw(direction === 'after' ? '<' : '>');
  const col = sql.ref(column);
  return sql<SqlBool>`(${col} ${bound} ${key.at} and (${col} ${strict} ${key.at} or (${col} = ${key.at} and ${sql.ref(idColumn)} ${strict} ${key.id})))`;
}

/**
 * Rows beyond (`key`, `idColumn`) = (`at`, `id`) in a list sorted by both in one `order`: a row comparison, which an
 * index on (key, id) reads as a range from the cursor on, forwards or backwards.
 */
export function beyondRowKey(
  key: RawBuilder<unknown>,
  idColumn: string,
  cursor: { at: RawBuilder<unknown>; id: string },
  order: 'asc' | 'desc',
  direction: 'after' | 'before',
): RawBuilder<SqlBool> {
  const forward = (order === 'asc') === (direction === 'after');
  const op = sql.raw(forward ? '>' : '<');
  return sql<SqlBool>`((${key}, ${sql.ref(idColumn)}) ${op} (${cursor.at}, ${cursor.id}::uuid))`;
}
