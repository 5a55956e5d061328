import type { Compilable, CompiledQuery } from 'kysely';
import type { Database } from '../create-db';

const MARK = '\u0000precompiled:';

/**
 * A statement whose SQL text is the same for every call, built and compiled by Kysely once per process; a call only
 * puts its parameters in place of the markers it was built with. Kysely builds a query as a tree of frozen nodes and
 * walks it to compile: for the profile read (ten subqueries) that was the most CPU a member's list spent on one
 * statement (docs/decisions/208-observability.md).
 *
 * `build` receives a marker string per parameter and must use it only as a bound value (never branch on it, never
 * inline it with sql.raw, never pass a list to `in`: use `= any(array)` so the text stays the same): building checks
 * that every marker came out as a parameter and none in the text. Plugins that rewrite queries (withPlugin's
 * transformQuery) see the statement once, when it is built; transformResult runs on every call.
 */
export function precompiled<K extends string, O>(
  keys: readonly K[],
  build: (db: Database, params: Record<K, string>) => Compilable<O>,
): (db: Database, values: Record<K, unknown>) => Promise<O[]> {
  let compiled: CompiledQuery<O> | undefined;
  const markers = Object.fromEntries(keys.map((key) => [key, `${MARK}${key}`])) as Record<K, string>;
  const compile = (db: Database): CompiledQuery<O> => {
    const query = build(db, markers).compile();
    if (query.sql.includes(MARK)) throw new Error('precompiled: a parameter was written into the SQL text');
    for (const key of keys) {
      if (!query.parameters.includes(markers[key]))
        throw new Error(`precompiled: parameter ${key} is unused`);
    }
    return query;
  };
  return async (db, values) => {
    // the text and parameter order do not depend on the handle (every handle speaks PostgreSQL's dialect)
    compiled ??= compile(db);
    const parameters = compiled.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARK) ? values[value.slice(MARK.length) as K] : value,
    );
    return (await db.executeQuery<O>({ ...compiled, parameters })).rows;
  };
}
