// The server time of each console page's reads (/admin21/...): the tRPC procedures its route loader calls, through
// the same router a request reaches (input and output validation included), as a signed-in consultant, p50 and p99
// over `runs`. The HTTP round trip and the page's render are not in it. `pnpm bench` runs it on its scratch
// database; `DATABASE_URL=... pnpm --filter @rhema/bench bench:console-pages` on an existing one (one seeded with
// --members 1000000: bench/results/2026-11-28-console-pages-1m.md). Prints figures, asserts nothing.
import { createHarness } from '@rhema/api/testing';
import { createDb, type Database } from '@rhema/db';
import { runCli } from '@rhema/db/cli-env';
import { sql } from 'kysely';

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/**
 * One read timed `runs` times after a warm-up: p50 and p99 of its time to answer, and the p50 of this process's CPU
 * time in it (validation, mapping, the driver): on a busy machine the rest is mostly waiting for a core.
 */
async function timeRead(
  runs: number,
  body: () => Promise<unknown>,
): Promise<{ p50: number; p99: number; cpu50: number }> {
  for (let i = 0; i < 5; i++) await body();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await body();
    samples.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), cpu50: percentile(cpu, 50) };
}

export interface PageRead {
  page: string;
  read: string;
  p50: number;
  p99: number;
  cpu50: number;
}

export async function benchConsolePages(db: Database, runs: number): Promise<PageRead[]> {
  const members = await sql<{ n: string }>`select count(*) as n from users where role = 'member'`.execute(db);
  console.log(
    `Console pages: the reads of each page's loader (${members.rows[0]?.n ?? '?'} members, ${runs} runs)`,
  );
  // the clock is now: the pages read today's ages and queues
  const h = createHarness(db, new Date());
  const staff = (await h.as('consultant', { first_name: 'Bench', email: `bench-${Date.now()}@example.test` }))
    .caller;
  // the demo member (every introduction status, requests, premium) when seeded; else the first member
  const member =
    (await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'member@example.com')
      .executeTakeFirst()) ??
    (await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'member')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst());
  if (!member) {
    console.log('  no members: nothing to measure');
    return [];
  }
  const event = await db
    .selectFrom('events')
    .select('id')
    .orderBy('starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const userId = member.id;
  const reads: { page: string; read: string; call: () => Promise<unknown> }[] = [
    { page: 'every page (sidebar)', read: 'admin.consoleCounts', call: () => staff.admin.consoleCounts() },
    { page: '/admin21/users', read: 'admin.membersTable (joined)', call: () => staff.admin.membersTable({}) },
    {
      page: '/admin21/users?sort=name',
      read: 'admin.membersTable (name)',
      call: () => staff.admin.membersTable({ sort: 'name' }),
    },
    {
      page: '/admin21/users?gender=female&country_code=GB',
      read: 'admin.membersTable (filters)',
      call: () => staff.admin.membersTable({ gender: 'female', country_code: 'GB' }),
    },
    {
      page: '/admin21/users/{id} (and /owner, /members/{id})',
      read: 'admin.user',
      call: () => staff.admin.user({ userId }),
    },
    {
      page: '/admin21/users/{id}/introductions',
      read: 'admin.userIntroductions',
      call: () => staff.admin.userIntroductions({ userId }),
    },
    {
      page: '/admin21/introductions',
      read: 'admin.introductions',
      call: () => staff.admin.introductions({}),
    },
    {
      page: '/admin21/introductions/users?min_age=22&max_age=40',
      read: 'admin.search',
      call: () => staff.admin.search({ min_age: 22, max_age: 40 }),
    },
    {
      page: '/admin21/introductions/users?gender=female&min_age=30&max_age=35&country_code=GB',
      read: 'admin.search (filters)',
      call: () => staff.admin.search({ gender: 'female', min_age: 30, max_age: 35, country_code: 'GB' }),
    },
    {
      page: '/admin21/introductions/users/{id}',
      read: 'admin.introductionDetail',
      call: () => staff.admin.introductionDetail({ userId }),
    },
    {
      page: '/admin21/requests',
      read: 'admin.matchRequests (open)',
      call: () => staff.admin.matchRequests({ status: 'open' }),
    },
    {
      page: '/admin21/requests?status=handled',
      read: 'admin.matchRequests (handled)',
      call: () => staff.admin.matchRequests({ status: 'handled' }),
    },
    {
      page: '/admin21/requests?status=prematched',
      read: 'admin.prematched',
      call: () => staff.admin.prematched({}),
    },
    { page: '/admin21/reports', read: 'moderation.list', call: () => staff.moderation.list({}) },
    { page: '/admin21/events', read: 'adminEvents.list', call: () => staff.adminEvents.list() },
    ...(event
      ? [
          {
            page: '/admin21/events/{id}',
            read: 'adminEvents.get',
            call: () => staff.adminEvents.get({ id: event.id }),
          },
        ]
      : []),
    {
      page: 'the search box (every page)',
      read: 'admin.consoleSearch (name)',
      call: () => staff.admin.consoleSearch({ q: 'chi' }),
    },
  ];
  const results: PageRead[] = [];
  for (const { page, read, call } of reads) {
    const { p50, p99, cpu50 } = await timeRead(runs, call);
    results.push({ page, read, p50, p99, cpu50 });
    console.log(
      `  ${read.padEnd(32)} p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms` +
        `   cpu p50 ${cpu50.toFixed(1).padStart(5)} ms   ${page}`,
    );
  }
  return results;
}

if (process.argv[1] === import.meta.filename) {
  await runCli(async () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database (pnpm db:seed --members N).');
    const handle = await createDb({ databaseUrl: url, statementTimeoutMs: 600_000 });
    try {
      const runs = Math.max(1, Number.parseInt(process.env.BENCH_RUNS ?? '100', 10) || 100);
      await benchConsolePages(handle.db, runs);
    } finally {
      await handle.close();
    }
  });
}
