import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { COLOR_SCHEME_SCRIPT } from '@rhema/schemas';
import {
  API_CONTENT_SECURITY_POLICY,
  CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  newScriptNonce,
  pageScriptPolicy,
  permissionsPolicyFor,
  registerSecurityHeaders,
} from './security-headers';
import { BUILT_FILE_ROUTE } from './route-kind';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

/** CSP source matching for the forms the policy uses: keywords, schemes, hosts and `*.` host wildcards. */
function allows(sources: readonly string[], url: string, self = 'https://rhema.example'): boolean {
  const target = new URL(url);
  return sources.some((source) => {
    if (source === "'self'") return target.origin === self;
    if (/^[a-z]+:$/.test(source)) return target.protocol === source;
    if (source.startsWith("'")) return false;
    const [scheme, host] = source.split('://') as [string, string];
    if (`${scheme}:` !== target.protocol) return false;
    if (host.startsWith('*.')) return target.hostname.endsWith(host.slice(1));
    return target.hostname === host;
  });
}

const policy = directives(CONTENT_SECURITY_POLICY);
const scriptSrc = policy.get('script-src')!;
const connectSrc = policy.get('connect-src')!;
const imgSrc = policy.get('img-src')!;

describe('Content-Security-Policy and the analytics tag', () => {
  it('lets the Tag Manager container load, as a script element from Google (one inline script by hash, no eval)', () => {
    expect(allows(scriptSrc, 'https://www.googletagmanager.com/gtm.js?id=GTM-R8HM424')).toBe(true);
    // GA4's gtag.js, which the container loads, is served from the same host
    expect(allows(scriptSrc, 'https://www.googletagmanager.com/gtag/js?id=G-XXXXXXX')).toBe(true);
    // the colour scheme's script, in every page's <head> (apps/web/vite-plugins.ts), and no other inline script
    const hash = createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64');
    expect(scriptSrc).toEqual(["'self'", `'sha256-${hash}'`, 'https://www.googletagmanager.com']);
    expect(scriptSrc.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:|https:(?!\/\/)/);
  });

  it('lets Google Analytics 4 send its hits (global and regional hosts) and nothing else leave the page', () => {
    for (const url of [
      'https://www.google-analytics.com/g/collect?v=2',
      'https://region1.google-analytics.com/g/collect?v=2',
      'https://region1.analytics.google.com/g/collect?v=2',
      'https://www.googletagmanager.com/td?id=G-XXXXXXX',
    ]) {
      expect(allows(connectSrc, url), url).toBe(true);
      expect(allows(imgSrc, url), url).toBe(true);
    }
    expect(allows(connectSrc, 'https://rhema.example/trpc/auth.session')).toBe(true);
    for (const url of [
      'https://evil.example/collect',
      'http://www.google-analytics.com/g/collect',
      'https://google-analytics.com.evil.example/g/collect',
      'https://tagmanager.google.com/',
    ]) {
      expect(allows(connectSrc, url), url).toBe(false);
    }
  });

  it("a page's own scripts: by a fresh nonce per request, or by hashes, each source once and the rest unchanged", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => newScriptNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const [nonce] = nonces;
    const withNonce = directives(pageScriptPolicy(nonce!));
    expect(withNonce.get('script-src')).toEqual([...policy.get('script-src')!, `'nonce-${nonce}'`]);
    expect(withNonce.get('script-src')).not.toContain("'unsafe-inline'");
    const colorScheme = policy.get('script-src')!.find((source) => source.startsWith("'sha256-"))!;
    const withHashes = directives(contentSecurityPolicy([colorScheme, "'sha256-page='"]));
    expect(withHashes.get('script-src')).toEqual([...policy.get('script-src')!, "'sha256-page='"]);
    for (const name of ['style-src', 'connect-src', 'default-src'])
      expect(withHashes.get(name), name).toEqual(policy.get(name));
  });

  it('keeps the rest of the policy strict', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    // Tag Manager's preview mode and noscript iframe are not used: no frame sources beyond default-src
    expect(policy.has('frame-src')).toBe(false);
  });

  it('is sent on every answer', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { publicOrigin: 'http://localhost:3000' });
    app.get('/', async () => 'ok');
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    // exactly our directives: none of helmet's defaults (upgrade-insecure-requests, script-src-attr) merged in
    expect([...directives(String(res.headers['content-security-policy'])).keys()]).toEqual([
      ...policy.keys(),
    ]);
    await app.close();
  });

  it('gives an API answer the API policy: nothing loads, nothing frames it, over http and https', async () => {
    const app = Fastify({ trustProxy: true });
    registerSecurityHeaders(app, { publicOrigin: 'http://localhost:3000' });
    app.get('/api/v1/faqs', async () => ({ success: true }));
    app.get('/trpc/*', async () => ({ result: null }));
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      for (const url of ['/api/v1/faqs', '/trpc/auth.session']) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
      }
    }
    expect(API_CONTENT_SECURITY_POLICY).toBe("default-src 'none';frame-ancestors 'none'");
    await app.close();
  });

  it('keeps a policy a route set for itself', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { publicOrigin: 'http://localhost:3000' });
    app.get('/own', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'none'").send('ok'),
    );
    const res = await app.inject({ method: 'GET', url: '/own' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    await app.close();
  });
});

