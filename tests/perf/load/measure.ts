// Measuring a phase: latencies and answers per path, whether a rate held, and CPU use from /proc.
import { readFileSync } from 'node:fs';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import { P99_LIMIT_MS } from './config';

export interface EndpointStats {
  latency: RecordableHistogram;
  ok: number;
  expected: Map<number, number>;
  unexpected: Map<string, number>;
}

export interface PhaseResult {
  label: string;
  targetRate: number | null;
  seconds: number;
  sent: number;
  /** scheduled but never sent: the client gave up on a step the server could not keep up with */
  dropped: number;
  overall: RecordableHistogram;
  perEndpoint: EndpointStats[];
  samples: string[];
  cpu: CpuFigures | null;
}

export function newStats(): EndpointStats {
  return { latency: createHistogram(), ok: 0, expected: new Map(), unexpected: new Map() };
}

export const sum = (map: Map<unknown, number>) => [...map.values()].reduce((a, b) => a + b, 0);
export const ms = (histogram: RecordableHistogram, p: number) =>
  histogram.count ? histogram.percentile(p) / 1000 : Number.NaN;

export function completed(result: PhaseResult): number {
  return result.perEndpoint.reduce((a, s) => a + s.ok + sum(s.expected) + sum(s.unexpected), 0);
}
export function unexpectedCount(result: PhaseResult): number {
  return result.perEndpoint.reduce((a, s) => a + sum(s.unexpected), 0);
}
export function held(result: PhaseResult): boolean {
  const rate = completed(result) / result.seconds;
  return (
    result.dropped === 0 &&
    unexpectedCount(result) === 0 &&
    ms(result.overall, 99) <= P99_LIMIT_MS &&
    (result.targetRate === null || rate >= result.targetRate * 0.95)
  );
}

export interface CpuFigures {
  machineBusy: number;
  cores: number;
  server: number;
  client: number;
}

/** Busy and total jiffies of the machine, and the server's own, from /proc (Linux); null elsewhere. */
export function cpuSnapshot(serverPid: number | undefined) {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const cores = readFileSync('/proc/stat', 'utf8').match(/^cpu\d+ /gm)?.length ?? 1;
    let server = 0;
    if (serverPid) {
      const stat = readFileSync(`/proc/${serverPid}/stat`, 'utf8');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      server = Number(after[11]) + Number(after[12]); // utime + stime (fields 14 and 15)
    }
    return { total, busy: total - idle, cores, server, client: process.cpuUsage(), at: performance.now() };
  } catch {
    return null;
  }
}

export function cpuBetween(
  a: ReturnType<typeof cpuSnapshot>,
  b: ReturnType<typeof cpuSnapshot>,
): CpuFigures | null {
  if (!a || !b || b.total === a.total) return null;
  const seconds = (b.at - a.at) / 1000;
  const client = process.cpuUsage(a.client);
  return {
    machineBusy: (b.busy - a.busy) / (b.total - a.total),
    cores: b.cores,
    // jiffies are 1/100 s on Linux
    server: (b.server - a.server) / 100 / seconds,
    client: (client.user + client.system) / 1e6 / seconds,
  };
}
