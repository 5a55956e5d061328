import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// SIGTERM drains: the health check fails at once, requests already sent get their answers, then exit 0.
describe('graceful shutdown', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('answers every in-flight request after SIGTERM, then exits 0', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'index.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        PGLITE_DATA_DIR: 'memory://',
        // info: the request log says when the requests have reached the server
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
        // a loaded CI machine may take a while to deliver the signal and answer the polls
        SHUTDOWN_DELAY_MS: '4000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let received = 0;
    const receivedEvents = new EventEmitter();
    child.stdout?.on('data', (chunk: Buffer) => {
      received += chunk
        .toString()
        .split('\n')
        .filter((l) => l.includes('faq_type=faqs') && l.includes('incoming request')).length;
      receivedEvents.emit('received');
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const requests = Array.from({ length: 40 }, () =>
      fetch(`${base}/api/v1/faqs?faq_type=faqs`).then((r) => r.status),
    );
    // once the server has logged the first of them, ask it to stop while the rest are being answered
    while (received === 0) await once(receivedEvents, 'received');
    child.kill('SIGTERM');
    // the signal is handled between requests: poll until the health check reports draining
    let health: { status: number; body: unknown } | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${base}/healthz`);
      health = { status: res.status, body: await res.json() };
      if (health.status === 503) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(health).toMatchObject({ status: 503, body: { status: 'draining' } });
    const statuses = await Promise.all(requests.map((p) => p.catch(() => 'failed')));
    const [code] = await once(child, 'exit');

    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);
});
