import { defineConfig } from 'vitest/config';

// Unit and integration tests (*.test.ts beside the code). Integration tests (*.int.test.ts) run on embedded
// PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const integration = ['{apps,packages}/*/src/**/*.int.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['./tests/vitest.global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['{apps,packages}/*/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/web/**'],
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      // the web app's own unit tests (no database; its behaviour in a browser is tested by Playwright)
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true,
              test: { name: 'postgres', include: integration, env: { TEST_DB_KIND: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
