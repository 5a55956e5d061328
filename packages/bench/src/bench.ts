// `pnpm bench [--members N] [--runs N]`: seeds a scratch database and prints figures. It asserts nothing:
// a figure is reported, never a timed assertion in a test. PGlite in memory by default; a scratch PostgreSQL
// database when TEST_DATABASE_URL is set.
import { parseArgs } from 'node:util';
import { hashPassword } from '@rhema/auth';
import { createDb, faqQueries, migrateToLatest, type Database } from '@rhema/db';
import { runCli } from '@rhema/db/cli-env';
import { withScratchDatabase } from '@rhema/db/testing-pg';
import { sql } from 'kysely';
import { birthDateRange } from '@rhema/schemas';
import { benchAdminLists, benchAdminSearch } from './bench-admin';
import { benchConsole } from './bench-console';
import { benchNotifications } from './bench-notifications';
import { benchConsolePages } from './bench-console-pages';
import { DEMO_PASSWORD_DEFAULT, contactReferenceFor, parseMembers, seedDemo, totalRows } from '@rhema/seed';

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

async function time(label: string, runs: number, body: (run: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 5; i++) await body(i); // warm-up: plans, caches, JIT
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await body(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(48)} p50 ${percentile(samples, 50).toFixed(2).padStart(8)} ms   p95 ${percentile(
      samples,
      95,
    )
      .toFixed(2)
      .padStart(8)} ms`,
  );
}

/** The admin introductions search: gender + age range (through date_of_birth) + country, 20 per page. */
function adminSearch(db: Database, gender: string, minAge: number, maxAge: number, country: string) {
  const { bornOnOrBefore, bornAfter } = birthDateRange({ minAge, maxAge, today: new Date() });
  return db
    .selectFrom('users')
    .where('gender', '=', gender)
    .where('country_code', '=', country)
    .where('date_of_birth', '<=', bornOnOrBefore!)
    .where('date_of_birth', '>', bornAfter!)
    .where('status', '=', 'active')
    .where('role', '=', 'member');
}

async function bench(db: Database, kind: string, members: number, runs: number): Promise<void> {
  console.log(`Database: ${kind}; ${members} generated members; ${runs} runs per query`);
  const passwordHash = await hashPassword(DEMO_PASSWORD_DEFAULT);
  const started = performance.now();
  const result = await seedDemo(db, { members, passwordHash });
  const seconds = (performance.now() - started) / 1000;
  const rows = totalRows(result);
  console.log(
    `  seed: ${rows} rows (${result.users} users, ${result.introductions} introductions) in ${seconds.toFixed(2)} s` +
      ` = ${Math.round(rows / seconds)} rows/s, ${Math.round(result.users / seconds)} members/s`,
  );

  const countries = ['GB', 'NG', 'US', 'GH', 'ZA'];
  await time('FAQ list (faqs)', runs, () => faqQueries.listFaqs(db, 'faqs'));
  await time('admin search page 1 (gender, age 22-40, country)', runs, (run) =>
    adminSearch(db, run % 2 ? 'male' : 'female', 22, 40, countries[run % countries.length] ?? 'GB')
      .select(['id', 'first_name', 'date_of_birth', 'country_code', 'phone', 'email'])
      .orderBy('date_of_birth', 'desc')
      .orderBy('id')
      .limit(20)
      .offset(0)
      .execute(),
  );
  await time('admin search page 10', runs, (run) =>
    adminSearch(db, run % 2 ? 'male' : 'female', 22, 40, countries[run % countries.length] ?? 'GB')
      .select(['id', 'first_name', 'date_of_birth', 'country_code', 'phone', 'email'])
      .orderBy('date_of_birth', 'desc')
      .orderBy('id')
      .limit(20)
      .offset(180)
      .execute(),
  );
  await time('admin search count (for pageCount)', runs, (run) =>
    adminSearch(db, run % 2 ? 'male' : 'female', 22, 40, countries[run % countries.length] ?? 'GB')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirst(),
  );
  await time('private match lookup by contact reference', runs, (run) =>
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'date_of_birth', 'country_code'])
      .where('contact_reference', '=', contactReferenceFor(4 + ((run * 7919) % Math.max(1, members))))
      .executeTakeFirst(),
  );
  await time('public active introductions, newest 20', runs, () =>
    db
      .selectFrom('introductions')
      .innerJoin('users', 'users.id', 'introductions.owner_id')
      .select(['introductions.id', 'users.first_name', 'users.date_of_birth', 'introductions.created_at'])
      .where('introductions.is_public', '=', true)
      .where('introductions.is_active', '=', true)
      .orderBy('introductions.created_at', 'desc')
      .limit(20)
      .execute(),
  );
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'member@example.com')
    .executeTakeFirstOrThrow();
  await time("a member's introductions with contact", runs, () =>
    db
      .selectFrom('introductions')
      .leftJoin('users as contact', 'contact.id', 'introductions.contact_id')
      .select(['introductions.id', 'introductions.status', 'contact.first_name', 'contact.phone'])
      .where('introductions.owner_id', '=', owner.id)
      .orderBy('introductions.created_at', 'desc')
      .execute(),
  );
  const size = await sql<{
    size: string;
  }>`select pg_size_pretty(pg_database_size(current_database())) as size`.execute(db);
  console.log(`  database size after seeding: ${size.rows[0]?.size ?? '?'}`);
  // the console's member search beside plain SQL, with EXPLAIN ANALYZE (docs/decisions/090)
  await benchAdminSearch(db, runs);
  await benchAdminLists(db);
  await benchConsole(db, runs);
  await benchNotifications(db);
  await benchConsolePages(db, runs);
}

await runCli(async () => {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { members: { type: 'string', default: '10000' }, runs: { type: 'string', default: '50' } },
    strict: true,
  });
  const members = parseMembers(values.members);
  const runs = Math.max(1, Number.parseInt(values.runs, 10) || 50);

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    await withScratchDatabase(serverUrl, 'rhema_bench', async (url) => {
      const handle = await createDb({ databaseUrl: url, statementTimeoutMs: 600_000 });
      try {
        await bench(handle.db, 'postgres (scratch database)', members, runs);
      } finally {
        await handle.close();
      }
    });
    return;
  }
  const handle = await createDb({ pgliteDataDir: 'memory://' });
  try {
    await migrateToLatest(handle.db);
    await bench(handle.db, 'pglite (memory://)', members, runs);
  } finally {
    await handle.close();
  }
});
