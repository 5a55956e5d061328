import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './instance';

// Traces (apps/server/src/telemetry.ts, docs/ops/README.md): with OTEL_EXPORTER_OTLP_ENDPOINT the preload sends a
// request's spans (HTTP, Fastify) to the collector; without it the preload loads none of OpenTelemetry. Run on the
// build (`node --import dist/telemetry.js dist/index.js`, what `pnpm start` runs) or the sources through tsx.
const ROOT = resolve(import.meta.dirname, '../..');
const built = existsSync(resolve(ROOT, 'apps/server/dist/telemetry.js'));
const preload = built
  ? ['--import', resolve(ROOT, 'apps/server/dist/telemetry.js')]
  : ['--import', 'tsx', '--import', resolve(ROOT, 'apps/server/src/telemetry.ts')];
const entry = built ? resolve(ROOT, 'apps/server/dist/index.js') : resolve(ROOT, 'apps/server/src/index.ts');

/** How many OpenTelemetry modules a process with the preload has loaded (they load through require's cache). */
async function openTelemetryModulesLoaded(env: Record<string, string>): Promise<number> {
  const probe =
    "import { createRequire } from 'node:module';" +
    'const cache = createRequire(import.meta.url).cache;' +
    // a string: with FORCE_COLOR (tests/run.mjs sets it) console.log colours a number
    "console.log(String(Object.keys(cache).filter((k) => k.includes('@opentelemetry')).length));";
  const child = spawn(process.execPath, [...preload, '--input-type=module', '-e', probe], {
    cwd: resolve(ROOT, 'apps/server'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  // 'close', not 'exit': a process's exit can come before the last of its output is read
  await once(child, 'close');
  return Number(out.trim().split('\n')[0]);
}

describe('tracing', () => {
  let server: ChildProcess | undefined;
  let collector: Server | undefined;
  afterEach(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    collector?.close();
  });

  it('loads none of OpenTelemetry without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    expect(await openTelemetryModulesLoaded({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(0);
    // the same probe sees them when tracing is on
    expect(
      await openTelemetryModulesLoaded({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9/' }),
    ).toBeGreaterThan(0);
  });

  it("sends a request's HTTP and Fastify spans to the collector", async () => {
    const bodies: string[] = [];
    const received = new EventTarget();
    collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push(`${request.url} ${body}`);
        received.dispatchEvent(new Event('body'));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    const collectorPort = await freePort();
    collector.listen(collectorPort, '127.0.0.1');
    const port = await freePort();
    server = spawn(process.execPath, [...preload, entry], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        PGLITE_DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const up = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const res = await fetch(`${base}/api/v1/faqs?faq_type=faqs`, { headers: { 'x-request-id': 'traced-1' } });
    expect(res.status).toBe(200);
    const sent = () => bodies.join('\n');
    const deadline = Date.now() + 20_000;
    while (!/GET \/api\/v1\/faqs/.test(sent()) && Date.now() < deadline)
      await Promise.race([once(received, 'body'), new Promise((r) => setTimeout(r, 500))]);
    expect(bodies.some((body) => body.startsWith('/v1/traces '))).toBe(true);
    // the HTTP server span named by its route, and Fastify's handler span
    expect(sent()).toMatch(/"name":"GET \/api\/v1\/faqs"/);
    expect(sent()).toContain('@fastify/otel');
    // the probe asked for while starting is not traced
    expect(sent()).not.toMatch(/"name":"GET \/healthz"/);
  }, 90_000);
});
