// `pnpm lighthouse`: Lighthouse 12 with the system Chromium on /, /faq and /private-match of the built app, on the
// member pages signed in as the demo member and on the console's pages signed in as the demo admin (PAGES),
// printing the four category scores against TARGETS below, and the initial JavaScript of / from the web build.
// Each page's row ends with "on CPU" (onCpuShare, main-thread.ts): how much of its main thread's task time ran on a
// CPU rather than waiting for one; a low figure says the host, not the page, set that row's TBT.
//
//   LIGHTHOUSE_URL=http://host:port   audit a server that is already running (otherwise one is started here on a
//                                     freshly seeded embedded database, from the build in dist/)
//   WEB_DIST_DIR, LIGHTHOUSE_SERVER_ENTRY, LIGHTHOUSE_PORT   which build to start, and where
//   LIGHTHOUSE_FORM_FACTOR=desktop    desktop settings instead of Lighthouse's default (a throttled mid-range phone)
//   LIGHTHOUSE_THROTTLING=devtools    throttle the browser for real (Chrome's own request priorities apply) instead of
//                                     Lighthouse's default simulation of a slow phone from an unthrottled load
//   LIGHTHOUSE_CPU_SLOWDOWN=6.5       the simulation's CPU multiplier instead of Lighthouse's 4: what the pages would
//                                     score on a slower host, whose tasks take (this host's benchmark index / its
//                                     index) times as long (4 x 2,450 / 1,500 = 6.5 reads a host of index 1,500)
//   LIGHTHOUSE_ASSERT=1               exit 1 when a score is under its target
//   LIGHTHOUSE_PATHS=/account,/faq    audit only these pages
//   LIGHTHOUSE_RUNS=3                 audit each page this many times and keep the median performance run
//   LIGHTHOUSE_JSON_DIR=dir           write each page's median report there (<page>.json: treemap, network requests,
//                                     LCP element, critical chains) and its trace (<page>.trace.json)
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { DEMO_ACCOUNTS, demoToken, type DemoAccount } from './demo-login';
import { mainThreadTimes, onCpuShare, type TraceEvent } from './main-thread';

const ROOT = resolve(import.meta.dirname, '../..');
/** `as`: audited signed in as that demo account (its session cookie sent with every request of the page). */
/**
 * A page whose address holds an id (`{id}`): the first member of the account's /members, asked through the app's tRPC
 * with the account's session. The demo data has no conversation: the thread audited is the one with that member,
 * empty (the page, its header and composer; a thread's messages are not measured).
 */
const PAGE_IDS: Record<string, { procedure: string; pick: (data: never) => string | undefined }> = {
  '/members/{id}': {
    procedure: 'members.list',
    pick: (data: { data: { _id: string }[] }) => data.data[0]?._id,
  },
  '/account/messages/{id}': {
    procedure: 'members.list',
    pick: (data: { data: { _id: string }[] }) => data.data[0]?._id,
  },
};
const PAGES: { path: string; as?: DemoAccount }[] = [
  { path: '/' },
  { path: '/faq' },
  { path: '/private-match' },
  { path: '/account', as: 'member' },
  { path: '/account/introductions', as: 'member' },
  { path: '/account/profile', as: 'member' },
  { path: '/account/messages', as: 'member' },
  { path: '/account/messages/{id}', as: 'member' },
  { path: '/members', as: 'member' },
  { path: '/members/{id}', as: 'member' },
  { path: '/communities', as: 'member' },
  { path: '/events', as: 'member' },
  { path: '/admin21', as: 'admin' },
  { path: '/admin21/users', as: 'admin' },
  { path: '/admin21/requests', as: 'admin' },
  { path: '/admin21/reports', as: 'admin' },
  { path: '/admin21/introductions/users', as: 'admin' },
  { path: '/admin21/events', as: 'admin' },
];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof TARGETS;
/** Total Blocking Time of every page, on a host whose benchmark index is 1,500 or more: the product's target. */
const TBT_TARGET_MS = 200;
const CATEGORIES = Object.keys(TARGETS) as Category[];