describe("the web build's hashed files", () => {
  it('carry nosniff alone, and HSTS over https: none of the headers that act on documents', async () => {
    const app = Fastify({ trustProxy: true });
    registerSecurityHeaders(app, { publicOrigin: 'http://localhost:3000' });
    app.get(BUILT_FILE_ROUTE, async (_request, reply) => reply.type('text/javascript').send('export {};'));
    const plain = await app.inject({ method: 'GET', url: '/assets/index-a1b2c3.js' });
    expect(plain.statusCode).toBe(200);
    const documentOnly = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'permissions-policy',
    ];
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    for (const name of documentOnly) expect(plain.headers[name], name).toBeUndefined();
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await app.inject({
      method: 'GET',
      url: '/assets/index-a1b2c3.js',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(proxied.headers['x-content-type-options']).toBe('nosniff');
    expect(proxied.headers['content-security-policy']).toBeUndefined();
    await app.close();
  });

  it("answer a name that is not in the build with every header, like a page's not-found", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { publicOrigin: 'http://localhost:3000' });
    app.get(BUILT_FILE_ROUTE, async (_request, reply) => reply.callNotFound());
    const res = await app.inject({ method: 'GET', url: '/assets/not-built.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()');
    await app.close();
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on https only: an https public origin, or a request a trusted proxy says came over https', async () => {
    const app = Fastify({ trustProxy: true });
    registerSecurityHeaders(app, { publicOrigin: 'http://localhost:3000' });
    app.get('/', async () => 'ok');
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(proxied.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    await app.close();

    const https = Fastify();
    registerSecurityHeaders(https, { publicOrigin: 'https://rhema.example' });
    https.get('/', async () => 'ok');
    const res = await https.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await https.close();
  });
});

describe('Permissions-Policy', () => {
  it('lets the video call page alone use the camera and the microphone, from our origin only', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { publicOrigin: 'http://localhost:3000' });
    app.get('/*', async () => 'ok');
    const call = await app.inject({ method: 'GET', url: '/account/messages/0b1c2d3e/call?call=1' });
    expect(call.headers['permissions-policy']).toBe(
      'camera=(self), microphone=(self), geolocation=(), payment=()',
    );
    for (const url of ['/', '/account/messages/0b1c2d3e', '/account/messages/0b1c2d3e/callx', '/call']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe(
        'camera=(), microphone=(), geolocation=(), payment=()',
      );
    }
    expect(permissionsPolicyFor('/account/messages/a/b/call')).toContain('camera=()');
    await app.close();
  });
});
