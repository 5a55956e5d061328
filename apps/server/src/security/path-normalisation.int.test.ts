// docs/security.md, F6: the CSRF check and the session plugin decide by the route that matched, never by
// the raw URL string: %-encoded, doubled-slash and mixed-case spellings of /api and /trpc must not skip the check,
// and an API answer reached by any spelling is never stored by a cache.
import { createSession } from '@rhema/auth';
import { seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_REFUSED_MESSAGE } from '../plugins/session';
import { createTestServer } from '../test/test-server';

describe('security checks by matched route (F6)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let userId: string;
  beforeAll(async () => {
    server = await createTestServer();
    const user = await seedUser(server.db, { email: 'path-probe@example.test', first_name: 'Probe' });
    userId = user.id;
  });
  afterAll(() => server.close());

  async function browserSession() {
    const session = await createSession(server.db, { userId, role: 'member', now: new Date() });
    return {
      token: session.token,
      // the session cookie and the XSRF cookie, but no X-XSRF-TOKEN header: what a forged form would send
      cookie: `rhema_session=${session.token}; XSRF-TOKEN=${session.xsrfToken}`,
    };
  }

  async function stillSignedIn(token: string): Promise<boolean> {
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    return (JSON.parse(me.body) as { user: unknown }).user !== null;
  }

  it('the plain path is refused without X-XSRF-TOKEN (the control case)', async () => {
    const { cookie, token } = await browserSession();
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(await stillSignedIn(token)).toBe(true);
  });

  const LOGOUT_SPELLINGS = [
    '/%61pi/v1/auth/logout',
    '/%61%70%69/v1/auth/logout',
    '/api/%761/auth/logout',
    '/api/v1/%61uth/logout',
    '/api/v1/auth/logou%74',
    '//api/v1/auth/logout',
    '/api//v1/auth/logout',
    '/API/v1/auth/logout',
    '/Api/V1/Auth/Logout',
    '/%74rpc/auth.logout',
    '/%54RPC/auth.logout',
    '//trpc/auth.logout',
    '/TRPC/auth.logout',
    '/trpc/%61uth.logout',
  ];
  for (const url of LOGOUT_SPELLINGS) {
    it(`POST ${url} with the cookie and no X-XSRF-TOKEN does not sign out`, async () => {
      const { cookie, token } = await browserSession();
      const res = await server.app.inject({ method: 'POST', url, headers: { cookie } });
      expect(res.statusCode, res.body).not.toBe(200);
      expect(res.statusCode).toBeLessThan(500);
      if (res.statusCode === 403) expect(res.body).toContain(CSRF_REFUSED_MESSAGE);
      expect(await stillSignedIn(token)).toBe(true);
    });
  }

  const ME_SPELLINGS = [
    '/%61pi/v1/auth/me',
    '/api/v1/%61uth/me',
    '//api/v1/auth/me',
    '/API/v1/auth/me',
    '/%74rpc/auth.me',
    '//trpc/auth.me',
  ];
  for (const url of ME_SPELLINGS) {
    it(`GET ${url} with the cookie is never cacheable with the member's data`, async () => {
      const { cookie } = await browserSession();
      const res = await server.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBeLessThan(500);
      if (res.body.includes('path-probe@example.test')) {
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });
  }

  it('GET /%61pi/v1/auth/me answers no-store (it reaches the API route)', async () => {
    const { cookie } = await browserSession();
    const res = await server.app.inject({ method: 'GET', url: '/%61pi/v1/auth/me', headers: { cookie } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
