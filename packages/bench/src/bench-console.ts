// The console's one search box and its members table (docs/decisions/161-console-search.md): each kind of query
// through the code the procedure runs, timed end to end from here, with EXPLAIN ANALYZE of each of its reads and
// the plan's text (BENCH_PLANS=on). Run by `pnpm bench` and by `bench:admin` (BENCH_ONLY=console for it alone).
import { consoleQueries, type Database } from '@rhema/db';
import { ADMIN_PAGE_SIZE, consoleSearchTerms, listConsoleMembers, searchConsole } from '@rhema/core';
import { CONSOLE_SEARCH_LIMIT } from '@rhema/schemas';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { describe, explain, timed } from './bench-admin';

async function planText(db: Database, query: Compilable<unknown>): Promise<string> {
  const compiled = query.compile();
  const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`, [...compiled.parameters]),
  );
  return result.rows.map((row) => `      ${row['QUERY PLAN']}`).join('\n');
}

export async function benchConsole(db: Database, runs: number, now = new Date()): Promise<void> {
  const members = await sql<{ n: string }>`select count(*) as n from users where role = 'member'`.execute(db);
  console.log(`Console search box and members table (${members.rows[0]?.n ?? '?'} members)`);
  const sample = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'phone', 'contact_reference'])
    .where('role', '=', 'member')
    .where('phone', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!sample) {
    console.log('  no members: nothing to measure');
    return;
  }
  const payment = await db
    .selectFrom('subscriptions')
    .select('provider_reference')
    .where('provider_reference', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  // the commonest three-letter start of a first name: the broadest name search there is
  const common = await sql<{ prefix: string }>`
    select lower(left(first_name, 3)) as prefix from users where role = 'member'
    group by 1 order by count(*) desc limit 1`.execute(db);
  const queries: { label: string; q: string }[] = [
    { label: `common name prefix '${common.rows[0]?.prefix ?? 'chi'}'`, q: common.rows[0]?.prefix ?? 'chi' },
    { label: 'full name', q: `${sample.first_name} ${sample.last_name}` },
    { label: 'last name', q: sample.last_name },
    { label: 'email', q: sample.email },
    { label: 'phone (as typed, with spaces)', q: (sample.phone ?? '').replace(/(\d{4})/g, '$1 ') },
    { label: 'contact reference (lower case)', q: sample.contact_reference.toLowerCase() },
    ...(payment?.provider_reference ? [{ label: 'payment reference', q: payment.provider_reference }] : []),
    { label: 'nothing matches', q: 'qqqqqzzzzz' },
  ];
  const plans = process.env.BENCH_PLANS === 'on';
  for (const { label, q } of queries) {
    await timed(`search box: ${label}`, runs, () =>
      searchConsole({ db, input: { q }, limit: CONSOLE_SEARCH_LIMIT }),
    );
    for (const read of consoleQueries.consoleSearchQueries(db, consoleSearchTerms(q), CONSOLE_SEARCH_LIMIT)) {
      describe(`read ${read.matched}`, await explain(db, read.query));
      if (plans) console.log(await planText(db, read.query));
    }
  }
  for (const sort of ['joined', 'name'] as const) {
    const first = await listConsoleMembers({ db, now, input: { sort } });
    await timed(`members table by ${sort}, page 1`, runs, () =>
      listConsoleMembers({ db, now, input: { sort } }),
    );
    const after = first.paginator.nextCursor;
    if (after) {
      await timed(`members table by ${sort}, page 2 (keyset)`, runs, () =>
        listConsoleMembers({ db, now, input: { sort, page: 2, after } }),
      );
    }
    await timed(`members table by ${sort}, female, GB, page 1`, runs, () =>
      listConsoleMembers({ db, now, input: { sort, gender: 'female', country_code: 'GB' } }),
    );
    const page = consoleQueries.membersTablePageQuery(
      db,
      {},
      { by: sort, order: sort === 'joined' ? 'desc' : 'asc' },
      { kind: 'offset', offset: 0 },
      ADMIN_PAGE_SIZE + 1,
    );
    describe(`members by ${sort} page 1`, await explain(db, page));
    if (plans) console.log(await planText(db, page));
  }
}
