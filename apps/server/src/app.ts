import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { appRouter, createCaller, createContextInner, toPublicError, type AppRouter } from '@rhema/api';
import {
  pendingMigrations,
  pingDb,
  type Database,
  type NotificationListener,
  type PoolStats,
} from '@rhema/db';
import { getTRPCErrorShape, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { createPostgresRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from '@rhema/auth';
import {
  createJobQueue,
  createLocalPhotoStore,
  createS3PhotoStore,
  createMailer,
  createMessageHub,
  createPhotoUploadGate,
  DEFAULT_DELIVERY,
  jobHandlers,
  systemClock,
  type JobMode,
  type JobWorker,
  type Mailer,
  type MessageHub,
  type PhotoUploadGate,
  type PhotoStore,
} from '@rhema/core';
import { Redis } from 'ioredis';
import { contextFactory } from './context';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSessionPlugin } from './plugins/session';
import { registerCompression } from './plugins/compress';
import { answerClientError } from './plugins/client-errors';
import { registerCors } from './plugins/mobile-clients';
import { ASSETS_IN_MEMORY, registerAssets } from './routes/assets';
import { mediaRoutes } from './routes/media';
import { photoUploadRoutes } from './routes/photos';
import { calendarRoutes } from './routes/calendar';
import { registerPages } from './routes/pages';
import { DEFAULT_PREMIUM_PRICE } from '@rhema/schemas';
import { chooseTrustProviders, trustRoutes, type TrustProviders } from './routes/trust';
import { createServerRenderer } from './routes/server-rendered';
import type { Env } from './env';
import { linkOriginFor } from './link-origin';
import { restAdapter } from './rest/adapter';
import { notificationDelivery, pushConfig, pushSender } from './notifications/delivery';
import { unsubscribeRoutes } from './notifications/unsubscribe-route';
import { trainingFormRoutes } from './routes/training-form';
import { registerMetrics } from './plugins/metrics';
import { registerRequestLog, REQUEST_ID_HEADER, requestIdOptions } from './plugins/request-log';
import type { DestinationStream } from 'pino';

export interface BuildServerOptions {
  env: Pick<Env, 'WEB_DIST_DIR' | 'LOG_LEVEL' | 'TRUST_PROXY'>;
  db: Database;
  /** the database's LISTEN/NOTIFY (DbHandle.notifications): live messages need it, without it messages.live is 503 */
  notifications?: NotificationListener;
  logger?: FastifyServerOptions['logger'];
  /** where the default logger writes (index.ts: an asynchronous destination it flushes on shutdown); stdout otherwise */
  logStream?: DestinationStream;
  /** the database pool's figures (DbHandle.stats), for /metrics */
  poolStats?: () => PoolStats;
  /** tests swap these: an in-memory mailer, a movable clock */
  services?: {
    mailer?: Mailer;
    rateLimitStore?: RateLimitStore;
    now?: () => Date;
    /** how jobs run (packages/core/src/jobs/queue.ts): a worker by default; tests choose 'inline' or 'manual' */
    jobs?: JobMode;
    /** where photos are kept: by default the bucket or folder the environment names */
    photoStore?: PhotoStore;
    /** identity and payment providers: by default those the environment configures (routes/trust.ts) */
    trust?: TrustProviders;
    /** certificate authorities the push connections trust besides the system's (a test's own push service) */
    pushCa?: string;
  };
}

const HEALTH_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { draining: boolean };
    /** live messages of this instance (null without `notifications`) */
    messageHub: MessageHub | null;
    /** the job queue and this instance's worker (drain() in tests) */
    jobs: JobWorker;
    /** photo uploads of this process: one member's one at a time, a bounded number of decodes at once */
    photoUploads: PhotoUploadGate;
  }
}

