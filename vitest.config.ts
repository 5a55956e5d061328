import { defineConfig } from 'vitest/config';

// Unit tests (*.test.ts beside the code) run in the `unit` project. Integration tests (*.int.test.ts) run once on
// PostgreSQL when TEST_DATABASE_URL is set, and on embedded PGlite: all of them when no PostgreSQL is named, only
// the compatibility files below when one is (docs/decisions/150-test-command-in-six-minutes.md).
const integration = '{apps,packages}/*/src/**/*.int.test.ts';

/**
 * What PGlite runs beside PostgreSQL: the migrations; every api/v1 path once (contract: 21 of the 25 query modules)
 * and the files reaching the other four; PGlite's own code paths (its LISTEN, the job queue's locks). The demo seed
 * on PGlite is e2e's first step (tests/playwright.config.ts seeds its embedded database with --reset every run).
 * A new integration file joins this list only when it tests something PGlite does differently from PostgreSQL.
 */
export const PGLITE_COMPAT = [
  'packages/db/src/migrate.int.test.ts',
  'apps/server/src/rest/contract.int.test.ts',
  'packages/api/src/routers/training/signup.int.test.ts',
  'packages/core/src/account/terminate-account.int.test.ts',
  'apps/server/src/live-messages.int.test.ts',
  'packages/core/src/jobs/queue.int.test.ts',
  // PGlite's own backup (its dump of the data folder) beside pg_dump's
  'apps/server/src/reliability/backup.int.test.ts',
];

const postgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    globalSetup: ['./tests/vitest.global-setup.ts'],
    // files share a worker's imported modules (each still opens its own database): importing the workspace
    // through Vite once per worker instead of once per file
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{apps,packages}/*/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', integration],
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: postgres ? PGLITE_COMPAT : [integration],
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      // rules of the whole tree (comments, file sizes, lint boundaries); no database, so not the root's global
      // setup; ESLint's first typed run builds a TypeScript program, which takes seconds on a busy machine
      { test: { name: 'repo', include: ['tests/repo/**/*.test.ts'], testTimeout: 60_000 } },
      ...(postgres
        ? [
            {
              extends: true,
              test: { name: 'postgres', include: [integration], env: { TEST_DB_KIND: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
