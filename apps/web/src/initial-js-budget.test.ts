import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_JS_BUDGET_KB, initialJsReport } from '../vite-plugins';

// The build fails when the first JavaScript of / is over its budget, when a page outside the console loads the
// console's schemas, or when a page that parses nothing as it loads evaluates zod: the checks are run here on
// made-up bundles.
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'initial-js-'));
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/** Text that gzip cannot shrink much, as long as needed for `kb` KB gzip (level 9, as the check measures). */
function codeOfGzipKb(kb: number): string {
  const random = randomBytes(Math.ceil(kb * 1024 * 1.1)).toString('base64');
  let low = 0;
  let high = random.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (gzipSync(random.slice(0, mid), { level: 9 }).length <= kb * 1024) low = mid;
    else high = mid - 1;
  }
  return random.slice(0, low);
}

function chunk(
  fileName: string,
  code: string,
  more: { isEntry?: boolean; imports?: string[]; moduleIds?: string[] } = {},
) {
  return {
    type: 'chunk' as const,
    fileName,
    code,
    isEntry: more.isEntry ?? false,
    imports: more.imports ?? [],
    facadeModuleId: null,
    moduleIds: more.moduleIds ?? [],
  };
}

/** Runs the check on a bundle; the error the build would fail with, if any. */
function buildError(bundle: object): string | null {
  let error: string | null = null;
  const context = {
    error: (message: string) => {
      error = message;
      throw new Error(message);
    },
  };
  const writeBundle = initialJsReport().writeBundle as (
    this: typeof context,
    options: { dir: string },
    bundle: object,
  ) => void;
  try {
    writeBundle.call(context, { dir }, bundle);
  } catch (thrown) {
    if (!error) throw thrown;
  }
  return error;
}

/** Runs the check on an entry and one chunk it imports; the error the build would fail with, if any. */
function check(entryKb: number, importedKb: number): { error: string | null; totalKb: number } {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', codeOfGzipKb(entryKb), {
      isEntry: true,
      imports: ['assets/router.js'],
    }),
    'assets/router.js': chunk('assets/router.js', codeOfGzipKb(importedKb)),
    // a page's own chunk, loaded later: not part of the first JavaScript of /
    'assets/about.js': chunk('assets/about.js', codeOfGzipKb(20)),
  };
  const error = buildError(bundle);
  const report = JSON.parse(readFileSync(join(dir, 'initial-js.json'), 'utf8')) as { totalKb: number };
  return { error, totalKb: report.totalKb };
}

describe('initial JavaScript budget of /', () => {
  it('is 151 KB gzip', () => {
    expect(INITIAL_JS_BUDGET_KB).toBe(151);
  });

  it('passes at the budget, counting the entry and what it imports, not the pages loaded later', () => {
    const { error, totalKb } = check(120.9, 30);
    expect(totalKb).toBeLessThanOrEqual(151);
    expect(totalKb).toBeGreaterThan(150.5);
    expect(error).toBeNull();
  });

  it('fails the build above the budget', () => {
    const { error, totalKb } = check(121.5, 30);
    expect(totalKb).toBeGreaterThan(151);
    expect(error).toMatch(/over the 151 KB budget/);
  });
});

describe("the console's schemas", () => {
  const schemas = (name: string) => `/repo/packages/schemas/src/${name}.ts`;
  const bundle = (badgeImports: string) => ({
    'assets/index.js': chunk('assets/index.js', 'entry', { isEntry: true }),
    'assets/members.js': chunk('assets/members.js', 'page', {
      imports: ['assets/badge.js'],
      moduleIds: ['/repo/apps/web/src/routes/members/index.tsx?tsr-split=component'],
    }),
    'assets/badge.js': chunk('assets/badge.js', 'badge', { imports: [badgeImports] }),
    'assets/constants.js': chunk('assets/constants.js', 'labels', { moduleIds: [schemas('constants')] }),
    'assets/admin.js': chunk('assets/admin.js', 'schemas', {
      moduleIds: [schemas('verification'), schemas('admin')],
    }),
    'assets/users.js': chunk('assets/users.js', 'console page', {
      imports: ['assets/admin.js'],
      moduleIds: ['/repo/apps/web/src/routes/admin21/users/index.tsx?tsr-split=component'],
    }),
  });

  it('may be loaded by console pages', () => {
    expect(buildError(bundle('assets/constants.js'))).toBeNull();
  });

  it('fail the build when a page outside the console loads them, even through another chunk', () => {
    expect(buildError(bundle('assets/admin.js'))).toBe(
      "pages outside the console load the console's schemas: members/index.tsx",
    );
  });
});

describe('pages that parse nothing as they load', () => {
  const bundle = (dialogImports: string[]) => ({
    'assets/index.js': chunk('assets/index.js', 'entry', { isEntry: true }),
    'assets/member.js': chunk('assets/member.js', 'page', {
      imports: ['assets/dialog.js'],
      moduleIds: ['/repo/apps/web/src/routes/members/$memberId.tsx?tsr-split=component'],
    }),
    'assets/dialog.js': chunk('assets/dialog.js', 'dialog', { imports: dialogImports }),
    'assets/zod.js': chunk('assets/zod.js', 'zod', {
      moduleIds: ['/repo/node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/classic/schemas.js'],
    }),
    // a page outside the list may (a console event's page, whose forms build their schemas as it loads)
    'assets/event.js': chunk('assets/event.js', 'event', {
      imports: ['assets/zod.js'],
      moduleIds: ['/repo/apps/web/src/routes/admin21/events/$id.tsx?tsr-split=component'],
    }),
  });

  it('may load their other code', () => {
    expect(buildError(bundle([]))).toBeNull();
  });

  it('fail the build when one evaluates zod, even through another chunk', () => {
    expect(buildError(bundle(['assets/zod.js']))).toBe(
      'pages that parse nothing as they load evaluate zod: members/$memberId.tsx',
    );
  });
});
