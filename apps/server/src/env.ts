import { resolve } from 'node:path';
import { z } from 'zod';

// The one place configuration is read. A bad value stops start-up with a message that names it.
const repoRoot = resolve(import.meta.dirname, '../../..');

const envFields = z.object({
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
  /** when set, photos live in this S3-compatible bucket instead of PHOTO_DIR (packages/core/src/media/s3-photo-store.ts) */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** the storage's address, e.g. http://127.0.0.1:9000; default: AWS's endpoint of S3_REGION */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** <endpoint>/<bucket>/<key> addresses (MinIO and most self-hosted stores) instead of <bucket>.<host>/<key> */
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
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

const envSchema = envFields.superRefine((env, ctx) => {
  if (!env.S3_BUCKET) return;
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
    if (!env[name])
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required when S3_BUCKET is set' });
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
