// Reporting: one line per step of the search, and the table of the rate held.
import { completed, type EndpointStats, held, ms, type PhaseResult, sum, unexpectedCount } from './measure';
import { ENDPOINTS } from './workload';

export const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

export function stepLine(result: PhaseResult): string {
  const rate = completed(result) / result.seconds;
  const expected = result.perEndpoint.reduce((a, s) => a + sum(s.expected), 0);
  const target = result.targetRate === null ? 'closed loop' : `${Math.round(result.targetRate)} req/s`;
  return (
    `  ${result.label.padEnd(12)} ${target.padStart(13)}: ${Math.round(rate).toString().padStart(5)} req/s done, ` +
    `p50 ${fmt(ms(result.overall, 50))}  p95 ${fmt(ms(result.overall, 95))}  p99 ${fmt(ms(result.overall, 99))} ms, ` +
    `expected 4xx ${expected}, unexpected ${unexpectedCount(result)}` +
    (result.dropped ? `, ${result.dropped} not sent (server fell behind)` : '') +
    (result.targetRate === null ? '' : held(result) ? '  held' : '  NOT held')
  );
}

export function printTable(result: PhaseResult) {
  const header = ['endpoint', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', '2xx', 'expected 4xx', 'unexpected'];
  const widths = [30, 8, 8, 8, 8, 7, 22, 10];
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' ');
  console.log(line(header));
  const row = (name: string, stats: EndpointStats) => {
    const count = stats.ok + sum(stats.expected) + sum(stats.unexpected);
    const expected = [...stats.expected].map(([status, n]) => `${status}:${n}`).join(' ') || '0';
    console.log(
      line([
        name,
        (count / result.seconds).toFixed(1),
        fmt(ms(stats.latency, 50)),
        fmt(ms(stats.latency, 95)),
        fmt(ms(stats.latency, 99)),
        String(stats.ok),
        expected,
        String(sum(stats.unexpected)),
      ]),
    );
  };
  result.perEndpoint.forEach((stats, i) => row(ENDPOINTS[i]!.name, stats));
  const overall: EndpointStats = {
    latency: result.overall,
    ok: result.perEndpoint.reduce((a, s) => a + s.ok, 0),
    expected: new Map(),
    unexpected: new Map(),
  };
  for (const stats of result.perEndpoint) {
    for (const [k, v] of stats.expected) overall.expected.set(k, (overall.expected.get(k) ?? 0) + v);
    for (const [k, v] of stats.unexpected) overall.unexpected.set(k, (overall.unexpected.get(k) ?? 0) + v);
  }
  row('overall', overall);
  if (result.cpu) {
    const { machineBusy, cores, server, client } = result.cpu;
    console.log(
      `CPU: machine ${Math.round(machineBusy * 100)}% busy (${cores} cores); server process ` +
        `${Math.round(server * 100)}% of a core, this load client ${Math.round(client * 100)}%`,
    );
  }
}
