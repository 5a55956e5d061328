// The console's member search at scale (docs/decisions/090): each search mix through the code the
// procedure runs (page + capped count, estimate above the cap) beside the plain SQL a simple paginator would send
// (OFFSET page + count(*) of every match), on the same database, plus EXPLAIN ANALYZE of each statement.
// `pnpm bench` runs it on its scratch database; `DATABASE_URL=... pnpm --filter @rhema/bench bench:admin` on an
// existing one (e.g. a database seeded with --members 1000000). Prints figures, asserts nothing.
import { adminIntroductionQueries, adminSearchQueries, createDb, type Database } from '@rhema/db';
import { runCli } from '@rhema/db/cli-env';
import {
  ADMIN_PAGE_SIZE,
  COUNT_CAP,
  findMembers,
  memberFilters,
  memberSearchCursor,
  memberSearchFilters,
  type MemberSearchInput,
} from '@rhema/core';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { benchConsole } from './bench-console';

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export async function timed(label: string, runs: number, body: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await body(); // warm-up: plans, caches
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await body();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const p50 = percentile(samples, 50);
  console.log(
    `  ${label.padEnd(58)} p50 ${p50.toFixed(2).padStart(8)} ms   p95 ${percentile(samples, 95)
      .toFixed(2)
      .padStart(8)} ms`,
  );
  return p50;
}

// On a shared machine one EXPLAIN ANALYZE is noisy: BENCH_EXPLAIN_RUNS=N reports the run with the median execution
// time of N, and BENCH_EXPLAIN_TIMING=off leaves out the per-row timing (which inflates long OFFSET scans).
const EXPLAIN_RUNS = Math.max(1, Number.parseInt(process.env.BENCH_EXPLAIN_RUNS ?? '1', 10) || 1);
const EXPLAIN_TIMING = process.env.BENCH_EXPLAIN_TIMING === 'off' ? 'TIMING OFF, ' : '';

