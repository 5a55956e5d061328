// The client: Node's own http with keep-alive sockets, never more than CONNECTIONS requests in flight.
import http from 'node:http';
import { createHistogram, performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { CONNECTIONS, REQUEST_TIMEOUT_MS } from './config';
import { cpuBetween, cpuSnapshot, newStats, type PhaseResult } from './measure';
import { buildDeck, clientIp, ENDPOINTS, type Fixtures } from './workload';

/** An unexpected answer's body, readable in the report whatever encoding the server chose. */
export function decode(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body).toString('utf8');
  } catch {
    return `(${encoding} body that does not decode)`;
  }
  return body.toString('utf8');
}

export class LoadClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  private readonly deck = buildDeck();
  private counter = 0;
  private readonly perEndpoint = ENDPOINTS.map(() => 0);

  constructor(
    private readonly port: number,
    private readonly fixtures: Fixtures,
    private readonly serverPid: number | undefined,
  ) {}

  close() {
    this.agent.destroy();
  }

  private send(result: PhaseResult, startedAt: number): Promise<void> {
    const n = this.counter++;
    const index = this.deck[n % this.deck.length]!;
    const endpoint = ENDPOINTS[index]!;
    const stats = result.perEndpoint[index]!;
    const planned = endpoint.plan(this.perEndpoint[index]!++, this.fixtures);
    result.sent++;
    return new Promise((done) => {
      const finish = (outcome: { status: number } | { error: string }, body = '') => {
        const micros = Math.max(1, Math.round((performance.now() - startedAt) * 1000));
        stats.latency.record(micros);
        result.overall.record(micros);
        let unexpected: string | null = null;
        if ('error' in outcome) unexpected = outcome.error;
        else if (outcome.status >= 200 && outcome.status < 300) stats.ok++;
        else if (endpoint.expected4xx.includes(outcome.status))
          stats.expected.set(outcome.status, (stats.expected.get(outcome.status) ?? 0) + 1);
        else unexpected = `HTTP ${outcome.status}`;
        if (unexpected) {
          stats.unexpected.set(unexpected, (stats.unexpected.get(unexpected) ?? 0) + 1);
          if (result.samples.length < 8)
            result.samples.push(`${endpoint.name}: ${unexpected} ${body.slice(0, 200)}`.trim());
        }
        done();
      };
      const headers: http.OutgoingHttpHeaders = {
        'x-forwarded-for': endpoint.ip ?? clientIp(n),
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': 'rhema-load-bench',
        accept:
          planned.path.startsWith('/api/') || planned.path.startsWith('/trpc') ? 'application/json' : '*/*',
      };
      if (planned.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(planned.body);
      }
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method: planned.method,
          path: planned.path,
          headers,
          agent: this.agent,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const keep = !(status >= 200 && status < 300) && !endpoint.expected4xx.includes(status);
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            if (keep) chunks.push(chunk);
          });
          response.on('end', () =>
            finish(
              { status },
              keep ? decode(Buffer.concat(chunks), response.headers['content-encoding']) : '',
            ),
          );
          response.on('error', (error) => finish({ error: `response ${error.message}` }));
        },
      );
      request.setTimeout(REQUEST_TIMEOUT_MS, () =>
        request.destroy(new Error(`time-out (${REQUEST_TIMEOUT_MS} ms)`)),
      );
      request.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
      request.end(planned.body);
    });
  }

  private newResult(label: string, targetRate: number | null, seconds: number): PhaseResult {
    return {
      label,
      targetRate,
      seconds,
      sent: 0,
      dropped: 0,
      overall: createHistogram(),
      perEndpoint: ENDPOINTS.map(newStats),
      samples: [],
      cpu: null,
    };
  }

  /** As many requests as CONNECTIONS clients sending one after another can make: what the server can do at most. */
  async closedLoop(label: string, seconds: number, connections = CONNECTIONS): Promise<PhaseResult> {
    const result = this.newResult(label, null, seconds);
    const before = cpuSnapshot(this.serverPid);
    const started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) await this.send(result, performance.now());
      }),
    );
    result.seconds = (performance.now() - started) / 1000;
    result.cpu = cpuBetween(before, cpuSnapshot(this.serverPid));
    return result;
  }

  /** `rate` requests a second on a fixed schedule for `seconds`; latency counts from each scheduled moment. */
  openLoop(label: string, rate: number, seconds: number): Promise<PhaseResult> {
    const result = this.newResult(label, rate, seconds);
    const total = Math.round(rate * seconds);
    const before = cpuSnapshot(this.serverPid);
    const started = performance.now();
    const backlog: number[] = [];
    let scheduled = 0;
    let inFlight = 0;
    return new Promise((done) => {
      const settle = () => {
        if (scheduled === total && inFlight === 0 && backlog.length === 0) {
          clearInterval(timer);
          result.cpu = cpuBetween(before, cpuSnapshot(this.serverPid));
          done(result);
        }
      };
      const fire = (at: number) => {
        inFlight++;
        void this.send(result, at).then(() => {
          inFlight--;
          const next = backlog.shift();
          if (next !== undefined) fire(next);
          settle();
        });
      };
      const timer = setInterval(() => {
        // request i is due at started + i/rate: the first one at once
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
        for (; scheduled < due; scheduled++) {
          const at = started + (scheduled * 1000) / rate;
          if (inFlight < CONNECTIONS) fire(at);
          else backlog.push(at);
        }
        // two seconds of requests waiting for a socket: this rate is lost, stop piling on
        if (backlog.length > rate * 2) {
          result.dropped += backlog.length + (total - scheduled);
          backlog.length = 0;
          scheduled = total;
        }
        settle();
      }, 1);
    });
  }
}
