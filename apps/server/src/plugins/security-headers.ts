import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { COLOR_SCHEME_SCRIPT } from '@rhema/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRoute, isBuiltFileRoute } from './route-kind';

/**
 * Google Tag Manager and the Google Analytics 4 it runs, which the web app adds only after consent to analytics
 * (apps/web/src/features/consent/analytics.ts). Hosts from Google's "Use Tag Manager with a Content Security
 * Policy" guide, GA4 section: https://developers.google.com/tag-platform/security/guides/csp
 */
export const GOOGLE_TAG_SCRIPT_HOST = 'https://www.googletagmanager.com';
/** Where GA4 sends its hits (regional hosts such as region1.google-analytics.com included) and GTM's own requests. */
export const GOOGLE_ANALYTICS_HOSTS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
] as const;

/** The one inline script the pages carry (the colour scheme set before the first paint), allowed by its hash. */
export const COLOR_SCHEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64')}'`;

/**
 * The Content-Security-Policy the built SPA runs under (docs/security.md target 9), as helmet's directives.
 * Scripts only from our origin, the one inline script whose hash it names (no other inline script runs) and the Tag
 * Manager script (a script element, not Google's inline snippet); styles also inline because Mantine injects <style>
 * tags at run time; no framing. img-src already allows any https image, which covers the analytics pixels.
 */
export const CONTENT_SECURITY_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", COLOR_SCHEME_SCRIPT_HASH, GOOGLE_TAG_SCRIPT_HOST],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", ...GOOGLE_ANALYTICS_HOSTS],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const satisfies Record<string, readonly string[]>;

/**
 * The policy as helmet writes those directives (and only those: its defaults are not merged in), with `scripts`
 * added to script-src: a page's own inline scripts (the router's state), by a nonce or by their hashes.
 */
export function contentSecurityPolicy(scripts: readonly string[] = []): string {
  // a page's hashes may repeat the colour-scheme script's, which every page has: each source once
  return policyOf({
    ...CONTENT_SECURITY_DIRECTIVES,
    'script-src': [...new Set([...CONTENT_SECURITY_DIRECTIVES['script-src'], ...scripts])],
  });
}

/** Directives as helmet writes them: `name source source` joined by `;`, in their order. */
function policyOf(directives: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

/** The header every page and file gets from helmet. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * The policy of an API answer (JSON, an event stream, a calendar file: never a document that runs anything), as
 * OWASP's REST Security Cheat Sheet gives APIs: nothing may load, no one may frame it. A browser that opened one
 * directly gets nothing to run, and the answer carries ~430 bytes less than the pages' policy. The API reference,
 * a page under /api/v1, sets its own (rest/docs.ts).
 */
export const API_CONTENT_SECURITY_DIRECTIVES = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
} as const satisfies Record<string, readonly string[]>;
export const API_CONTENT_SECURITY_POLICY = policyOf(API_CONTENT_SECURITY_DIRECTIVES);

/**
 * A fresh CSP nonce (128 random bits, base64) for one page rendered for one request: its scripts carry it, and the
 * answer's policy names it (`pageScriptPolicy`).
 */
export const newScriptNonce = (): string => randomBytes(16).toString('base64');

/** The policy of a page rendered for one request, whose inline scripts carry `nonce`. */
export const pageScriptPolicy = (nonce: string): string => contentSecurityPolicy([`'nonce-${nonce}'`]);

const STRICT_TRANSPORT_SECURITY = { maxAge: 31_536_000, includeSubDomains: true } as const;

/** The video call page (apps/web/src/routes/account/messages.$userId_.call.tsx): the one page with a camera. */
const CALL_PAGE = /^\/account\/messages\/[^/?#]+\/call\/?(?:[?#]|$)/;

/**
 * Permissions-Policy: no page may use the camera or the microphone but the video call page, where our own origin
 * may (docs/decisions/180-video-calls.md). A document keeps the policy it was loaded with, so the app opens that
 * page with a full navigation.
 */
export function permissionsPolicyFor(url: string): string {
  const media = CALL_PAGE.test(url) ? 'camera=(self), microphone=(self)' : 'camera=(), microphone=()';
  return `${media}, geolocation=(), payment=()`;
}

/** What a file that is not a document obeys, of the pages' headers. */
const FILE_HEADERS = ['x-content-type-options', 'strict-transport-security'] as const;

const pick = (headers: Readonly<Record<string, string>>, names: readonly string[]) =>
  Object.freeze(Object.fromEntries(Object.entries(headers).filter(([name]) => names.includes(name))));

export interface SecurityHeadersOptions {
  /** https origins get HSTS */
  publicOrigin: string;
}

/** helmet's options but the policy (the pages' or the API's, `headerSets` below) and HSTS (on https only). */
const HELMET_OPTIONS = {
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // not sent before helmet either: a same-origin CORP would stop other sites showing our images (a mail read in a
  // webmail), and turning off DNS prefetching could slow a page's later requests
  crossOriginResourcePolicy: false,
  xDnsPrefetchControl: false,
} as const satisfies HelmetOptions;

/**
 * The headers helmet's middleware writes for these options, read once through its public (req, res, next) form:
 * none of our directives depends on the request, so every answer gets the same values. Asked per request (as
 * @fastify/helmet did), helmet rebuilt its middleware and re-serialised the policy each time (~4 % of the busy
 * time under GET api/v1/faqs, bench/results/2026-11-29-request-path.md).
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * The headers of every answer, set on the reply as a request arrives (so a failed answer has them too), with the
 * pages' policy or, on an API route, the API's (`API_CONTENT_SECURITY_DIRECTIVES`); a route
 * that chose its own policy keeps it, since a header set later on the reply replaces these (the avatar SVGs run
 * under `default-src 'none'`, the API reference under its own, apps/server/src/rest/docs.ts). The
 * Permissions-Policy, which depends on the page, and `no-store` on API answers are set as the answer leaves.
 *
 * The web build's hashed scripts and style sheets get only what a browser obeys on a file that is not a document:
 * nosniff (a script or style sheet of the wrong type is refused) and, on https, HSTS. The policy, framing, opener,
 * referrer and permissions headers act on documents only, and on HTTP/1.1 they were ~730 of the ~1,100 bytes each
 * of the ~80 files a signed-in page loads carried (bench/results/2026-11-29-built-file-headers.md). A name that is
 * not in the build is answered by the not-found handler, which gets the full set as the answer leaves.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  // HSTS on https only: where the public origin is https, always; otherwise for a request that came over https to
  // a server whose public origin is not (behind a proxy that says so)
  const headerSets = (directives: Readonly<Record<string, readonly string[]>>) => {
    const withPolicy = { ...HELMET_OPTIONS, contentSecurityPolicy: { useDefaults: false, directives } };
    const https = helmetHeaders({ ...withPolicy, strictTransportSecurity: STRICT_TRANSPORT_SECURITY });
    const plain = options.publicOrigin.startsWith('https:') ? https : helmetHeaders(withPolicy);
    return { https, plain };
  };
  const pages = headerSets(CONTENT_SECURITY_DIRECTIVES);
  const api = headerSets(API_CONTENT_SECURITY_DIRECTIVES);
  const builtFiles = {
    https: pick(pages.https, FILE_HEADERS),
    plain: pick(pages.plain, FILE_HEADERS),
  };
  const headersFor = (request: FastifyRequest) => {
    const sets = isBuiltFileRoute(request) ? builtFiles : isApiRoute(request) ? api : pages;
    return request.protocol === 'https' ? sets.https : sets.plain;
  };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headersFor(request));
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isBuiltFileRoute(request) && reply.statusCode < 400) return done(null, payload);
    // a built file's name that is not in the build is answered by the not-found handler, after the file set
    if (!reply.hasHeader('content-security-policy')) void reply.headers(headersFor(request));
    void reply.header('permissions-policy', permissionsPolicyFor(request.url));
    // API answers carry personal data: never stored by shared caches (by the matched route, whatever the spelling)
    if (isApiRoute(request) || /^\/+(api|trpc)\b/i.test(request.url)) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
