import net from 'node:net';

// When the Redis-only tests run. They run when REDIS_URL is set; .ci/run exports it when
// 127.0.0.1:6379 answers. In CI (CI=true) a Redis is expected: a run without REDIS_URL fails here instead of
// skipping those tests silently, unless RHEMA_REDIS_TESTS=skip says on purpose that this machine has none (.ci/run
// sets it, and prints so, when nothing answers). A REDIS_URL that does not answer fails everywhere.

export const REDIS_SKIP_VARIABLE = 'RHEMA_REDIS_TESTS';

/** One PING over a plain connection (AUTH first when the URL carries a password); resolves, or rejects why not. */
export function pingRedis(redisUrl: string, timeoutMs = 3_000): Promise<void> {
  const url = new URL(redisUrl);
  if (url.protocol === 'rediss:') return Promise.resolve(); // TLS: left to the client library to prove
  const commands: string[] = [];
  if (url.password)
    commands.push(
      url.username
        ? `AUTH ${decodeURIComponent(url.username)} ${decodeURIComponent(url.password)}`
        : `AUTH ${decodeURIComponent(url.password)}`,
    );
  commands.push('PING');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    let received = '';
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`no answer within ${timeoutMs} ms`)));
    socket.on('error', fail);
    socket.on('connect', () => socket.write(commands.map((c) => `${c}\r\n`).join('')));
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.startsWith('-')) fail(new Error(received.trim()));
      else if (received.includes('+PONG')) {
        socket.end();
        resolve();
      }
    });
  });
}

/**
 * Called by the test runs' global setups: the Redis URL the Redis-only tests use, or undefined when they skip (with
 * a line saying why). Throws when Redis is expected and missing.
 */
export async function redisForTests(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.warn,
): Promise<string | undefined> {
  const redisUrl = env.REDIS_URL;
  if (redisUrl) {
    await pingRedis(redisUrl).catch((error: Error) => {
      throw new Error(`REDIS_URL is set (${redisUrl}) but Redis does not answer: ${error.message}`);
    });
    return redisUrl;
  }
  if (env[REDIS_SKIP_VARIABLE] === 'skip') {
    log(`Redis tests SKIPPED: REDIS_URL is unset and ${REDIS_SKIP_VARIABLE}=skip.`);
    return undefined;
  }
  if (env.CI === 'true' || env.CI === '1') {
    throw new Error(
      `CI=true but REDIS_URL is unset: the Redis-only tests would be skipped. Set REDIS_URL (e.g. ` +
        `redis://127.0.0.1:6379), or ${REDIS_SKIP_VARIABLE}=skip on a machine without Redis.`,
    );
  }
  log('Redis tests skipped: REDIS_URL is unset (set it to run the rate limits in Redis).');
  return undefined;
}
