import { defineConfig } from '@playwright/test';
import e2e from '../playwright.config';

// `pnpm screenshots`: the pictures in docs/screenshots/, taken from the built app (pnpm build first) on the e2e's
// freshly seeded database and server (tests/playwright.config.ts). Not part of `pnpm test`: it asserts nothing.
export default defineConfig({
  ...e2e,
  testDir: '.',
  outputDir: '../../test-results/screenshots',
  reporter: [['list']],
  fullyParallel: false,
  workers: 1,
  webServer: { ...(e2e.webServer as object), cwd: '../..' } as typeof e2e.webServer,
});
