import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundaries in eslint.config.js, each shown refusing a violation: ESLint lints a snippet as if it were the
// named file. Type information is left out here (it builds the whole program); the type-aware rule is checked to
// be on for the sources.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const restricted = '@typescript-eslint/no-restricted-imports';

describe('lint boundaries', () => {
  it('core imports neither tRPC nor Fastify', async () => {
    const file = 'packages/core/src/clock.ts';
    for (const name of ['@trpc/server', 'fastify', '@fastify/cookie']) {
      expect(await problems(file, `import '${name}';\n`)).toEqual([expect.stringContaining(restricted)]);
    }
    expect(await problems(file, "import { z } from 'zod';\nexport const s = z.string();\n")).toEqual([]);
  });

  it('the web app takes only types from @rhema/api', async () => {
    const file = 'apps/web/src/lib/example.ts';
    expect(
      await problems(file, "import { appRouter } from '@rhema/api';\nexport const r = appRouter;\n"),
    ).toEqual([expect.stringContaining(restricted)]);
    expect(
      await problems(file, "import type { AppRouter } from '@rhema/api';\nexport type R = AppRouter;\n"),
    ).toEqual([]);
  });

  it('web components reach tRPC through useTrpc(), main.tsx alone puts it in the router context', async () => {
    const code = "import { trpc } from '../../lib/trpc';\nexport const t = trpc;\n";
    expect(await problems('apps/web/src/features/auth/LoginForm.tsx', code)).toEqual([
      expect.stringContaining('useTrpc()'),
    ]);
    const main = "import { queryClient, trpc } from './lib/trpc';\nexport const c = { queryClient, trpc };\n";
    expect(await problems('apps/web/src/main.tsx', main)).toEqual([]);
    expect(
      await problems(
        'apps/web/src/lib/session.ts',
        "import type { Trpc } from './trpc';\nexport type T = Trpc;\n",
      ),
    ).toEqual([]);
  });

  it('web parts load on demand through lazyPart, which alone calls React.lazy', async () => {
    const code = "import { lazy } from 'react';\nexport const P = lazy(() => import('./Part'));\n";
    expect(await problems('apps/web/src/components/Example.tsx', code)).toEqual([
      expect.stringContaining('lazyPart'),
    ]);
    expect(await problems('apps/web/src/lib/lazy-part.ts', code)).toEqual([]);
  });

  it('@rhema/seed only in tests, test support, seeds and benchmarks', async () => {
    const code = "import { seedUser } from '@rhema/seed';\nexport const s = seedUser;\n";
    for (const file of [
      'packages/api/src/index.ts',
      'apps/server/src/app.ts',
      'packages/core/src/clock.ts',
    ]) {
      expect(await problems(file, code)).toEqual([expect.stringContaining('Seed data is for tests')]);
    }
    for (const file of [
      'packages/api/src/routers/faqs/list.int.test.ts',
      'packages/api/src/test/harness.ts',
      'apps/server/src/test/rest-examples.ts',
      'packages/bench/src/bench.ts',
      'tests/perf/load.ts',
    ]) {
      expect(await problems(file, code)).toEqual([]);
    }
  });

  it('routers throw AppError and call use cases with useCaseDeps(ctx)', async () => {
    const file = 'packages/api/src/routers/faqs/list.ts';
    expect(
      await problems(file, "import { TRPCError } from '@trpc/server';\nexport const e = TRPCError;\n"),
    ).toEqual([expect.stringContaining("'TRPCError' import from '@trpc/server' is restricted")]);
    const byHand =
      'export const f = (ctx: { db: 1; now: () => Date }) => ({ db: ctx.db, now: ctx.now() });\n';
    expect(await problems(file, byHand)).toEqual([
      expect.stringContaining('no-restricted-syntax'),
      expect.stringContaining('no-restricted-syntax'),
    ]);
  });

  it('the audit log is written by queries/audit.ts only', async () => {
    const code = "export const w = (db: D) => db.insertInto('audit_log').values({}).execute();\n";
    expect(await problems('packages/db/src/queries/users.ts', code)).toEqual([
      expect.stringContaining('Write audit entries with insertAudit'),
    ]);
    expect(await problems('packages/db/src/queries/audit.ts', code)).toEqual([]);
  });

  it("nowhere imports tRPC's unstable internals", async () => {
    const code = "import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/unstable-core-do-not-import';\n";
    expect(await problems('apps/server/src/app.ts', `${code}export type C = TRPC_ERROR_CODE_KEY;\n`)).toEqual(
      [expect.stringContaining(restricted)],
    );
  });

  it('checks floating promises with type information in every source file, tests included', async () => {
    const linter = new ESLint({ cwd: root });
    for (const file of ['packages/core/src/clock.ts', 'apps/web/src/main.tsx', 'apps/server/src/app.ts']) {
      const config = (await linter.calculateConfigForFile(file)) as {
        rules: Record<string, unknown>;
        languageOptions: { parserOptions: { project?: string } };
      };
      expect(config.rules['@typescript-eslint/no-floating-promises']).toEqual([2]);
      expect(config.languageOptions.parserOptions.project).toBe('./tsconfig.lint.json');
    }
  });
});
