import { createMemoryMailer } from '@rhema/core';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { hashPassword } from '@rhema/auth';
import { seedUser } from '@rhema/seed';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { loadEnv } from '../env';
import { API_CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY } from './security-headers';

const PASSWORD = 'correct horse battery staple';

type App = Awaited<ReturnType<typeof buildServer>>;

async function makeServer(handle: DbHandle, overrides: Record<string, string> = {}) {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...overrides });
  const mailer = createMemoryMailer();
  const clock = { now: new Date() };
  const app = await buildServer({
    env,
    db: handle.db,
    services: { mailer, now: () => new Date(clock.now), jobs: 'inline' },
  });
  await app.ready();
  return { app, mailer, clock };
}

function cookie(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

/** A little browser: keeps cookies, sends X-XSRF-TOKEN from the XSRF-TOKEN cookie on non-GET. */
function browser(app: App, options: { origin?: string } = {}) {
  const jar = new Map<string, string>();
  const remember = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    jar,
    async get(url: string) {
      return remember(await app.inject({ method: 'GET', url, headers: { cookie: cookieHeader() } }));
    },
    async post(url: string, payload: unknown, headers: Record<string, string> = {}, xsrf = true) {
      const xsrfToken = jar.get('XSRF-TOKEN');
      return remember(
        await app.inject({
          method: 'POST',
          url,
          payload: payload as Record<string, unknown>,
          headers: {
            cookie: cookieHeader(),
            ...(xsrf && xsrfToken ? { 'x-xsrf-token': xsrfToken } : {}),
            ...(options.origin ? { origin: options.origin } : {}),
            ...headers,
          },
        }),
      );
    },
  };
}

