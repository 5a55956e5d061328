import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY } from '../plugins/security-headers';
import { createTestServer } from '../test/test-server';
import { DOCS_CONTENT_SECURITY_POLICY } from './docs';

describe('GET /api/v1/docs: the API reference', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('serves the page and every file it loads from this server, under the reference policy', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
    const linked = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    // the site's own icon (the web build's), and the reference's three files
    expect(linked).toContain('/favicon.svg');
    const urls = linked.filter((url) => url !== '/favicon.svg');
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      expect(url).toMatch(/^\/api\/v1\/docs\//); // same origin, no CDN
      const asset = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect({ url, status: asset.statusCode }).toEqual({ url, status: 200 });
      expect(asset.headers['content-type']).toMatch(url.endsWith('.css') ? /text\/css/ : /javascript/);
      expect(asset.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
    }
    const start = await server.app.inject({ method: 'GET', url: '/api/v1/docs/start.js' });
    expect(start.body).toContain("url: '/api/v1/openapi.json'");
    expect(start.body).toContain('validatorUrl: null');
  });

  it('the reference policy allows no other host, and the rest of the site keeps its own policy', async () => {
    expect(DOCS_CONTENT_SECURITY_POLICY).not.toMatch(/https?:|\*|unsafe-eval/);
    expect(DOCS_CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
    for (const [url, csp] of [
      ['/api/v1/faqs?faq_type=faqs', API_CONTENT_SECURITY_POLICY],
      ['/api/v1/openapi.json', API_CONTENT_SECURITY_POLICY],
      ['/healthz', CONTENT_SECURITY_POLICY],
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect({ url, csp: res.headers['content-security-policy'] }).toEqual({ url, csp });
    }
  });
});
