import { resolve } from 'node:path';
import { z } from 'zod';

// The one place configuration is read. A bad value stops start-up with a message that names it.
const repoRoot = resolve(import.meta.dirname, '../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * the live messages' LISTEN connection (decision 081), when it must not go to DATABASE_URL: PostgreSQL itself,
   * when DATABASE_URL is a PgBouncer in transaction mode (docs/scaling.md)
   */
  DATABASE_LISTEN_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PGLITE_DATA_DIR: z.string().min(1).default('.data/pglite'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** connecting, and waiting for a free pooled connection: a request may wait twice and still answer within 5 s */
  DB_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(2_000),
  /** where the built web app lives (apps/web/dist) */
  WEB_DIST_DIR: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  /** the web build's server renderer (render.js + manifest.json); default: WEB_DIST_DIR followed by -ssr */
  WEB_SSR_DIR: z.string().min(1).optional(),
  /** the public origin, e.g. https://example.com; https enables HSTS and Secure cookies */
  PUBLIC_ORIGIN: z.url().default('http://localhost:3000'),
  /** behind a load balancer: take the client address from X-Forwarded-For */
  TRUST_PROXY: z.stringbool().default(false),
  /** smtp(s)://user:pass@host:port; when empty, mail is written as JSON files into MAIL_DIR */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_DIR: z.string().min(1).default('.data/mail'),
  /** members' uploaded photos, re-encoded (packages/core/src/media/photos.ts); served under /media/photos/ */
  PHOTO_DIR: z.string().min(1).default('.data/photos'),
  MAIL_FROM: z.string().min(3).default('Rhema <no-reply@rhema.example>'),
  /** when set, rate-limit windows live in Redis instead of PostgreSQL */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** after SIGTERM: how long to keep serving (health check failing) before closing the listener */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  /** after SIGTERM: the most time in-flight requests get before the process exits anyway */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(15_000),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (!env.PGLITE_DATA_DIR.startsWith('memory://'))
    env.PGLITE_DATA_DIR = resolve(repoRoot, env.PGLITE_DATA_DIR);
  env.MAIL_DIR = resolve(repoRoot, env.MAIL_DIR);
  env.PHOTO_DIR = resolve(repoRoot, env.PHOTO_DIR);
  // @fastify/static needs an absolute root; a relative one is read from the repository root like the others
  env.WEB_DIST_DIR = resolve(repoRoot, env.WEB_DIST_DIR);
  env.WEB_SSR_DIR = resolve(repoRoot, env.WEB_SSR_DIR ?? `${env.WEB_DIST_DIR}-ssr`);
  return env;
}
