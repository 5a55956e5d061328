import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { appRouter, type AppRouter } from '@rhema/api';
import { pingDb, type Database } from '@rhema/db';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { contextFactory } from './context';
import { registerCompression } from './plugins/compress';
import { mediaRoutes } from './routes/media';
import type { Env } from './env';
import { restAdapter } from './rest/adapter';

export interface BuildServerOptions {
  env: Pick<Env, 'WEB_DIST_DIR' | 'LOG_LEVEL' | 'TRUST_PROXY'>;
  db: Database;
  logger?: FastifyServerOptions['logger'];
}

const HEALTH_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { draining: boolean };
  }
}

export async function buildServer({ env, db, logger }: BuildServerOptions) {
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
          '*.code',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // answer with 503 instead of queueing forever when the process is overloaded
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
  });
  const createContext = contextFactory({ db });
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

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createContext(req, res),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ err: error, path }, 'trpc procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(restAdapter, { prefix: '/api/v1', createContext });
  await app.register(mediaRoutes);

  const indexHtml = join(env.WEB_DIST_DIR, 'index.html');
  const hasWebBuild = existsSync(indexHtml);
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: env.WEB_DIST_DIR,
      wildcard: false,
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

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/trpc') &&
      !request.url.startsWith('/api/') &&
      !/\.[a-z0-9]+(\?|$)/i.test(request.url);
    if (wantsPage && hasWebBuild) {
      // client-side routes (and the app's own 404 page) are rendered by the SPA
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: 'Not found' });
  });

  return app;
}
