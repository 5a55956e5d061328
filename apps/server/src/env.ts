import { resolve } from 'node:path';
import { ZFcmServiceAccount, ZIceServer } from '@rhema/schemas';
import { z } from 'zod';
import { DEFAULT_PREMIUM_PRICE } from '@rhema/schemas';
import { keptSecret, keptVapidKeys } from './notifications/kept-secret';

// The one place configuration is read. A bad value stops start-up with a message that names it.
const repoRoot = resolve(import.meta.dirname, '../../..');

/** `scheme://host[:port]` exactly as a browser sends it in `Origin` (an app scheme such as capacitor:// included) */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.host !== '' && `${url.protocol}//${url.host}` === value;
  } catch {
    return false;
  }
}

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
  /** live-message streams open at once in this process (each member at most 5): past it a new one answers 429 */
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).default(1000),
  /** where the built web app lives (apps/web/dist) */
  WEB_DIST_DIR: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  /** the web build's server renderer (render.js + manifest.json); default: WEB_DIST_DIR followed by -ssr */
  WEB_SSR_DIR: z.string().min(1).optional(),
  /** the public origin, e.g. https://example.com; https enables HSTS and Secure cookies */
  PUBLIC_ORIGIN: z.url().default('http://localhost:3000'),
  /**
   * the other origins whose browser clients may call the API (a mobile app's web view, a partner site): a comma-separated
   * list of origins such as `https://app.example.com,capacitor://localhost`; none by default
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const origin of origins)
        if (!isOrigin(origin))
          ctx.addIssue({
            code: 'custom',
            message: `"${origin}" is not an origin (scheme://host[:port], no path)`,
          });
      return origins;
    }),
  /** the oldest mobile app (its `x-app-version-number` header) still served; older ones are answered 426 */
  MIN_APP_VERSION: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
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
  /**
   * Stripe (docs/payments-and-verification.md): with a secret key, identity checks go to Stripe Identity and premium
   * is paid through Stripe Checkout; without one development providers inside this server stand in (never in
   * production, where premium is then paid by bank transfer that staff confirm)
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** the signing secret of the Stripe webhook endpoint <PUBLIC_ORIGIN>/webhooks/identity */
  STRIPE_IDENTITY_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * video calls' STUN and TURN servers (docs/video-calls.md): a JSON array of RTCIceServer objects, e.g.
   * [{"urls":"stun:turn.example.com:3478"},{"urls":["turn:turn.example.com:3478?transport=udp"]}]
   */
  ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of ICE servers' });
        return z.NEVER;
      }
    })
    .pipe(z.array(ZIceServer, { error: 'must be a JSON array of ICE servers ({ "urls": … })' })),
  /** the secret shared with the TURN server (coturn's static-auth-secret): TURN credentials are minted per call */
  TURN_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** the signing secret of the Stripe webhook endpoint <PUBLIC_ORIGIN>/webhooks/payments */
  STRIPE_PAYMENTS_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** premium for one match, in the currency's minor unit (pence): 4900 is £49.00 */
  PREMIUM_PRICE_MINOR: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000_000)
    .default(DEFAULT_PREMIUM_PRICE.amount_minor),
  /** ISO 4217 code of the premium price */
  PREMIUM_PRICE_CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 currency code (GBP, EUR, …)')
    .transform((code) => code.toUpperCase())
    .default(DEFAULT_PREMIUM_PRICE.currency),
  /** notifications (docs/notifications.md): a notification still unread this long after it happened is mailed */
  NOTIFICATION_EMAIL_DELAY_S: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(900),
  /** signs the one-click unsubscribe links; unset: one generated and kept in .data/notification-secret */
  NOTIFICATION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Web Push (RFC 8292): the VAPID key pair, base64url; unset outside production: generated once into .data/vapid.json */
  WEB_PUSH_VAPID_PUBLIC_KEY: z
    .string()
    .min(40)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WEB_PUSH_VAPID_PRIVATE_KEY: z
    .string()
    .min(20)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WEB_PUSH_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must be a mailto: or https: address')
    .default('mailto:support@rhema.example'),
  /** the push services a browser subscription may name (host names, `*.` for a domain's hosts) */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .optional()
    .transform((text) =>
      text
        ? text
            .split(',')
            .map((host) => host.trim())
            .filter(Boolean)
        : undefined,
    ),
  /** without provider keys, the store apps' pushes are written here as JSON files */
  PUSH_DIR: z.string().min(1).default('.data/push'),
  /**
   * Android pushes through FCM HTTP v1: the JSON text of the Firebase project's service-account key file; unset:
   * the store apps' pushes go to PUSH_DIR
   */
  FCM_SERVICE_ACCOUNT_JSON: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be the JSON text of a service-account key file' });
        return z.NEVER;
      }
    })
    .pipe(ZFcmServiceAccount.optional()),
  /** Google's OAuth2 token endpoint and FCM's origin (tests point them at local servers) */
  FCM_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token'),
  FCM_API_URL: z.url({ protocol: /^https?$/ }).default('https://fcm.googleapis.com'),
  /**
   * iOS pushes through APNs, token-based: the .p8 key's PEM text (`\n` for its line breaks allowed), its key id,
   * the Apple team id and the app's bundle id; unset: the store apps' pushes go to PUSH_DIR
   */
  APNS_KEY_P8: z
    .string()
    .includes('PRIVATE KEY', 'must be the PEM text of the .p8 key')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  APNS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  APNS_TEAM_ID: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  APNS_TOPIC: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** APNs' origin: production by default; https://api.sandbox.push.apple.com for development builds */
  APNS_HOST: z.url({ protocol: /^https$/ }).default('https://api.push.apple.com'),
  /** the bearer token Prometheus sends to read /metrics (docs/ops/README.md); unset: /metrics answers 404 */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * an OTLP/HTTP collector (http://collector:4318): traces of HTTP, Fastify and PostgreSQL are sent there
   * (src/telemetry.ts, read before the server loads); unset: no tracing code is loaded
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** after SIGTERM: how long to keep serving (health check failing) before closing the listener */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  /** after SIGTERM: the most time in-flight requests get before the process exits anyway */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(15_000),
});