async function waitForHealthy(base: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server at ${base} did not become healthy`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

async function startServer(): Promise<{ base: string; server: ChildProcess }> {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 3400);
  const webDist = resolve(ROOT, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  const entry = resolve(ROOT, process.env.LIGHTHOUSE_SERVER_ENTRY ?? 'apps/server/dist/index.js');
  if (!existsSync(resolve(webDist, 'index.html')) || !existsSync(entry)) {
    throw new Error(`no build at ${webDist} and ${entry}: run pnpm build first`);
  }
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PGLITE_DATA_DIR: `.data/lighthouse-${port}`,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDist,
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
  };
  // demo data refuses NODE_ENV=production (its accounts share a known password); the server runs as in production
  await run('pnpm', ['--filter', '@rhema/seed', 'seed', '--reset', '--members', '60'], {
    ...env,
    NODE_ENV: 'test',
  });
  const server = spawn('node', [entry], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(base, 60_000);
  return { base, server };
}

function printInitialJs() {
  const report = resolve(ROOT, process.env.WEB_DIST_DIR ?? 'apps/web/dist', 'initial-js.json');
  if (!existsSync(report))
    return console.log('\n(initial-js.json not found: build the web app to measure it)');
  const { totalKb, budgetKb, files, adminInPublic } = JSON.parse(readFileSync(report, 'utf8')) as {
    totalKb: number;
    budgetKb: number;
    files: unknown[];
    adminInPublic: string[];
  };
  const verdict = totalKb <= budgetKb ? 'ok' : 'OVER BUDGET';
  console.log(
    `\nInitial JS of /: ${totalKb} KB gzip in ${files.length} files (budget ${budgetKb} KB: ${verdict})`,
  );
  console.log(
    `Admin console code in public bundles: ${adminInPublic.length ? adminInPublic.join(', ') : 'none'}`,
  );
}

// Lighthouse drives Chromium with puppeteer-core (its own dependency): the same one puts the session cookie in.
interface CdpSession {
  send(method: string, params?: object): Promise<unknown>;
}
const puppeteer = createRequire(fileURLToPath(import.meta.resolve('lighthouse')))('puppeteer-core') as {
  connect(options: { browserURL: string }): Promise<{
    newPage(): Promise<{ createCDPSession(): Promise<CdpSession> }>;
    disconnect(): Promise<void>;
  }>;
};

/**
 * A signed-in audit: the session cookie set in the browser (an extra Cookie header is replaced by the browser's own
 * cookies once the page sets one), Lighthouse's storage reset off so it stays, and the HTTP cache emptied by hand
 * so the page still loads cold.
 */
async function signInBrowser(port: number, base: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  const tokens = new Map<DemoAccount, string>();
  let current: DemoAccount | undefined;
  return {
    /** the browser's session cookie becomes this account's (signed in once per account); its token */
    as: async (account: DemoAccount) => {
      let token = tokens.get(account);
      if (!token) tokens.set(account, (token = await demoToken(base, DEMO_ACCOUNTS[account])));
      if (current === account) return token;
      await cdp.send('Network.setCookie', { name: 'rhema_session', value: token, url: base, httpOnly: true });
      current = account;
      return token;
    },
    clearCache: () => cdp.send('Network.clearBrowserCache'),
    close: () => browser.disconnect(),
  };
}

/** The page's address, its `{id}` filled in (PAGE_IDS). */
async function pagePath(base: string, path: string, token: string | undefined): Promise<string> {
  const ids = PAGE_IDS[path];
  if (!ids) return path;
  const res = await fetch(`${base}/trpc/${ids.procedure}?input=${encodeURIComponent('{}')}`, {
    headers: { cookie: `rhema_session=${token}` },
  });
  const body = (await res.json()) as { result?: { data?: never } };
  const id = res.ok && body.result?.data ? ids.pick(body.result.data) : undefined;
  if (!id) throw new Error(`${path}: ${ids.procedure} answered ${res.status} with no id`);
  return path.replace('{id}', id);
}

async function main() {
  const external = process.env.LIGHTHOUSE_URL;
  const started = external ? undefined : await startServer();
  const base = external ?? started!.base;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const desktop = process.env.LIGHTHOUSE_FORM_FACTOR === 'desktop';
  const only = process.env.LIGHTHOUSE_PATHS?.split(',');
  const pages = only ? PAGES.filter((p) => only.includes(p.path)) : PAGES;
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
  const rows: {
    path: string;
    signedIn: boolean;
    scores: Record<Category, number>;
    lcp: string;
    tbt: string;
    tbtMs: number;
    mainThreadMs: number;
    onCpu: number;
  }[] = [];
  // Lighthouse's benchmark index of this machine, measured in every run: the targets hold on a host of 1,500 or more
  const benchmarkIndexes: number[] = [];
  try {
    const signedIn = pages.some((p) => p.as) ? await signInBrowser(chrome.port, base) : undefined;
    const jsonDir = process.env.LIGHTHOUSE_JSON_DIR;
    if (jsonDir) mkdirSync(jsonDir, { recursive: true });
    for (const page of pages) {
      const { as } = page;
      const results = [];
      const token = as ? await signedIn?.as(as) : undefined;
      const path = await pagePath(base, page.path, token);
      for (let run = 0, failed = 0; run < runs; run++) {
        if (as) await signedIn?.clearCache();
        const result = await lighthouse(
          `${base}${path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            disableStorageReset: as !== undefined,
            ...(process.env.LIGHTHOUSE_THROTTLING === 'devtools'
              ? { throttlingMethod: 'devtools' as const }
              : {}),
            ...(process.env.LIGHTHOUSE_CPU_SLOWDOWN
              ? { throttling: { cpuSlowdownMultiplier: Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) } }
              : {}),
          },
          desktop ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`no Lighthouse result for ${path}`);
        // a run Lighthouse could not measure (NO_NAVSTART: its trace missed the navigation) scores 0: not a figure of
        // the page, so it is run again (twice at most)
        const runtimeError = result.lhr.runtimeError;
        if (runtimeError && failed < 2) {
          failed++;
          console.log(`${path}: run ${run + 1} not measured (${runtimeError.code}), run again`);
          run--;
          continue;
        }
        if (result.lhr.finalDisplayedUrl !== `${base}${path}`)
          throw new Error(`${path} ended at ${result.lhr.finalDisplayedUrl} (not signed in?)`);
        results.push(result);
        const index = result.lhr.environment.benchmarkIndex;
        if (typeof index === 'number') benchmarkIndexes.push(index);
      }
      // the median run by performance score
      const score = (r: (typeof results)[number]) => r.lhr.categories.performance?.score ?? 0;
      results.sort((a, b) => score(a) - score(b));
      const median = results[Math.floor(results.length / 2)]!;
      const { categories, audits } = median.lhr;
      if (jsonDir) {
        const name = path === '/' ? 'index' : path.slice(1).replaceAll('/', '_');
        writeFileSync(resolve(jsonDir, `${name}.json`), JSON.stringify(median.lhr));
        // the page load's trace, for Chrome's Performance panel: which task blocked and why
        writeFileSync(resolve(jsonDir, `${name}.trace.json`), JSON.stringify(median.artifacts.Trace));
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      rows.push({
        path,
        signedIn: as !== undefined,
        scores,
        lcp: audits['largest-contentful-paint']?.displayValue ?? '?',
        tbt: audits['total-blocking-time']?.displayValue ?? '?',
        tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        // the page's main-thread work as Lighthouse simulates it on the phone (script, style, layout, parse...)
        mainThreadMs: audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
        onCpu: onCpuShare(
          mainThreadTimes((median.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents),
        ),
      });
      // what cost points, so a regression says where to look
      const failing = Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      if (failing.length) console.log(`${path}: below 90: ${failing.join(', ')}`);
    }
    await signedIn?.close();
  } finally {
    chrome.kill();
    started?.server.kill('SIGTERM');
  }

  const throttling =
    process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools throttling' : 'default throttling';
  console.log(`\nLighthouse ${desktop ? '(desktop)' : `(mobile, ${throttling})`} on ${base}`);
  benchmarkIndexes.sort((a, b) => a - b);
  console.log(
    benchmarkIndexes.length
      ? `benchmark index: median ${Math.round(benchmarkIndexes[Math.floor(benchmarkIndexes.length / 2)]!)} (min ${Math.round(benchmarkIndexes[0]!)}, max ${Math.round(benchmarkIndexes.at(-1)!)}, ${benchmarkIndexes.length} runs)`
      : 'benchmark index: not reported',
  );
  console.log(
    ['page', ...CATEGORIES, 'LCP', 'TBT', 'main thread', 'on CPU'].map((c) => c.padEnd(24)).join(''),
  );
  for (const row of rows) {
    console.log(
      [
        row.path,
        ...CATEGORIES.map((c) => String(row.scores[c])),
        row.lcp,
        row.tbt,
        `${Math.round(row.mainThreadMs)} ms`,
        row.onCpu.toFixed(2),
      ]
        .map((c) => `${c.padEnd(23)} `)
        .join(''),
    );
  }
  console.log(
    ['target', ...CATEGORIES.map((c) => `${TARGETS[c]}+`), '', `<= ${TBT_TARGET_MS} ms`]
      .map((c) => c.padEnd(24))
      .join(''),
  );
  printInitialJs();

  // search engines see the public pages only: a signed-in page's SEO (noindex on purpose) has no target
  const below = rows.flatMap((row) => [
    ...CATEGORIES.filter((c) => !(row.signedIn && c === 'seo') && row.scores[c] < TARGETS[c]).map(
      (c) => `${row.path} ${c}`,
    ),
    ...(row.tbtMs > TBT_TARGET_MS ? [`${row.path} TBT`] : []),
  ]);
  if (below.length) {
    console.log(`\nUnder target: ${below.join(', ')}`);
    if (process.env.LIGHTHOUSE_ASSERT === '1') process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
