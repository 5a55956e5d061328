// Resolves who is calling (browser cookie or mobile Bearer token, one session store for both) and enforces the
// CSRF rules of docs/security.md target 8 before any handler runs.
import fastifyCookie from '@fastify/cookie';
import {
  checkXsrf,
  createAnonymousXsrfToken,
  validateSessionToken,
  XSRF_COOKIE,
  XSRF_HEADER,
  type SessionUser,
  type ValidSession,
} from '@rhema/auth';
import { systemClock } from '@rhema/core';
import type { Database } from '@rhema/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPageUrl } from '../routes/pages';
import { isApiRoute } from './route-kind';

export interface RequestAuth {
  session: ValidSession;
  user: SessionUser;
  via: 'cookie' | 'bearer';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    /**
     * A form of a public page, posted by the browser without the app (routes/training-form.ts): it cannot send
     * X-XSRF-TOKEN, so its Origin alone is checked. Only for routes that act for nobody (they never read a session).
     */
    anonymousFormPost?: boolean;
  }
}

export interface SessionPluginOptions {
  db: Database;
  publicOrigin: string;
  /** other origins whose requests count as our own (CORS_ORIGINS): the XSRF check still applies to their cookies */
  trustedOrigins?: readonly string[];
  now?: () => Date;
}

export interface SessionCookieNames {
  session: string;
  xsrf: string;
  secure: boolean;
}

/** `__Host-` (Secure, Path=/, no Domain) on https, where browsers enforce it (docs/security.md target 4). */
export function sessionCookieNames(publicOrigin: string): SessionCookieNames {
  const secure = publicOrigin.startsWith('https:');
  return { session: secure ? '__Host-rhema_session' : 'rhema_session', xsrf: XSRF_COOKIE, secure };
}

