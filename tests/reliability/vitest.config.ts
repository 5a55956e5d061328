import { defineConfig } from 'vitest/config';

// `pnpm test:reliability`: server processes on one PostgreSQL database. Its own config: the root
// one (vitest.config.ts) runs the tests beside the code before the build, these start the built server.
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    globalSetup: ['./tests/reliability/global-setup.ts'],
    // one file, its checks in order: the fault checks run after the state checks on the same two processes
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    reporters: ['verbose'],
  },
});