/** Server-side figures of one statement: EXPLAIN (ANALYZE, BUFFERS), warm (run once before those that count). */
export async function explain(db: Database, query: Compilable<unknown>) {
  const compiled = query.compile();
  const run = () =>
    db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS, ${EXPLAIN_TIMING}FORMAT JSON) ${compiled.sql}`, [
        ...compiled.parameters,
      ]),
    );
  await run();
  const results: Awaited<ReturnType<typeof run>>[] = [];
  for (let i = 0; i < EXPLAIN_RUNS; i++) results.push(await run());
  const executionOf = (r: (typeof results)[number]) => {
    const plan = r.rows[0]?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { 'Execution Time': number }[];
    return parsed[0]?.['Execution Time'] ?? Number.NaN;
  };
  results.sort((a, b) => executionOf(a) - executionOf(b));
  const result = results[Math.floor((results.length - 1) / 2)]!;
  const raw = result.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    'Planning Time': number;
    'Execution Time': number;
    Plan: { 'Node Type': string; 'Actual Rows': number };
  }[];
  const top = parsed[0];
  const indexes = new Set<string>();
  const walk = (node: Record<string, unknown>) => {
    if (typeof node['Index Name'] === 'string') indexes.add(node['Index Name']);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  if (top) walk(top.Plan as unknown as Record<string, unknown>);
  return {
    planning: top?.['Planning Time'] ?? Number.NaN,
    execution: top?.['Execution Time'] ?? Number.NaN,
    rows: top?.Plan['Actual Rows'] ?? 0,
    indexes: [...indexes].join(', ') || 'no index',
  };
}

export function describe(label: string, figures: Awaited<ReturnType<typeof explain>>) {
  console.log(
    `    EXPLAIN ANALYZE ${label.padEnd(34)} planning ${figures.planning.toFixed(2).padStart(6)} ms, ` +
      `execution ${figures.execution.toFixed(2).padStart(7)} ms, ${String(figures.rows).padStart(7)} rows  ` +
      `(${figures.indexes})`,
  );
}

/** What a simple paginator reads: the page's whole rows by OFFSET (the table visited for every skipped row). */
function plainPageQuery(db: Database, filters: adminSearchQueries.MemberSearchFilters, offset: number) {
  return adminSearchQueries
    .memberPageQuery(db, filters, { kind: 'offset', offset }, ADMIN_PAGE_SIZE + 1)
    .selectAll();
}

export async function benchAdminSearch(db: Database, runs: number, now = new Date()): Promise<void> {
  const members = await sql<{ n: string }>`select count(*) as n from users where role = 'member'`.execute(db);
  console.log(
    `Console member search (${members.rows[0]?.n ?? '?'} members; page size ${ADMIN_PAGE_SIZE}, exact count up to ${COUNT_CAP})`,
  );
  const sample = await db
    .selectFrom('users')
    .select(['first_name', 'phone'])
    .where('role', '=', 'member')
    .where('status', '=', 'active')
    .where('phone', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!sample) {
    console.log('  no members: nothing to measure');
    return;
  }
  // the commonest three-letter start of a first name: the broadest name search there is
  const common = await sql<{ prefix: string }>`
    select lower(left(first_name, 3)) as prefix from users where role = 'member'
    group by 1 order by count(*) desc limit 1`.execute(db);
  const prefix = common.rows[0]?.prefix ?? sample.first_name.slice(0, 3).toLowerCase();
  const mixes: { label: string; input: MemberSearchInput }[] = [
    { label: 'age 22-40', input: { min_age: 22, max_age: 40 } },
    {
      label: 'female, GB, age 22-40',
      input: { gender: 'female', my_country_only: true, country_code: 'GB', min_age: 22, max_age: 40 },
    },
    { label: `first name '${prefix}', age 22-40`, input: { first_name: prefix, min_age: 22, max_age: 40 } },
    { label: 'phone', input: { phone: sample.phone ?? '+447700900000' } },
    { label: 'status suspended, age 22-40', input: { status: 'suspended', min_age: 22, max_age: 40 } },
  ];
  const deepPage = 500;
  for (const { label, input } of mixes) {
    const filters = memberSearchFilters(input, now);
    console.log(` ${label}`);
    const first = await findMembers({ db, now, input });
    const paginator = first.paginator;
    console.log(
      `    page 1: ${first.rows.length} rows, paginator: page ${paginator.currentPage} of ` +
        `${paginator.totalIsEstimate ? 'about ' : ''}${paginator.pageCount} (${paginator.total} matches)`,
    );
    await timed('console: page 1 + paginator (SQL round trips)', runs, () => findMembers({ db, now, input }));
    await timed('plain SQL: OFFSET 0 page + count(*) of every match', runs, () =>
      Promise.all([
        plainPageQuery(db, filters, 0).execute(),
        adminSearchQueries.countMembersExactQuery(db, filters).executeTakeFirst(),
      ]),
    );
    const offset = (deepPage - 1) * ADMIN_PAGE_SIZE;
    const edge = await adminSearchQueries
      .memberPageQuery(db, filters, { kind: 'offset', offset: offset - 1 }, 1)
      .executeTakeFirst();
    if (edge) {
      const after = memberSearchCursor.encode({
        ...(filters.namePrefix && edge.name_key !== undefined ? { name: edge.name_key } : {}),
        dob: edge.date_of_birth,
        id: edge.id,
      });
      await timed(`console: page ${deepPage} by keyset (after the paginator's cursor)`, runs, () =>
        findMembers({ db, now, input: { ...input, page: deepPage, after } }),
      );
      await timed(`console: page ${deepPage} by page number only (REST)`, runs, () =>
        findMembers({ db, now, input: { ...input, page: deepPage } }),
      );
      await timed(`plain SQL: page ${deepPage} by OFFSET ${offset} + count(*)`, runs, () =>
        Promise.all([
          plainPageQuery(db, filters, offset).execute(),
          adminSearchQueries.countMembersExactQuery(db, filters).executeTakeFirst(),
        ]),
      );
      describe(
        `page ${deepPage} keyset`,
        await explain(
          db,
          adminSearchQueries.memberPageQuery(
            db,
            filters,
            {
              kind: 'after',
              key: {
                name: filters.namePrefix ? edge.name_key : undefined,
                dob: edge.date_of_birth,
                id: edge.id,
              },
            },
            ADMIN_PAGE_SIZE + 1,
          ),
        ),
      );
      describe(
        `page ${deepPage} keyset back`,
        await explain(
          db,
          adminSearchQueries.memberPageQuery(
            db,
            filters,
            {
              kind: 'before',
              key: {
                name: filters.namePrefix ? edge.name_key : undefined,
                dob: edge.date_of_birth,
                id: edge.id,
              },
            },
            ADMIN_PAGE_SIZE + 1,
          ),
        ),
      );
      describe(
        `page ${deepPage} OFFSET ${offset} (index)`,
        await explain(
          db,
          adminSearchQueries.memberPageQuery(db, filters, { kind: 'offset', offset }, ADMIN_PAGE_SIZE + 1),
        ),
      );
      describe(
        `page ${deepPage} plain OFFSET (rows)`,
        await explain(db, plainPageQuery(db, filters, offset)),
      );
    }
    describe(
      'page 1',
      await explain(
        db,
        adminSearchQueries.memberPageQuery(db, filters, { kind: 'offset', offset: 0 }, ADMIN_PAGE_SIZE + 1),
      ),
    );
    describe(
      `count up to ${COUNT_CAP}`,
      await explain(db, adminSearchQueries.countMembersUpToQuery(db, filters, COUNT_CAP)),
    );
    describe(
      'count(*) of every match',
      await explain(db, adminSearchQueries.countMembersExactQuery(db, filters)),
    );
  }
}

/**
 * The introduction lists (users list with cards, pre-matched), newest first: EXPLAIN ANALYZE of page 1, of the
 * capped count, and of page 500 (or the last page, when there are fewer) by keyset and by OFFSET (what a REST
 * client sending only `page` gets), per filter mix, the owner's filters included.
 */
