// `pnpm db:seed [--members N] [--reset]`: migrates, then loads the demo data set (dev and staging only).
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { createDb, migrateToLatest } from '@rhema/db';
import { dbOptionsFromEnv, runCli } from '@rhema/db/cli-env';
import cliProgress from 'cli-progress';
import { seedDemo } from './demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD_DEFAULT, MAX_DEMO_MEMBERS } from './demo-accounts';
import { totalRows, type SeedDemoResult } from './demo-batch';
import { resetDatabase } from './reset';
import { BULK_TABLES, copyWriter, finishDeferredIndexes } from './bulk';
import { parseMembers } from './cli-args';

// The embedded database runs in one WebAssembly process with INSERTs only: 100,000 members (about 1.9 million rows)
// is where it still seeds in minutes; larger sets are what PostgreSQL with COPY is for.
const MAX_PGLITE_MEMBERS = 100_000;

const USAGE = `Usage: pnpm db:seed [--members N] [--reset]
  --members N  generated members besides the demo accounts (0 to ${MAX_DEMO_MEMBERS} on PostgreSQL, to
               ${MAX_PGLITE_MEMBERS} on the embedded PGlite; default 200)
  --reset      empty every domain table first
Environment: DATABASE_URL (PostgreSQL; embedded PGlite when unset), PGLITE_DATA_DIR, DEMO_PASSWORD,
SEED_TIMING=1 (print each step's and each put-off index's time).`;

/** Progress as a bar on a terminal, and as a line every 10% (or 10 s) in logs and CI. */
function progressReporter(): { update: (done: number, total: number) => void; stop: () => void } {
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format:
          'Seeding members [{bar}] {percentage}% | {value}/{total} | {duration_formatted} | ETA {eta_formatted}',
        stream: process.stdout,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update: (done, total) => {
        if (!started) {
          bar.start(total, done);
          started = true;
        } else bar.update(done);
      },
      stop: () => {
        if (started) bar.stop();
        started = false;
      },
    };
  }
  let lastStep = -1;
  let lastAt = 0;
  return {
    update: (done, total) => {
      const step = total === 0 ? 10 : Math.floor((done / total) * 10);
      const now = Date.now();
      if (step > lastStep || now - lastAt > 10_000) {
        lastStep = step;
        lastAt = now;
        const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
        console.log(`Seeding members: ${done}/${total} (${percent}%)`);
      }
    },
    stop: () => {},
  };
}

function summary(result: SeedDemoResult, seconds: number): string {
  const s = result.introductionsByStatus;
  return [
    `Seeded ${result.members} members (+ ${DEMO_ACCOUNTS.length} demo accounts), ${result.introductions} introductions ` +
      `(open ${s.open}, requested ${s.requested}, accepted ${s.accepted}, rejected ${s.rejected}), ` +
      `${result.introductionRequests} introduction requests, ${result.suggestionCodes} suggestion codes in ` +
      `${seconds.toFixed(1)} s`,
    `  ${result.profileAnswers} answers, ${result.photos} photos, ${result.citizenships} citizenships, ` +
      `${result.coreValues} core values, ${result.communityMemberships} community memberships, ` +
      `${result.consents} consents; ${totalRows(result)} rows, ${Math.round(totalRows(result) / seconds)} rows/s`,
  ].join('\n');
}

await runCli(async () => {
  if (process.env.NODE_ENV === 'production') {
    throw new Error(
      'Refusing to seed demo data with NODE_ENV=production: the demo accounts share a known password.',
    );
  }
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      members: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const members = parseMembers(values.members);
  const password = process.env.DEMO_PASSWORD || DEMO_PASSWORD_DEFAULT;

  // large inserts and ANALYZE outlast the server's 10 s default statement timeout
  const options = dbOptionsFromEnv();
  if (!options.databaseUrl && members > MAX_PGLITE_MEMBERS) {
    throw new Error(
      `The embedded PGlite database takes at most ${MAX_PGLITE_MEMBERS} members; set DATABASE_URL to seed ` +
        `${members} into PostgreSQL.`,
    );
  }
  const handle = await createDb({ ...options, statementTimeoutMs: 600_000 });
  const progress = progressReporter();
  try {
    await migrateToLatest(handle.db);
    // a COPY load that was killed left its indexes to build: build them before anything else reads the tables
    if (handle.pool && (await finishDeferredIndexes(handle.pool)) > 0) {
      console.log('Rebuilt the indexes an interrupted seed had put off.');
    }
    if (values.reset) {
      await resetDatabase(handle.db);
      console.log(`Emptied every domain table (${handle.kind}).`);
    } else {
      const admin = await handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_ACCOUNTS[0]?.email ?? 'admin@example.com')
        .executeTakeFirst();
      if (admin) {
        console.log('Demo data already present (use --reset to start again)');
        return;
      }
    }

    console.log(`Seeding ${members} members into ${handle.kind}...`);
    const started = performance.now();
    const result = await seedDemo(handle.db, {
      members,
      password,
      onProgress: progress.update,
      onPhase: (name, seconds) => {
        if (process.env.SEED_TIMING) console.log(`${name}: ${seconds.toFixed(1)} s`);
      },
      // COPY on PostgreSQL, in larger transactions; a fresh database gets its indexes after the load
      // and members generated in worker threads, one per core, beside PostgreSQL's work
      ...(handle.pool ? { batchSize: 5_000, workers: Math.min(4, availableParallelism()) } : {}),
      writer: handle.pool
        ? await copyWriter(handle.pool, BULK_TABLES, {
            onStatement: (statement, seconds) => {
              if (process.env.SEED_TIMING) console.log(`${seconds.toFixed(2)} s  ${statement}`);
            },
            onIndexes: (count, seconds) => {
              progress.stop();
              console.log(`Built ${count} indexes and constraints after the load in ${seconds.toFixed(1)} s`);
            },
          })
        : undefined,
    });
    progress.stop();
    const seconds = (performance.now() - started) / 1000;
    console.log(summary(result, seconds));
    console.log(
      `Sign in as ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')} with ` +
        (process.env.DEMO_PASSWORD
          ? 'the password in DEMO_PASSWORD.'
          : `the password '${DEMO_PASSWORD_DEFAULT}'.`),
    );
    console.log(`Seeding took ${seconds.toFixed(1)} s.`);
  } finally {
    progress.stop();
    await handle.close();
  }
});