/** A refusal made before tRPC ran, in tRPC's own error shape (our errorFormatter applied). */
function trpcErrorBody(status: number, message: string) {
  const code = (Object.entries(TRPC_STATUS_CODES).find(([, http]) => http === status)?.[0] ??
    (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST')) as TRPC_ERROR_CODE_KEY;
  const error = new TRPCError({ code, message });
  return {
    error: getTRPCErrorShape({
      config: appRouter._def._config,
      error,
      type: 'unknown',
      path: undefined,
      input: undefined,
      ctx: undefined,
    }),
  };
}

/** The tRPC codes Fastify's own refusals map to. */
const TRPC_STATUS_CODES: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
};

export async function buildServer({
  env,
  db,
  notifications,
  logger,
  logStream,
  poolStats,
  services = {},
}: BuildServerOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: env.LOG_LEVEL,
      // never log credentials, even when a log line includes headers or bodies
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-xsrf-token"]',
          'res.headers["set-cookie"]',
          '*.password',
          // the reset code a request body carries (an error's own `code`, e.g. ECONNREFUSED, stays readable)
          'req.body.code',
          'body.code',
          'input.code',
          '*.token',
          '*.password_reset',
          '*.current_password',
          '*.new_password',
        ],
        censor: '[redacted]',
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    // request ids and the one log line per request (plugins/request-log.ts)
    ...requestIdOptions,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // a batched tRPC read names every procedure in one path parameter (/trpc/a,b,c): Fastify's default of 100
    // characters answered a signed-in page's six reads 404 (apps/server/src/trpc-batch.int.test.ts); the address
    // as a whole stays under Node's 16 KB
    routerOptions: { maxParamLength: 4096 },
    // answer with 503 instead of queueing forever when the process is overloaded
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    // what Node's parser refuses (an address over 16 KB: 431) answered in the envelope too
    clientErrorHandler: answerClientError,
    // what Fastify refuses while routing (a malformed %-escape, an over-long path parameter): the API answers in
    // its envelope like every other error
    frameworkErrors: (error, request, routingReply) => {
      const reply = routingReply as unknown as FastifyReply;
      void reply.header(REQUEST_ID_HEADER, request.id);
      const status = error.statusCode ?? 400;
      // Fastify's bad-URL message repeats the raw address (query included): say what is wrong without echoing it
      const message =
        (error as { code?: string }).code === 'FST_ERR_BAD_URL'
          ? 'The address is not valid: a path segment has a malformed %-escape.'
          : error.message;
      if (request.url.startsWith('/api/')) void reply.status(status).send({ success: false, message });
      else void reply.status(status).type('text/plain; charset=utf-8').send(message);
    },
  });
  const authEnv: Partial<Env> = env;
  // first of the hooks, so even an answer an earlier hook gives (a CORS preflight) carries its request id;
  // the message hub is read when Prometheus scrapes, by then decorated below
  const metrics = registerMetrics(app, {
    token: authEnv.METRICS_TOKEN,
    sources: {
      db,
      poolStats,
      liveStreams: () => app.messageHub?.size() ?? 0,
      now: services.now ?? systemClock,
      photoDir: authEnv.S3_BUCKET ? undefined : (authEnv.PHOTO_DIR ?? '.data/photos'),
    },
  });
  registerRequestLog(app, metrics);
  // accounts and sessions: security headers on every answer, the session resolved before any route
  const publicOrigin = authEnv.PUBLIC_ORIGIN ?? 'http://localhost:3000';
  // links a member follows from an answer: the request's own origin where this server answers for it
  const linkOrigin = linkOriginFor({
    publicOrigin,
    production: authEnv.NODE_ENV === 'production',
    ...(authEnv.HOST ? { host: authEnv.HOST } : {}),
  });
  registerSecurityHeaders(app, { publicOrigin });
  // mobile clients (README, configuration): CORS for the configured origins, answered before any other hook
  const corsOrigins = authEnv.CORS_ORIGINS ?? [];
  await registerCors(app, corsOrigins);
  const { names: cookieNames } = await registerSessionPlugin(app, {
    db,
    publicOrigin,
    trustedOrigins: corsOrigins,
    ...(services.now ? { now: services.now } : {}),
  });
  const mailLog = {
    info: (message: string) => app.log.info(message),
    error: (details: { err: unknown }, message: string) => app.log.error(details, message),
  };
  const mailer =
    services.mailer ??
    createMailer({
      smtpUrl: authEnv.SMTP_URL,
      mailDir: authEnv.MAIL_DIR ?? '.data/mail',
      from: authEnv.MAIL_FROM ?? 'Rhema <no-reply@rhema.example>',
      log: mailLog,
    });
  // work after the answer (docs/decisions/131-work-after-the-answer.md): every instance runs a worker on the shared jobs table
  const jobs = createJobQueue({
    db,
    mailer,
    handlers: jobHandlers,
    clock: services.now ?? systemClock,
    log: mailLog,
    mode: services.jobs ?? 'worker',
    delivery: notificationDelivery(authEnv, {
      origin: publicOrigin,
      push: pushSender(authEnv, mailLog, services.pushCa ? { ca: services.pushCa } : {}),
    }),
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  let rateLimitStore = services.rateLimitStore;
  if (!rateLimitStore && authEnv.REDIS_URL) {
    const redis = new Redis(authEnv.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis connection problem'));
    app.addHook('onClose', async () => {
      await redis.quit();
    });
    rateLimitStore = createRedisRateLimitStore(redis);
  }
  rateLimitStore ??= createPostgresRateLimitStore(db);
  // live messages (docs/decisions/081-live-messages.md): one LISTEN for the process; on close every subscription
  // ends first (its client reconnects elsewhere), so open event streams do not hold the shutdown until the grace
  // period runs out
  const messageHub = notifications
    ? createMessageHub(notifications, {
        onError: (error) => app.log.warn({ err: error }, 'live messages: stopping the listener failed'),
        ...(authEnv.LIVE_STREAMS_MAX ? { maxStreams: authEnv.LIVE_STREAMS_MAX } : {}),
      })
    : null;
  app.decorate('messageHub', messageHub);
  if (messageHub) app.addHook('preClose', () => messageHub.close());
  // photos (docs/decisions/082-member-photos.md): an S3-compatible bucket when S3_BUCKET is set, else a
  // folder
  const photoStore =
    services.photoStore ??
    (authEnv.S3_BUCKET && authEnv.S3_ACCESS_KEY_ID && authEnv.S3_SECRET_ACCESS_KEY
      ? createS3PhotoStore({
          bucket: authEnv.S3_BUCKET,
          endpoint: authEnv.S3_ENDPOINT,
          region: authEnv.S3_REGION ?? 'us-east-1',
          accessKeyId: authEnv.S3_ACCESS_KEY_ID,
          secretAccessKey: authEnv.S3_SECRET_ACCESS_KEY,
          forcePathStyle: authEnv.S3_FORCE_PATH_STYLE ?? false,
        })
      : createLocalPhotoStore(authEnv.PHOTO_DIR ?? '.data/photos'));
  const trust = services.trust ?? chooseTrustProviders(authEnv);
  // video calls (docs/decisions/180-video-calls.md): ICE servers from ICE_SERVERS, TURN credentials per call
  const calls = { iceServers: authEnv.ICE_SERVERS ?? [], turnSecret: authEnv.TURN_SECRET ?? null };
  const createContext = contextFactory({
    calls,
    push: pushConfig(authEnv),
    identity: trust.identity,
    payments: trust.payments,
    premiumPrice: {
      amount_minor: authEnv.PREMIUM_PRICE_MINOR ?? DEFAULT_PREMIUM_PRICE.amount_minor,
      currency: authEnv.PREMIUM_PRICE_CURRENCY ?? DEFAULT_PREMIUM_PRICE.currency,
    },
    publicOrigin,
    linkOrigin,
    messageHub,
    photoStore,
    db,
    jobs,
    rateLimitStore,
    log: mailLog,
    cookieNames,
    ...(services.now ? { now: services.now } : {}),
  });
  await registerCompression(app);
  // set on SIGTERM: health checks fail so a load balancer stops sending traffic, requests are still served
  const lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);

  app.get('/healthz', async (_request, reply) => {
    if (lifecycle.draining) return reply.status(503).send({ status: 'draining', db: 'ok' });
    try {
      await Promise.race([
        pingDb(db),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS).unref()),
      ]);
      return reply.send({ status: 'ok', db: 'ok' });
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', db: 'unreachable' });
    }
  });
  // readiness (docs/ops/README.md): take traffic only when the database answers, has run every migration this
  // code knows, and this instance is not draining; /healthz above stays the liveness probe
  app.get('/readyz', async (request, reply) => {
    if (lifecycle.draining) return reply.status(503).send({ status: 'draining' });
    try {
      const pending = await Promise.race([
        pendingMigrations(db),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS).unref(),
        ),
      ]);
      if (pending.length > 0)
        return reply.status(503).send({ status: 'migrations pending', pending_migrations: pending });
      return reply.send({ status: 'ready' });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database unreachable');
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });

  // tRPC in its own scope, so that Fastify's refusals before a procedure runs (body too large, unsupported content
  // type) answer in the tRPC error shape that tRPC clients read, as the REST adapter answers them in its envelope
  await app.register(
    async (trpcScope) => {
      trpcScope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const status =
          error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        if (status >= 500) request.log.error({ err: error }, 'trpc request failed');
        return reply.status(status).send(trpcErrorBody(status, error.message));
      });
      // an event stream (messages.live) holds its connection to the end: closing it then, rather than keeping it
      // alive for another request, lets a shutdown finish as soon as the streams end (the hub ends them)
      trpcScope.addHook('onSend', async (_request, reply, payload) => {
        // tRPC hands Fastify a fetch Response, whose headers are copied onto the reply after the hooks
        const type =
          payload instanceof Response ? payload.headers.get('content-type') : reply.getHeader('content-type');
        if (String(type ?? '').startsWith('text/event-stream')) void reply.header('connection', 'close');
        return payload;
      });
      await trpcScope.register(fastifyTRPCPlugin, {
        trpcOptions: {
          router: appRouter,
          createContext: ({ req, res }) => createContext(req, res),
          onError({ error, path, req }) {
            if (error.code !== 'INTERNAL_SERVER_ERROR') return;
            // the database out of reach is answered 503 and logged once per call: a warning, not a failure of ours
            if (toPublicError(error).status === 503)
              req.log.warn({ err: error, path }, 'trpc call: database unavailable');
            else req.log.error({ err: error, path }, 'trpc procedure failed');
          },
          // a refusal by a rate limit says when to come back, as the REST answers do (docs/security.md, F4)
          responseMeta({ errors }) {
            const seconds = Math.max(
              0,
              ...errors.map((error) => toPublicError(error).retryAfterSeconds ?? 0),
            );
            return seconds > 0 ? { headers: { 'retry-after': String(seconds) } } : {};
          },
        } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
      });
    },
    { prefix: '/trpc' },
  );

  await app.register(restAdapter, {
    prefix: '/api/v1',
    createContext,
    minAppVersion: authEnv.MIN_APP_VERSION,
  });
  await app.register(mediaRoutes, { photoStore });
  const photoUploads = createPhotoUploadGate();
  app.decorate('photoUploads', photoUploads);
  await app.register(photoUploadRoutes, {
    db,
    photoStore,
    rateLimitStore,
    gate: photoUploads,
    clock: services.now ?? systemClock,
  });

  await app.register(trustRoutes, { db, providers: trust, clock: services.now ?? systemClock, jobs });
  await app.register(unsubscribeRoutes, {
    db,
    secret: authEnv.NOTIFICATION_SECRET ?? DEFAULT_DELIVERY.secret,
    clock: services.now ?? systemClock,
  });
  // the /training signup posted without the app (a press before hydration, or no JavaScript)
  await app.register(trainingFormRoutes, { createContext });
  await app.register(calendarRoutes, { db, publicOrigin, linkOrigin, clock: services.now ?? systemClock });

  const indexHtml = join(env.WEB_DIST_DIR, 'index.html');
  const hasWebBuild = existsSync(indexHtml);
  if (hasWebBuild) {
    registerAssets(app, { webDir: env.WEB_DIST_DIR });
    await app.register(fastifyStatic, {
      root: env.WEB_DIST_DIR,
      wildcard: false,
      globIgnore: ASSETS_IN_MEMORY,
      // '/' is a page like any other: the not-found handler below picks its (prerendered) HTML
      index: false,
      // serve the .br/.gz files written at build time when the browser accepts them
      preCompressed: true,
      setHeaders(res, path) {
        // Vite's hashed assets never change; index.html must always be revalidated
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const serverRendered = hasWebBuild
    ? createServerRenderer({
        ssrDir: authEnv.WEB_SSR_DIR ?? `${env.WEB_DIST_DIR}-ssr`,
        webDir: env.WEB_DIST_DIR,
        router: appRouter,
        // the same page for everyone: rendered as an anonymous visitor
        createContext: async () => createContextInner({ db, rateLimitStore, log: mailLog }),
      })
    : null;
  if (hasWebBuild)
    registerPages(app, {
      webDir: env.WEB_DIST_DIR,
      serverRendered,
      // the same answer as the app's own auth.session call, through the same procedure
      sessionOf: async (request, reply) => createCaller(await createContext(request, reply)).auth.session(),
      contextOf: (request, reply) => createContext(request, reply),
    });
  else
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ success: false, message: 'Not found' }),
    );

  return app;
}
