// docs/security.md, F7: the avatar SVGs keep their own CSP (`default-src 'none'`); the global headers hook
// must not replace a header a route chose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../plugins/security-headers';
import { createTestServer } from '../test/test-server';

describe('/media/avatars/*.svg CSP (F7)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it("is served with default-src 'none', not the site policy", async () => {
    const res = await server.app.inject({ method: 'GET', url: '/media/avatars/K7M2QX-1.svg' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'none'/);
    expect(csp).not.toContain('script-src');
    // the other security headers still come from the global hook
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('other answers keep the site policy', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});
