// `pnpm test`: every check, in stages. The steps of a stage run at once, each in its own process; a step's output is
// printed whole when it ends (a stage of one step prints as it goes). A stage starts once every step before it
// passed; the run exits 1 naming each failed step. Figures: bench/results/test-command.md.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';

/** @type {{ name: string, command: string }[][]} */
const STAGES = [
  // the route tree first: the web typecheck reads it and the build would write it at the same time
  [{ name: 'routes', command: 'pnpm --filter @rhema/web exec tsr generate' }],
  [
    { name: 'typecheck', command: 'pnpm typecheck:node' },
    { name: 'typecheck web', command: 'node node_modules/typescript-native/bin/tsc -p apps/web/tsconfig.json' },
    { name: 'lint', command: 'pnpm lint' },
    { name: 'build', command: 'pnpm build' },
  ],
  // alone: its checks are of servers under load and time (a busy window, a shutdown), and they failed with Vitest
  // and e2e taking the cores beside them
  [{ name: 'reliability', command: 'pnpm test:reliability' }],
  // at once: Vitest runs one worker on 2 cores (its default, cores - 1) and e2e spends much of its time waiting on
  // the browser, so together they fill two cores where one after the other each left one idle
  [
    { name: 'vitest', command: 'pnpm test:unit' },
    { name: 'e2e', command: 'pnpm test:e2e' },
  ],
];

/** The steps running now: an interrupted run stops them too (each is a process group of its own). */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(1);
  });
}

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const load = () => loadavg()[0].toFixed(1);

function run(step, alone) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
      detached: true,
    });
    running.add(child);
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      const ok = code === 0;
      if (!alone) {
        console.log(`\n── ${step.name} (${step.command}) ──`);
        process.stdout.write(Buffer.concat(chunks));
      }
      console.log(
        `── ${step.name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(started)} s, load ${load()}`,
      );
      resolve({ step, ok, seconds: seconds(started) });
    });
  });
}

const started = performance.now();
const summary = [];
for (const stage of STAGES) {
  console.log(`\n▶ ${stage.map((s) => s.name).join(' + ')} (load ${load()})`);
  const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  summary.push(...results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    console.error(
      `\npnpm test: FAILED: ${failed.map((r) => r.step.name).join(', ')} (after ${seconds(started)} s)`,
    );
    process.exit(1);
  }
}
console.log(
  `\npnpm test: passed in ${seconds(started)} s (${summary.map((r) => `${r.step.name} ${r.seconds}`).join(', ')})`,
);
