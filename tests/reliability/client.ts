// The reliability run's HTTP client and the load balancer it plays.
//
// Every request opens its own TCP connection (`agent: false`, `Connection: close`), as a load balancer that does
// not pool upstream connections does, so a closed instance shows as a refused connection, never as a kept-alive
// socket closed under a request.
//
// The balancer's rules (what "no request fails" means here), as a health-checked load balancer (an AWS ALB, HAProxy,
// nginx with health checks) works:
// - requests go round-robin to the instances whose last health check (GET /healthz every 100 ms) answered 200; an
//   instance whose check answers anything else, or not at all, gets no new requests (a draining instance answers 503
//   for SHUTDOWN_DELAY_MS, 1 s by default, before it closes: apps/server/src/index.ts);
// - a request whose connection is REFUSED (ECONNREFUSED: nothing listens, so no byte of the request reached a server)
//   is sent once to the next instance: it cannot have had any effect;
// - nothing else is retried: a reset or closed connection after the request was sent, a time-out, or any 5xx is a
//   failed request.
import { EventEmitter } from 'node:events';
import http from 'node:http';

export interface Answer {
  status: number;
  body: string;
  json: <T = unknown>() => T;
}

export interface RequestOptions {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function send(base: string, options: RequestOptions): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${options.path}`,
      {
        method: options.method ?? 'GET',
        agent: false,
        timeout: 15_000,
        headers: {
          connection: 'close',
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error: NodeJS.ErrnoException) =>
          reject(new RequestError(error.code ?? 'ERR', error.message)),
        );
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode ?? 0, body, json: <T>() => JSON.parse(body) as T });
        });
      },
    );
    req.on('timeout', () => req.destroy(new RequestError('TIMEOUT', 'no answer within 15 s')));
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(error instanceof RequestError ? error : new RequestError(error.code ?? 'ERR', error.message)),
    );
    req.end(payload);
  });
}

export interface Outcome {
  /** The instance that answered (after a retry: the second one). */
  instance: string;
  /** The instance the balancer chose first. */
  firstChoice: string;
  kind: 'read' | 'write';
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 when no answer came. */
  status: number;
  error?: string;
  /** Set when the first instance refused the connection and the request went to the next one. */
  retriedAfterRefusal: boolean;
  /** For writes: what was written (checked in the database afterwards). */
  key?: string;
}

export interface Balancer {
  send: (options: RequestOptions, kind: Outcome['kind'], key?: string) => Promise<Outcome>;
  /** The instances the balancer routes to now. */
  healthy: () => string[];
  /** Resolves when the health check takes `name` out of the rotation. */
  dropped: (name: string) => Promise<void>;
  close: () => void;
}

/** The health-checked round-robin balancer with one retry on a refused connection, described at the top. */
export function createBalancer(instances: readonly { name: string; base: string }[]): Balancer {
  const healthy = new Map(instances.map((instance) => [instance.name, true]));
  const changes = new EventEmitter();
  let checking = true;
  const check = async (instance: { name: string; base: string }) => {
    while (checking) {
      const ok = await send(instance.base, { path: '/healthz' }).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (healthy.get(instance.name) !== ok) {
        healthy.set(instance.name, ok);
        changes.emit(instance.name, ok);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const checks = instances.map(check);
  let next = 0;
  const pick = () => {
    const candidates = instances.filter((instance) => healthy.get(instance.name));
    const pool = candidates.length > 0 ? candidates : instances;
    return pool[next++ % pool.length]!;
  };
  return {
    healthy: () => instances.filter((instance) => healthy.get(instance.name)).map((i) => i.name),
    dropped: (name) =>
      healthy.get(name) === false
        ? Promise.resolve()
        : new Promise((resolve) => {
            const onChange = (ok: boolean) => {
              if (ok) return;
              changes.off(name, onChange);
              resolve();
            };
            changes.on(name, onChange);
          }),
    close: () => {
      checking = false;
      void Promise.all(checks);
    },
    send: async (options, kind, key) => {
      const first = pick();
      const startedAt = performance.now();
      const base = { firstChoice: first.name, kind, startedAt, ...(key ? { key } : {}) };
      const attempt = async (
        instance: { name: string; base: string },
        retried: boolean,
      ): Promise<Outcome> => {
        try {
          const answer = await send(instance.base, options);
          return {
            ...base,
            instance: instance.name,
            endedAt: performance.now(),
            status: answer.status,
            retriedAfterRefusal: retried,
          };
        } catch (error) {
          const code = (error as RequestError).code;
          if (code === 'ECONNREFUSED' && !retried && instances.length > 1) {
            return attempt(instances[(instances.indexOf(first) + 1) % instances.length]!, true);
          }
          return {
            ...base,
            instance: instance.name,
            endedAt: performance.now(),
            status: 0,
            error: code,
            retriedAfterRefusal: retried,
          };
        }
      };
      return attempt(first, false);
    },
  };
}
