import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy the built SPA runs under (SECURITY.md item 9). Scripts only from our origin (Vite
 * emits no inline script); styles also inline because Mantine injects <style> tags at run time; no framing.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface SecurityHeadersOptions {
  /** https origins get HSTS */
  publicOrigin: string;
}

/** Adds the headers to every answer (a hook on the root instance, so no route escapes it). */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const https = options.publicOrigin.startsWith('https:');
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (https || request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // API answers carry personal data: never stored by shared caches
    if (request.url.startsWith('/trpc') || request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
