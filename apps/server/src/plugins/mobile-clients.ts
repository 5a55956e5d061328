import fastifyCors from '@fastify/cors';
import { XSRF_HEADER } from '@rhema/auth';
import type { FastifyInstance } from 'fastify';

/** The headers the mobile app sends on every call, besides Content-Type. */
export const CLIENT_HEADERS = ['Authorization', 'app-id', 'x-app-version-number', XSRF_HEADER] as const;

export const APP_VERSION_HEADER = 'x-app-version-number';

/**
 * CORS for the configured client origins only (CORS_ORIGINS): their preflights are answered with the mobile app's
 * headers, their answers may carry credentials; any other origin gets no CORS header at all, so a browser keeps its
 * page from reading our answers. Without origins nothing is registered and no answer changes.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]) {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(fastifyCors, {
    // false: no header (not an error), so a refused origin reads as a plain same-origin-only server
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', ...CLIENT_HEADERS],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
}

/**
 * A mobile app older than MIN_APP_VERSION (its `x-app-version-number`) is answered 426 on every api/v1 call, in the
 * API's envelope, so it can tell its user to update. Clients that send no number (scripts) pass, as
 * does a value that is not a whole number: only a version known to be too old is refused (the web app sends 512,
 * apps/web/src/lib/client-headers.ts).
 */
export function requireAppVersion(app: FastifyInstance, minimum: number | undefined) {
  if (minimum === undefined) return;
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers[APP_VERSION_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    if (value === undefined || !/^\d{1,9}$/.test(value.trim())) return;
    const version = Number(value.trim());
    if (version >= minimum) return;
    return reply.status(426).send({
      success: false,
      message: `This version of the app (${version}) is no longer supported. Please update the app to version ${minimum} or later.`,
      min_app_version: minimum,
    });
  });
}
