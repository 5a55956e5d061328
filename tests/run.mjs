// `pnpm test`: every check, each step a process of its own, started as soon as the steps it needs have passed. The
// machine's cores are the limit (2 here): typecheck and lint run at a lower priority so the build, the start of the
// longest path (then e2e), is not slowed by them; reliability at a higher one, as its checks time servers under load.
// A step's output is printed whole when it ends; after a failure nothing new starts, the steps running end, and the
// run exits 1 naming each failed step.
// Figures and how they were taken: bench/results/test-command.md, docs/decisions/154-test-steps-as-a-graph.md and
// 207-test-steps-as-scheduling-groups.md.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/**
 * @typedef {{ name: string, command: string, after?: string[], priority?: 'first' | 'background' }} Step
 * `after`: the steps it needs; `priority`: 'background' runs at nice 10, 'first' at nice -5 where the user may raise a
 * priority (root), and at the normal one elsewhere.
 */
/** @type {Step[]} */
const STEPS = [
  // the route tree first: the web typecheck reads it and the build would write it at the same time
  { name: 'routes', command: 'pnpm --filter @rhema/web exec tsr generate' },
  { name: 'build', command: 'pnpm build', after: ['routes'] },
  { name: 'e2e', command: 'pnpm test:e2e', after: ['build'] },
  { name: 'typecheck', command: 'pnpm typecheck:node', after: ['routes'], priority: 'background' },
  {
    name: 'typecheck web',
    command: 'node node_modules/typescript-native/bin/tsc -p apps/web/tsconfig.json',
    after: ['routes'],
    priority: 'background',
  },
  { name: 'lint', command: 'pnpm lint', after: ['routes'], priority: 'background' },
  // Vitest needs no build (its servers are built in the test from the sources); normal priority: some of its checks
  // wait for a live answer, and starved beside e2e one took over a second where it expected none
  { name: 'vitest', command: 'pnpm test:unit', after: ['routes'] },
  // first: its checks are of servers under load and time (a busy window, a shutdown), and they failed with Vitest
  // and e2e taking the cores beside them at the same priority; run alone at the end, they left a core idle for ~20 s
  { name: 'reliability', command: 'pnpm test:reliability', after: ['build'], priority: 'first' },
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

// CPU-seconds per step where cgroup v1's cpuacct can be written (root on this machine): every process a step starts,
// browsers included, is counted; elsewhere the summary has wall times only
const CPUACCT = '/sys/fs/cgroup/cpuacct';
function cpuGroup(name) {
  const dir = `${CPUACCT}/rhema-test-${process.pid}-${name.replace(/\W/g, '-')}`;
  try {
    mkdirSync(dir);
    writeFileSync(`${dir}/cpuacct.usage`, '0');
    return dir;
  } catch {
    return undefined;
  }
}
function cpuSeconds(dir) {
  if (!dir) return undefined;
  let used;
  try {
    used = (Number(readFileSync(`${dir}/cpuacct.usage`, 'utf8')) / 1e9).toFixed(1);
    rmdirSync(dir);
  } catch {
    // a process the step left behind keeps its group: the figure stands
  }
  return used;
}

function run(step) {
  const started = performance.now();
  const group = cpuGroup(step.name);
  // each step is a session of its own (detached), and Linux schedules each session as one group (autogroup) whose
  // share of the CPU is set by the group's nice value, not its processes': a background step lowers both
  const nice = { background: 10, first: -5 }[step.priority] ?? 0;
  const priority = nice
    ? `(echo ${nice} > /proc/self/autogroup) 2>/dev/null; exec nice -n ${nice} `
    : 'exec ';
  const command = `${group ? `(echo $$ > ${group}/tasks) 2>/dev/null; ` : ''}${priority}${step.command}`;
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], {
      stdio: ['ignore', 'pipe', 'pipe'],
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
      console.log(`\n── ${step.name} (${step.command}) ──`);
      process.stdout.write(Buffer.concat(chunks));
      const cpu = cpuSeconds(group);
      console.log(
        `── ${step.name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(started)} s` +
          `${cpu ? `, ${cpu} CPU-s` : ''}, load ${load()}`,
      );
      resolve({ step, ok, seconds: seconds(started), cpu });
    });
  });
}

const started = performance.now();
/** @type {Map<string, { ok: boolean, seconds: string, cpu?: string }>} */
const ended = new Map();
const pending = [...STEPS];
const active = new Map();
while (pending.length > 0 || active.size > 0) {
  const failed = [...ended.values()].some((r) => !r.ok);
  const ready = failed ? [] : pending.filter((s) => (s.after ?? []).every((name) => ended.get(name)?.ok));
  for (const step of ready) {
    pending.splice(pending.indexOf(step), 1);
    console.log(`\n▶ ${step.name} (load ${load()})`);
    active.set(step.name, run(step));
  }
  if (active.size === 0) break;
  const result = await Promise.race(active.values());
  active.delete(result.step.name);
  ended.set(result.step.name, result);
}

const summary = STEPS.filter((s) => ended.has(s.name)).map((s) => {
  const r = ended.get(s.name);
  return `${s.name} ${r.seconds}${r.cpu ? `/${r.cpu}` : ''}`;
});
const failed = STEPS.filter((s) => ended.has(s.name) && !ended.get(s.name).ok).map((s) => s.name);
const skipped = STEPS.filter((s) => !ended.has(s.name)).map((s) => s.name);
if (failed.length > 0 || skipped.length > 0) {
  console.error(
    `\npnpm test: FAILED: ${failed.join(', ')}${skipped.length ? ` (not run: ${skipped.join(', ')})` : ''} ` +
      `(after ${seconds(started)} s)`,
  );
  process.exit(1);
}
console.log(`\npnpm test: passed in ${seconds(started)} s (wall s/CPU-s: ${summary.join(', ')})`);
