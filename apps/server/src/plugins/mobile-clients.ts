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
 * An app version as the mobile apps send it: a whole number ("512") or dotted numbers ("5.1.2"), at most four
 * parts of at most 9 digits; anything else (a sign, letters, an empty part) is null.
 */
export function parseAppVersion(value: string): number[] | null {
  const text = value.trim();
  if (!/^[0-9]{1,9}(\.[0-9]{1,9}){0,3}$/.test(text)) return null;
  return text.split('.').map(Number);
}

/** Part by part, numerically ("599.9" < "600" < "600.0.1"); a missing part counts as 0. */
export function compareAppVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export const BAD_APP_VERSION_MESSAGE = `${APP_VERSION_HEADER}: must be a version number such as 512 or 5.1.2`;

/**
 * A mobile app older than MIN_APP_VERSION (its `x-app-version-number`) is answered 426 on every api/v1 call, in the
 * API's envelope, so it can tell its user to update. Clients that send no number (scripts) pass; the web app sends 512
 * (apps/web/src/lib/client-headers.ts). The header is read as a version and compared part by part: "599.9" is older
 * than 600, and a value that is no version ("-1", "abc") is a 400 naming the header, never a pass (docs/security.md,
 * F33).
 */
export function requireAppVersion(app: FastifyInstance, minimum: number | undefined) {
  if (minimum === undefined) return;
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers[APP_VERSION_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    if (value === undefined || value.trim() === '') return;
    const version = parseAppVersion(value);
    if (!version) return reply.status(400).send({ success: false, message: BAD_APP_VERSION_MESSAGE });
    if (compareAppVersions(version, [minimum]) >= 0) return;
    return reply.status(426).send({
      success: false,
      message: `This version of the app (${version.join('.')}) is no longer supported. Please update the app to version ${minimum} or later.`,
      min_app_version: minimum,
    });
  });
}