describe('sessions over HTTP', () => {
  let handle: DbHandle;
  let server: Awaited<ReturnType<typeof makeServer>>;
  let n = 0;
  const newMember = async (extra: Record<string, unknown> = {}) => {
    n++;
    return seedUser(handle.db, {
      email: `http-${n}@example.test`,
      first_name: 'Kemi',
      password_hash: await hashPassword(PASSWORD),
      ...extra,
    });
  };

  beforeAll(async () => {
    handle = await createTestDb();
    server = await makeServer(handle);
  });
  afterAll(async () => {
    await server.app.close();
    await handle.close();
  });

  describe('security headers', () => {
    it('every answer has the CSP, nosniff, frame denial and referrer policy; no HSTS on http', async () => {
      for (const url of ['/', '/api/v1/faqs?faq_type=faqs', '/trpc/auth.session', '/healthz']) {
        const res = await server.app.inject({ method: 'GET', url });
        // an API answer runs nothing: its policy lets nothing load (plugins/security-headers.ts)
        expect(res.headers['content-security-policy'], url).toBe(
          /^\/(api|trpc)\//.test(url) ? API_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY,
        );
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['strict-transport-security']).toBeUndefined();
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
      expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
      const scriptSrc = /script-src ([^;]*)/.exec(CONTENT_SECURITY_POLICY)![1]!;
      expect(scriptSrc.split(' ')[0]).toBe("'self'");
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
    });

    it('https: HSTS, and the session cookie is Secure with the __Host- prefix', async () => {
      const https = await makeServer(handle, { PUBLIC_ORIGIN: 'https://rhema.example' });
      try {
        const user = await newMember();
        const b = browser(https.app);
        const page = await b.get('/');
        expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        const res = await b.post('/trpc/auth.login', { email: user.email, password: PASSWORD });
        expect(res.statusCode).toBe(200);
        const session = cookie(res, '__Host-rhema_session');
        expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
        expect(session?.domain).toBeUndefined();
        expect(cookie(res, 'XSRF-TOKEN')).toMatchObject({ secure: true, sameSite: 'Lax', path: '/' });
      } finally {
        await https.app.close();
      }
    });
  });

  describe('browser sessions (cookies + XSRF)', () => {
    it('login sets an HttpOnly, SameSite=Lax session cookie and a readable XSRF cookie; the body has no token', async () => {
      const user = await newMember();
      const b = browser(server.app);
      const page = await b.get('/');
      const anonymousXsrf = cookie(page, 'XSRF-TOKEN');
      expect(anonymousXsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
      expect(anonymousXsrf?.httpOnly).toBeFalsy();
      const res = await b.post('/trpc/auth.login', { email: user.email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { result: { data: { token?: string; user: { first_name: string } } } };
      expect(body.result.data.user.first_name).toBe('Kemi');
      expect(body.result.data.token).toBeUndefined();
      const session = cookie(res, 'rhema_session')!;
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session.secure).toBeFalsy();
      expect(session.expires!.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
      // the XSRF token is replaced by one bound to the new session
      expect(cookie(res, 'XSRF-TOKEN')!.value).not.toBe(anonymousXsrf!.value);
      const me = await b.get('/trpc/auth.session');
      expect((me.json() as { result: { data: { user: { email: string } } } }).result.data.user.email).toBe(
        user.email,
      );
    });

    it('refuses a cookie-authenticated POST without X-XSRF-TOKEN, with a wrong one, or with one not bound to the session', async () => {
      const user = await newMember();
      const b = browser(server.app);
      await b.get('/');
      await b.post('/trpc/auth.login', { email: user.email, password: PASSWORD });
      const missing = await b.post('/trpc/auth.logout', {}, {}, false);
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toEqual({ success: false, message: expect.stringMatching(/reload the page/) });
      const wrong = await b.post('/trpc/auth.logout', {}, { 'x-xsrf-token': 'not-the-token' });
      expect(wrong.statusCode).toBe(403);
      // an attacker who can plant a cookie pair (a sibling subdomain) still fails: the pair is not the session's
      const planted = await server.app.inject({
        method: 'POST',
        url: '/trpc/auth.logout',
        headers: {
          cookie: `rhema_session=${b.jar.get('rhema_session')}; XSRF-TOKEN=planted-token`,
          'x-xsrf-token': 'planted-token',
        },
        payload: {},
      });
      expect(planted.statusCode).toBe(403);
      // cross-site requests are refused even with the right token
      const crossSite = await b.post('/trpc/auth.logout', {}, { origin: 'https://evil.example' });
      expect(crossSite.statusCode).toBe(403);
      // still signed in after all that
      expect(
        ((await b.get('/trpc/auth.session')).json() as { result: { data: { user: unknown } } }).result.data
          .user,
      ).not.toBeNull();
      const ok = await b.post('/trpc/auth.logout', {});
      expect(ok.statusCode).toBe(200);
    });

    it('logout ends the session on the server: the old cookie answers 401', async () => {
      const user = await newMember();
      const b = browser(server.app);
      await b.get('/');
      await b.post('/trpc/auth.login', { email: user.email, password: PASSWORD });
      const token = b.jar.get('rhema_session')!;
      const out = await b.post('/trpc/auth.logout', {});
      expect(out.statusCode).toBe(200);
      const cleared = cookie(out, 'rhema_session');
      expect(cleared?.value ?? '').toBe('');
      const replay = await server.app.inject({
        method: 'GET',
        url: '/trpc/auth.me',
        headers: { cookie: `rhema_session=${token}` },
      });
      expect(replay.statusCode).toBe(401);
      const bearer = await server.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(bearer.statusCode).toBe(401);
    });
  });

  describe('mobile clients (REST, Bearer)', () => {
    it('register, login, me and logout through /api/v1 with the spec envelope; Bearer needs no XSRF', async () => {
      const register = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          email: 'Mobile.User@Example.test',
          password: 'mobile passphrase 42',
          first_name: 'Tunde',
          last_name: 'Bello',
          gender: 'male',
          date_of_birth: '1988-02-29',
          country_code: 'GB',
          phone: '+44 7700 900777',
          role: 'admin',
        },
      });
      expect(register.statusCode).toBe(200);
      expect(register.json()).toEqual({ success: true, message: expect.stringContaining('sent a code') });
      const mail = server.mailer.messages.findLast((m) => m.to === 'mobile.user@example.test')!;
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      const confirm = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register/confirm',
        payload: { email: 'Mobile.User@Example.test', code },
      });
      expect(confirm.statusCode).toBe(200);
      const registered = confirm.json() as {
        success: boolean;
        token: string;
        user: { _id: string; role: string };
      };
      expect(registered).toMatchObject({ success: true, user: { first_name: 'Tunde', role: 'member' } });
      expect(registered.token).toMatch(/\./);
      // REST answers set no session cookie: mobile keeps the token itself
      expect(cookie(confirm, 'rhema_session')).toBeUndefined();

      const login = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'mobile.user@example.test', password: 'mobile passphrase 42' },
      });
      const body = login.json() as {
        success: boolean;
        token: string;
        user: { _id: string; first_name: string };
      };
      expect(body).toMatchObject({ success: true, user: { _id: registered.user._id, first_name: 'Tunde' } });
      const auth = { authorization: `Bearer ${body.token}` };
      const me = await server.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: auth });
      expect(me.json()).toMatchObject({
        success: true,
        user: { _id: registered.user._id, introductions: false },
      });
      const logout = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: auth,
        payload: {},
      });
      expect(logout.json()).toEqual({ success: true, message: 'You have been signed out.' });
      const after = await server.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: auth });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ success: false, message: expect.any(String) });
    });

    it('password/request and password: the spec shapes, and the notice mail', async () => {
      const user = await newMember();
      const request = await server.app.inject({
        method: 'POST',
        url: '/api/v1/password/request',
        payload: { email: user.email },
      });
      const { success, token } = request.json() as { success: boolean; token: string };
      expect(success).toBe(true);
      const code = /\b(\d{6})\b/.exec(server.mailer.messages.at(-1)!.text)![1]!;
      const reset = await server.app.inject({
        method: 'POST',
        url: '/api/v1/password',
        payload: { email: user.email, code, password_reset: 'my new passphrase', token },
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ success: true, message: 'Your Password has been reset' });
      expect(server.mailer.messages.at(-1)!.subject).toMatch(/password was changed/);
      const unknown = await server.app.inject({
        method: 'POST',
        url: '/api/v1/password/request',
        payload: { email: 'nobody-at-all@example.test' },
      });
      expect(unknown.statusCode).toBe(200);
      expect(Object.keys(unknown.json() as object).sort()).toEqual(['success', 'token']);
    });

    it('bad input gets 400 naming the field, never a 5xx', async () => {
      const cases: [string, unknown][] = [
        ['/api/v1/auth/login', { email: 'not-an-email', password: 'x' }],
        ['/api/v1/auth/login', { email: 'a@b.test', password: 'x'.repeat(300) }],
        ['/api/v1/auth/register', { email: 'a@b.test' }],
        ['/api/v1/auth/register', []],
        ['/api/v1/password/request', { email: 42 }],
        ['/api/v1/password', { email: 'a@b.test', code: 'abc', password_reset: 'long enough', token: 't' }],
      ];
      for (const [url, payload] of cases) {
        const res = await server.app.inject({ method: 'POST', url, payload: payload as object });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        const body = res.json() as { success: boolean; message: string };
        expect(body.success).toBe(false);
        expect(body.message).toMatch(/^[a-z_]+: /);
      }
      const garbage = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      expect(garbage.statusCode).toBe(400);
    });

    it('the 11th failed login from one IP in 10 minutes answers 429 with Retry-After', async () => {
      const user = await newMember();
      const attempt = (password: string) =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: '198.51.100.77',
          payload: { email: user.email, password },
        });
      for (let i = 0; i < 10; i++) {
        const res = await attempt(`wrong-${i}-password`);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, message: 'The email or password is incorrect.' });
      }
      const limited = await attempt(PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect(limited.json()).toMatchObject({ success: false });
    });
  });
});
