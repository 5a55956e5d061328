// The page's main thread in a Chromium trace: the time its tasks took, and the time it spent on a CPU meanwhile.

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The tasks (`RunTask`) of the renderer main thread with the most task time: their wall time and their thread CPU
 * time, in ms. The gap is time the thread waited: for a CPU the host gave to others, or on another thread.
 */
export function mainThreadTimes(events: readonly TraceEvent[]): { cpu: number; wall: number } {
  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, { cpu: number; wall: number }>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || !mainThreads.has(key)) continue;
    const sums = byThread.get(key) ?? { cpu: 0, wall: 0 };
    sums.cpu += (e.tdur ?? 0) / 1000;
    sums.wall += (e.dur ?? 0) / 1000;
    byThread.set(key, sums);
  }
  return [...byThread.values()].sort((a, b) => b.wall - a.wall)[0] ?? { cpu: Number.NaN, wall: Number.NaN };
}

/**
 * The share of the tasks' wall time the thread spent on a CPU. Lighthouse's simulation multiplies the tasks' wall
 * time, so time the thread waited for a CPU (Lighthouse itself, the browser's other processes, the server) counts
 * as the page's work: near 1 the figures are the page's, well under it the host's.
 */
export const onCpuShare = ({ cpu, wall }: { cpu: number; wall: number }): number =>
  wall > 0 ? cpu / wall : Number.NaN;