export async function benchAdminLists(db: Database, now = new Date()): Promise<void> {
  const introductions = await sql<{ n: string }>`select count(*) as n from introductions`.execute(db);
  console.log(`Console introduction lists (${introductions.rows[0]?.n ?? '?'} introductions)`);
  // the commonest and a rare three-letter start of an owner's first name, and an owner's phone
  const prefixes = await sql<{ prefix: string; n: string }>`
    select lower(left(u.first_name, 3)) as prefix, count(*) as n
    from introductions i join users u on u.id = i.owner_id group by 1 order by 2 desc, 1`.execute(db);
  const common = prefixes.rows[0]?.prefix ?? 'chi';
  const rare = prefixes.rows.find((row) => Number(row.n) >= 20 && Number(row.n) <= 60)?.prefix ?? common;
  const phoned = await sql<{ phone: string }>`
    select u.phone from introductions i join users u on u.id = i.owner_id
    where u.phone is not null order by i.id limit 1`.execute(db);
  const ownerOf = (input: MemberSearchInput) => memberFilters(input, now);
  const ages = { min_age: 22, max_age: 40 };
  const lists: { label: string; filters: adminIntroductionQueries.IntroductionListFilters }[] = [
    { label: 'all', filters: { prematched: false, owner: {} } },
    { label: 'status open', filters: { prematched: false, status: 'open', owner: {} } },
    { label: 'pre-matched', filters: { prematched: true, owner: {} } },
    { label: 'owner age 22-40', filters: { prematched: false, owner: ownerOf(ages) } },
    {
      label: 'owner female, GB',
      filters: {
        prematched: false,
        owner: ownerOf({ gender: 'female', my_country_only: true, country_code: 'GB' }),
      },
    },
    {
      label: 'owner female, GB, 22-40',
      filters: {
        prematched: false,
        owner: ownerOf({ gender: 'female', my_country_only: true, country_code: 'GB', ...ages }),
      },
    },
    {
      label: `owner first name '${common}' (common)`,
      filters: { prematched: false, owner: ownerOf({ first_name: common }) },
    },
    {
      label: `owner first name '${common}', 22-40`,
      filters: { prematched: false, owner: ownerOf({ first_name: common, ...ages }) },
    },
    {
      label: `owner first name '${rare}' (rare)`,
      filters: { prematched: false, owner: ownerOf({ first_name: rare }) },
    },
    {
      label: 'owner phone',
      filters: { prematched: false, owner: ownerOf({ phone: phoned.rows[0]?.phone ?? '+447700900000' }) },
    },
    {
      label: 'status accepted, owner male, NG, 22-40',
      filters: {
        prematched: false,
        status: 'accepted',
        owner: ownerOf({ gender: 'male', my_country_only: true, country_code: 'NG', ...ages }),
      },
    },
    { label: 'pre-matched, owner age 22-40', filters: { prematched: true, owner: ownerOf(ages) } },
  ];
  const deepPage = 500;
  for (const { label, filters } of lists) {
    const page = (position: adminIntroductionQueries.IntroductionListPosition) =>
      adminIntroductionQueries.introductionPageQuery(db, filters, position, ADMIN_PAGE_SIZE + 1);
    const total = await adminIntroductionQueries.countIntroductionsUpTo(db, filters, 1_000_000);
    const last = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
    const deep = Math.min(deepPage, last);
    console.log(` ${label}: ${total} introductions, ${last} pages`);
    describe('page 1', await explain(db, page({ kind: 'offset', offset: 0 })));
    describe(
      `count up to ${COUNT_CAP}`,
      await explain(db, adminIntroductionQueries.countIntroductionsUpToQuery(db, filters, COUNT_CAP)),
    );
    if (deep < 2) continue;
    const offset = (deep - 1) * ADMIN_PAGE_SIZE;
    const edge = await page({ kind: 'offset', offset: offset - 1 }).executeTakeFirst();
    if (!edge) continue;
    describe(
      `page ${deep} keyset`,
      await explain(db, page({ kind: 'after', key: { createdAt: edge.created_key, id: edge.id } })),
    );
    describe(
      `page ${deep} keyset back`,
      await explain(db, page({ kind: 'before', key: { createdAt: edge.created_key, id: edge.id } })),
    );
    describe(`page ${deep} OFFSET ${offset}`, await explain(db, page({ kind: 'offset', offset })));
  }
}

// `pnpm --filter @rhema/bench bench:admin`: on the database of DATABASE_URL as it is (nothing seeded or changed)
if (process.argv[1]?.endsWith('bench-admin.ts')) {
  await runCli(async () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database (pnpm db:seed --members N).');
    const runs = Math.max(1, Number.parseInt(process.env.BENCH_RUNS ?? '50', 10) || 50);
    const handle = await createDb({ databaseUrl: url, statementTimeoutMs: 600_000 });
    try {
      // BENCH_ONLY=lists: the introduction lists alone
      // BENCH_ONLY=console: the console's search box and members table alone
      if (process.env.BENCH_ONLY === 'console') return await benchConsole(handle.db, runs);
      if (process.env.BENCH_ONLY !== 'lists') await benchAdminSearch(handle.db, runs);
      await benchAdminLists(handle.db);
      await benchConsole(handle.db, runs);
    } finally {
      await handle.close();
    }
  });
}
