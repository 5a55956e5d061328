// `pnpm bench:page-cpu`: the CPU time a page load costs the browser's main thread, taken from the trace's thread
// times rather than its wall times, so that a host which keeps the renderer waiting for a CPU (Lighthouse's "on CPU"
// column, bench/results/2026-11-29-host-preempts-chromium.md) does not count as the page's work. For comparing two
// builds on such a host: run it against each, the same pages, the same number of loads.
//
//   PAGE_CPU_URL=http://host:port   the running server (required: e.g. one started as tests/perf/lighthouse.ts does)
//   PAGE_CPU_PATHS=/members,/faq    the pages (default /, /members, /account/profile)
//   PAGE_CPU_AS=member|admin|none   signed in as that demo account (default member)
//   PAGE_CPU_RUNS=5                 loads per page; the medians are printed
//   CHROMIUM_PATH                   the browser (default: the headless shell the e2e tests use)
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { DEMO_ACCOUNTS, demoToken, type DemoAccount } from './demo-login';
import { mainThreadTimes, onCpuShare, type TraceEvent } from './main-thread';

const base = process.env.PAGE_CPU_URL;
if (!base) throw new Error('PAGE_CPU_URL: the address of a running server is required');
const paths = (process.env.PAGE_CPU_PATHS ?? '/,/members,/account/profile').split(',');
const runs = Number(process.env.PAGE_CPU_RUNS ?? 5);
const account = process.env.PAGE_CPU_AS ?? 'member';
const headlessShell = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

async function sessionToken(): Promise<string | undefined> {
  return account in DEMO_ACCOUNTS ? demoToken(base!, DEMO_ACCOUNTS[account as DemoAccount]) : undefined;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const token = await sessionToken();
const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
console.log(`main-thread CPU per load on ${base} (${account}, ${runs} loads each, medians)`);
console.log(['page', 'CPU ms', 'wall ms', 'on CPU', 'requests', 'scripts'].map((c) => c.padEnd(22)).join(''));
try {
  for (const path of paths) {
    const loads: { cpu: number; wall: number; requests: number; scripts: number }[] = [];
    for (let i = 0; i < runs; i++) {
      // a fresh context each time: a cold cache, as a first visit
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      if (token) await context.addCookies([{ name: 'rhema_session', value: token, url: base }]);
      const page = await context.newPage();
      let requests = 0;
      let scripts = 0;
      page.on('request', (request) => {
        requests++;
        if (request.resourceType() === 'script') scripts++;
      });
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
      });
      await page.goto(`${base}${path}`, { waitUntil: 'load' });
      // what runs after the load event (hydration's later slices, the live stream) is the page's too
      await page.waitForTimeout(2_000);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      loads.push({ ...mainThreadTimes(trace.traceEvents), requests, scripts });
      await context.close();
    }
    const cpu = median(loads.map((l) => l.cpu));
    const wall = median(loads.map((l) => l.wall));
    console.log(
      [
        path,
        cpu.toFixed(1),
        wall.toFixed(1),
        onCpuShare({ cpu, wall }).toFixed(2),
        String(median(loads.map((l) => l.requests))),
        String(median(loads.map((l) => l.scripts))),
      ]
        .map((c) => c.padEnd(22))
        .join(''),
    );
  }
} finally {
  await browser.close();
}