export const CSRF_REFUSED_MESSAGE =
  'This request could not be verified. Please reload the page and try again.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function setSessionCookies(
  reply: FastifyReply,
  names: SessionCookieNames,
  session: { token: string; xsrfToken: string; expiresAt: Date },
) {
  const base = { path: '/', sameSite: 'lax' as const, secure: names.secure, expires: session.expiresAt };
  reply.setCookie(names.session, session.token, { ...base, httpOnly: true });
  // read by the app and echoed as X-XSRF-TOKEN; bound to the session by its stored hash
  reply.setCookie(names.xsrf, session.xsrfToken, { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, names: SessionCookieNames) {
  reply.clearCookie(names.session, { path: '/', secure: names.secure, httpOnly: true, sameSite: 'lax' });
  // a fresh anonymous token, so the signed-out app can still post (login, reset)
  reply.setCookie(names.xsrf, createAnonymousXsrfToken(), {
    path: '/',
    sameSite: 'lax',
    secure: names.secure,
    httpOnly: false,
  });
}

/** A sliding session moved its expiry: the cookie follows. */
function renewSessionCookie(reply: FastifyReply, names: SessionCookieNames, token: string, expiresAt: Date) {
  reply.setCookie(names.session, token, {
    path: '/',
    sameSite: 'lax',
    secure: names.secure,
    httpOnly: true,
    expires: expiresAt,
  });
}

function sameOrigin(
  request: FastifyRequest,
  publicOrigin: string,
  trustedOrigins: ReadonlySet<string>,
): boolean {
  const origin = headerValue(request, 'origin');
  if (origin && trustedOrigins.has(origin)) return true;
  const fetchSite = headerValue(request, 'sec-fetch-site');
  if (fetchSite === 'cross-site') return false;
  if (!origin) return true;
  const allowed = new Set([new URL(publicOrigin).origin, `${request.protocol}://${request.host}`]);
  return allowed.has(origin);
}

/** A form post from a page of ours: its Origin is this site's, and the browser did not call it cross-site. */
function formFromOurPage(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = headerValue(request, 'origin');
  const fetchSite = headerValue(request, 'sec-fetch-site');
  if (!origin || (fetchSite !== undefined && fetchSite !== 'same-origin')) return false;
  return origin === new URL(publicOrigin).origin || origin === `${request.protocol}://${request.host}`;
}

export async function registerSessionPlugin(app: FastifyInstance, options: SessionPluginOptions) {
  const names = sessionCookieNames(options.publicOrigin);
  const now = options.now ?? systemClock;
  const trustedOrigins = new Set(options.trustedOrigins ?? []);
  await app.register(fastifyCookie);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request, reply) => {
    request.auth = null;
    // by the route that matched, never the raw URL (docs/security.md, F6)
    const isApi = isApiRoute(request);
    const cookies = request.cookies;

    if (!isApi) {
      // a page load: make sure the app has an XSRF token to echo before anyone signs in
      if (request.method === 'GET' && !cookies[names.xsrf]) {
        reply.setCookie(names.xsrf, createAnonymousXsrfToken(), {
          path: '/',
          sameSite: 'lax',
          secure: names.secure,
          httpOnly: false,
        });
      }
      // a page (not a file): who it is for decides what its static HTML shows (routes/pages.ts)
      const sessionCookie = cookies[names.session];
      if (request.method === 'GET' && sessionCookie && isPageUrl(request.url)) {
        const result = await validateSessionToken(options.db, sessionCookie, now());
        if (result) request.auth = { ...result, via: 'cookie' };
        if (result?.session.renewed)
          renewSessionCookie(reply, names, sessionCookie, result.session.expiresAt);
      }
      // no route of ours takes a state-changing request outside the API, but whatever answers one (a not-found
      // handler, a route added later) is behind the same CSRF check as the API
      if (SAFE_METHODS.has(request.method)) return;
    }

    const bearer = bearerToken(request);
    const cookieToken = cookies[names.session];
    if (!isApi) {
      // a session is resolved for API routes only; here only the CSRF check below runs
    } else if (bearer) {
      const result = await validateSessionToken(options.db, bearer, now());
      if (result) request.auth = { ...result, via: 'bearer' };
    } else if (cookieToken) {
      const result = await validateSessionToken(options.db, cookieToken, now());
      if (result) {
        request.auth = { ...result, via: 'cookie' };
        if (result.session.renewed) renewSessionCookie(reply, names, cookieToken, result.session.expiresAt);
      } else {
        clearSessionCookies(reply, names);
      }
    }

    if (SAFE_METHODS.has(request.method) || bearer) return;
    // from here: a state-changing browser-style request, where cookies travel by themselves
    let verdict: string = 'ok';
    if (request.routeOptions.config.anonymousFormPost) {
      // a public page's form posted by the browser itself (routes/training-form.ts): no header can carry the XSRF
      // token, and the route acts for nobody, so what is checked is that our own page sent it (browsers send Origin
      // with every POST; none at all is refused here)
      if (!formFromOurPage(request, options.publicOrigin)) verdict = 'cross-origin';
    } else if (!sameOrigin(request, options.publicOrigin, trustedOrigins)) {
      verdict = 'cross-origin';
    } else if (request.auth?.via === 'cookie') {
      verdict = checkXsrf({
        cookieValue: cookies[names.xsrf],
        headerValue: headerValue(request, XSRF_HEADER),
        sessionXsrfHash: request.auth.session.xsrfTokenHash,
      });
    } else if (cookies[names.xsrf] || cookieToken) {
      verdict = checkXsrf({
        cookieValue: cookies[names.xsrf],
        headerValue: headerValue(request, XSRF_HEADER),
      });
    }
    if (verdict !== 'ok') {
      request.log.warn({ reason: verdict, url: request.url.split('?')[0] }, 'CSRF check refused a request');
      return reply.status(403).send({ success: false, message: CSRF_REFUSED_MESSAGE });
    }
  });

  return { names };
}
