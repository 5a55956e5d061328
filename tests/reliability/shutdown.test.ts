import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, serverEntry } from './instance';

// SIGTERM drains: the health check fails at once, requests already sent get their answers, then exit 0; the log,
// written asynchronously (apps/server/src/index.ts), still has every request's line. One server on embedded PGlite,
// so this check runs whether or not a PostgreSQL answers.
describe('graceful shutdown', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('answers every in-flight request after SIGTERM, logs each, then exits 0', async () => {
    const port = await freePort();
    child = spawn(process.execPath, serverEntry.args, {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        PGLITE_DATA_DIR: 'memory://',
        // info: the request log says when the requests have been answered
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
        // serving (health check failing) for 2 s after the signal: time for the one health check below to arrive
        SHUTDOWN_DELAY_MS: '2000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // the server's log lines are the signals waited on: listening, each request received, draining
    const lines: string[] = [];
    const logged = new EventEmitter();
    let partial = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const complete = (partial + chunk.toString()).split('\n');
      partial = complete.pop() ?? '';
      for (const line of complete) {
        lines.push(line);
        logged.emit('line');
      }
    });
    const exited = once(child, 'exit');
    const logLine = async (test: (line: string) => boolean) => {
      while (!lines.some(test)) {
        await Promise.race([
          once(logged, 'line'),
          exited.then(() => {
            throw new Error(`the server exited: ${stderr}`);
          }),
        ]);
      }
    };
    const base = `http://127.0.0.1:${port}`;
    await logLine((line) => line.includes('Server listening at'));

    const ids = Array.from({ length: 40 }, (_, i) => `shutdown-${process.pid}-${i}`);
    const requests = ids.map((id) =>
      fetch(`${base}/api/v1/faqs?faq_type=faqs`, { headers: { 'x-request-id': id } }).then((r) => r.status),
    );
    // once the server has answered the first of them, ask it to stop while the rest are being answered
    await logLine((line) => line.includes('faq_type=faqs') && line.includes('request completed'));
    child.kill('SIGTERM');
    // the handler logs this line, then sets the health check to draining in the same step (index.ts)
    await logLine((line) => line.includes('shutting down: draining'));
    const res = await fetch(`${base}/healthz`);
    const health = { status: res.status, body: await res.json() };
    expect(health).toMatchObject({ status: 503, body: { status: 'draining' } });
    const statuses = await Promise.all(requests.map((p) => p.catch(() => 'failed')));
    const [code] = await exited;

    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(code).toBe(0);
    // the 'exit' event can come before the pipe's last chunk: read stdout to its end
    if (child.stdout && !child.stdout.readableEnded) await once(child.stdout, 'end');
    const loggedIds = new Set(
      lines
        .filter((line) => line.includes('request completed'))
        .map((line) => (JSON.parse(line) as { request_id?: string }).request_id),
    );
    expect(ids.filter((id) => !loggedIds.has(id))).toEqual([]);
    expect(lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
  }, 60_000);
});
