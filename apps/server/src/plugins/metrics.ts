import { createHash, timingSafeEqual } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import { eventMetrics } from '@rhema/core';
import { jobQueries, type Database, type PoolStats } from '@rhema/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// /metrics in the Prometheus text format (docs/ops/README.md lists every series, the dashboard and the alerts read
// them). Three registries: the process's own (memory, CPU, event loop lag, GC: prom-client's default metrics, made
// once per process), the events counted anywhere in the code (packages/core/src/metrics.ts), and this instance's
// requests, pool, queue and streams, read when Prometheus scrapes. Without METRICS_TOKEN none of it is made and the
// path answers 404; with it, only `Authorization: Bearer <METRICS_TOKEN>` reads it.

/** Seconds: most answers take milliseconds; the alert's target (p99 over 250 ms) sits on a bucket edge. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The queue's figures come from a query: a database out of reach leaves them out of the scrape, not the scrape. */
const QUEUE_READ_TIMEOUT_MS = 1_000;

let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricSources {
  db: Database;
  /** the pool's figures (DbHandle.stats); without it the pool's series are left out */
  poolStats?: (() => PoolStats) | undefined;
  /** live-message streams open in this process */
  liveStreams: () => number;
  now: () => Date;
  /** the folder photos are kept in (PHOTO_DIR), when they are kept on this machine's disk rather than a bucket */
  photoDir?: string | undefined;
}

export interface ServerMetrics {
  /** one answered request: its route template, method, status and time */
  observe(request: FastifyRequest, reply: FastifyReply): void;
}

/** Hashed first, so the comparison takes the same time whatever the length of what was sent. */
function sameSecret(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

function instanceMetrics(sources: MetricSources) {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'rhema_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by route template, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const { poolStats } = sources;
  if (poolStats) {
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolStats()));
        },
      });
    poolGauge(
      'rhema_db_pool_connections',
      'Database connections open (the embedded database: its one).',
      (s) => s.total,
    );
    poolGauge('rhema_db_pool_idle_connections', 'Database connections open and free.', (s) => s.idle);
    poolGauge(
      'rhema_db_pool_waiting_requests',
      'Requests waiting for a database connection.',
      (s) => s.waiting,
    );
    let counted = 0;
    new Counter({
      name: 'rhema_db_pool_timeouts_total',
      help: 'Requests that gave up waiting for a database connection (answered 503).',
      registers: [registry],
      collect() {
        const { timeouts } = poolStats();
        this.inc(timeouts - counted);
        counted = timeouts;
      },
    });
  }
  new Gauge({
    name: 'rhema_live_streams_open',
    help: 'Live-message event streams open in this process.',
    registers: [registry],
    collect() {
      this.set(sources.liveStreams());
    },
  });
  // the four queue series from one query per scrape (a registry collects its series all at once)
  type QueueStats = Awaited<ReturnType<typeof jobQueries.queueStats>>;
  let queueRead: Promise<QueueStats | null> | null = null;
  const readQueue = () =>
    (queueRead ??= Promise.race([
      jobQueries.queueStats(sources.db, sources.now()),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), QUEUE_READ_TIMEOUT_MS).unref()),
    ])
      .catch(() => null)
      .finally(() => (queueRead = null)));
  const queueGauge = (name: string, help: string, read: (stats: QueueStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const stats = await readQueue();
        if (stats) this.set(read(stats));
        else this.reset();
      },
    });
  queueGauge(
    'rhema_jobs_waiting',
    'Jobs due or scheduled that no worker holds (mail and the like).',
    (s) => s.waiting,
  );
  queueGauge('rhema_jobs_running', 'Jobs a worker holds now.', (s) => s.running);
  queueGauge('rhema_jobs_failed', 'Jobs kept as failed after their last attempt.', (s) => s.failed);
  queueGauge(
    'rhema_jobs_oldest_due_age_seconds',
    'How long the oldest due job has waited for a worker (the queue lag).',
    (s) => s.oldestDueSeconds,
  );
  const { photoDir } = sources;
  if (photoDir) {
    const diskGauge = (
      name: string,
      help: string,
      read: (fs: { bavail: number; blocks: number; bsize: number }) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          try {
            this.set(read(await statfs(photoDir)));
          } catch {
            // the folder is made at the first upload: until then there is nothing to report
            this.reset();
          }
        },
      });
    diskGauge(
      'rhema_photo_disk_free_bytes',
      'Bytes free to this process on the disk holding PHOTO_DIR.',
      (fs) => fs.bavail * fs.bsize,
    );
    diskGauge(
      'rhema_photo_disk_size_bytes',
      'Size in bytes of the disk holding PHOTO_DIR.',
      (fs) => fs.blocks * fs.bsize,
    );
  }
  return { registry, requestDuration };
}

/** Registers /metrics; returns what the request hook records into, or null when metrics are off. */
export function registerMetrics(
  app: FastifyInstance,
  options: { token: string | undefined; sources: MetricSources },
): ServerMetrics | null {
  const { token } = options;
  if (!token) {
    app.get('/metrics', (_request, reply) => reply.callNotFound());
    return null;
  }
  const { registry, requestDuration } = instanceMetrics(options.sources);
  const registries = [processMetrics(), eventMetrics, registry];
  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ success: false, message: 'The metrics need Authorization: Bearer <METRICS_TOKEN>.' });
    }
    const sent = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(sent, token)) {
      return reply.status(403).send({ success: false, message: 'This token may not read the metrics.' });
    }
    const texts = await Promise.all(registries.map((r) => r.metrics()));
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(texts.join('\n'));
  });
  return {
    observe(request, reply) {
      const status = reply.statusCode;
      // the template (/api/v1/faqs, /api/v1/user-introductions/:matchId/accept), never the address itself; an event
      // stream (live messages) lasts as long as the member stays, so it is kept apart from the answers' latency
      const route = request.routeOptions.url ?? 'unmatched';
      const stream = String(reply.raw.getHeader('content-type') ?? '').startsWith('text/event-stream');
      requestDuration.observe(
        {
          route: stream ? `${route} (event stream)` : route,
          method: request.method,
          status_class: `${Math.floor(status / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
    },
  };
}