const envSchema = envFields.superRefine((env, ctx) => {
  for (const name of ['STRIPE_IDENTITY_WEBHOOK_SECRET', 'STRIPE_PAYMENTS_WEBHOOK_SECRET'] as const)
    if (env.STRIPE_SECRET_KEY && !env[name])
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STRIPE_SECRET_KEY is set' });
  if (env.APNS_KEY_P8 || env.APNS_KEY_ID || env.APNS_TEAM_ID || env.APNS_TOPIC)
    for (const name of ['APNS_KEY_P8', 'APNS_KEY_ID', 'APNS_TEAM_ID', 'APNS_TOPIC'] as const)
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when another APNS_ key is set' });
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
  env.PUSH_DIR = resolve(repoRoot, env.PUSH_DIR);
  if (!env.WEB_PUSH_VAPID_PUBLIC_KEY && env.NODE_ENV !== 'production') {
    const keys = keptVapidKeys(env.NODE_ENV === 'test' ? null : resolve(repoRoot, '.data/vapid.json'));
    env.WEB_PUSH_VAPID_PUBLIC_KEY = keys.publicKey;
    env.WEB_PUSH_VAPID_PRIVATE_KEY = keys.privateKey;
  }
  // one generated secret per host, kept beside the embedded database; tests sign with a fixed one
  env.NOTIFICATION_SECRET ??=
    env.NODE_ENV === 'test'
      ? 'test-only-notification-secret-0123456789'
      : keptSecret(resolve(repoRoot, '.data/notification-secret'));
  // @fastify/static needs an absolute root; a relative one is read from the repository root like the others
  env.WEB_DIST_DIR = resolve(repoRoot, env.WEB_DIST_DIR);
  env.WEB_SSR_DIR = resolve(repoRoot, env.WEB_SSR_DIR ?? `${env.WEB_DIST_DIR}-ssr`);
  return env;
}
