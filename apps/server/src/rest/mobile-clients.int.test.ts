// What a mobile client needs beyond the rows themselves: its "empty payload" calls sent as no body
// with a JSON Content-Type, CORS for the configured origins only, and 426 for an app older than the minimum.
import { createSession } from '@rhema/auth';
import { seedIntroduction, seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;

const APP_ORIGIN = 'capacitor://localhost';
const PARTNER_ORIGIN = 'https://app.rhema.test';
const OTHER_ORIGIN = 'https://evil.example.test';

async function signedIn(server: Server, email: string, role: 'member' | 'consultant' = 'member') {
  const user = await seedUser(server.db, { email, first_name: email.split('@')[0]!, role });
  const { token } = await createSession(server.db, { userId: user.id, role, now: new Date() });
  return { user, token };
}

describe('api/v1 for mobile clients', () => {
  let server: Server;
  beforeAll(async () => {
    server = await createTestServer({
      CORS_ORIGINS: `${APP_ORIGIN}, ${PARTNER_ORIGIN}`,
      MIN_APP_VERSION: '512',
    });
  });
  afterAll(() => server.close());

  /** a call as the mobile app sends it: JSON Content-Type, and no body unless one is given */
  const send = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: string,
  ) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { 'content-type': 'application/json', ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  describe('the empty-payload calls', () => {
    it.each([
      ['no body', undefined],
      ['an empty object', '{}'],
    ])('activate, deactivate, premium and reject accept %s', async (label, payload) => {
      const slug = label.replaceAll(' ', '-');
      const staff = await signedIn(server, `staff-${slug}@example.test`, 'consultant');
      const owner = await signedIn(server, `owner-${slug}@example.test`);
      const contact = await signedIn(server, `contact-${slug}@example.test`);
      const auth = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });
      const { id } = await seedIntroduction(server.db, {
        owner_id: owner.user.id,
        contact_id: contact.user.id,
        created_by: staff.user.id,
      });

      // deactivate first: the member's calls below need the introduction switched on
      const deactivate = await send(
        'PATCH',
        `/admin/user-introductions/introduction/${id}/deactivate`,
        auth(staff),
        payload,
      );
      expect(deactivate.statusCode).toBe(200);
      const activate = await send(
        'PATCH',
        `/admin/user-introductions/introduction/${id}/activate`,
        auth(staff),
        payload,
      );
      expect({ status: activate.statusCode, body: activate.json() }).toMatchObject({
        status: 200,
        body: { success: true, data: { _id: id } },
      });
      const premium = await send('POST', `/user-subscriptions/premium?matchId=${id}`, auth(owner), payload);
      expect({ status: premium.statusCode, body: premium.json() }).toMatchObject({
        status: 200,
        body: { success: true, data: { status: 'pending' } },
      });

      await server.db
        .updateTable('introductions')
        .set({ status: 'requested', is_active: true })
        .where('id', '=', id)
        .execute();
      const reject = await send('PATCH', `/user-introductions/${id}/reject`, auth(contact), payload);
      expect({ status: reject.statusCode, body: reject.json() }).toMatchObject({
        status: 200,
        body: { success: true, data: { _id: id, status: 'rejected' } },
      });
    });

    it('still refuses malformed JSON, and a body where the procedure needs one', async () => {
      const member = await signedIn(server, 'malformed@example.test');
      const auth = { authorization: `Bearer ${member.token}` };
      const malformed = await send('POST', '/friends/requests', auth, '{"user_id":');
      expect({ status: malformed.statusCode, success: malformed.json().success }).toEqual({
        status: 400,
        success: false,
      });
      const empty = await send('POST', '/friends/requests', auth);
      expect({ status: empty.statusCode, success: empty.json().success }).toEqual({
        status: 400,
        success: false,
      });
    });
  });

  it('answers a page past the last one empty, with a paginator that says so', async () => {
    const staff = await signedIn(server, 'paging-staff@example.test', 'consultant');
    const member = await signedIn(server, 'paging-member@example.test');
    const owner = await signedIn(server, 'paging-owner@example.test');
    await seedIntroduction(server.db, { owner_id: owner.user.id, created_by: staff.user.id });
    const get = async (url: string, who: { token: string }) => {
      const res = await send('GET', url, { authorization: `Bearer ${who.token}` });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { data: unknown[]; paginator: Record<string, unknown> } }).data;
    };
    for (const [url, who] of [
      ['/admin/user-introductions/introduction/list?page=999', staff],
      ['/user-introductions/pre/matched?page=999', staff],
      ['/members?page=999', member],
    ] as const) {
      const first = await get(url.replace('999', '1'), who);
      const lastPage = first.paginator.pageCount;
      const past = await get(url, who);
      expect({ url, data: past.data, paginator: past.paginator }).toMatchObject({
        url,
        data: [],
        paginator: {
          currentPage: 999,
          pageCount: lastPage,
          prev: lastPage,
          next: null,
          hasPrevPage: true,
          hasNextPage: false,
        },
      });
    }
  });

  describe('CORS', () => {
    const preflight = (
      origin: string,
      requestHeaders = 'authorization,app-id,x-app-version-number,x-xsrf-token',
    ) =>
      server.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/user-introductions',
        headers: {
          origin,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': requestHeaders,
        },
      });

    it.each([APP_ORIGIN, PARTNER_ORIGIN])(
      'answers the preflight of a configured origin (%s) with the app headers and credentials',
      async (origin) => {
        const res = await preflight(origin);
        expect(res.statusCode).toBe(204);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        expect(res.headers['access-control-allow-credentials']).toBe('true');
        expect(String(res.headers['access-control-allow-methods'])).toContain('PATCH');
        const allowed = String(res.headers['access-control-allow-headers'])
          .split(',')
          .map((h) => h.trim().toLowerCase());
        expect(allowed).toEqual(
          expect.arrayContaining(['authorization', 'app-id', 'x-app-version-number', 'x-xsrf-token']),
        );
      },
    );

    it('gives another origin no CORS header at all, on the preflight and on the call', async () => {
      const res = await preflight(OTHER_ORIGIN);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.statusCode).not.toBe(204);

      const call = await server.app.inject({
        method: 'GET',
        url: '/api/v1/faqs?faq_type=faqs',
        headers: { origin: OTHER_ORIGIN },
      });
      expect(call.statusCode).toBe(200);
      expect(call.headers['access-control-allow-origin']).toBeUndefined();
      expect(call.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it("lets a configured origin's page read the answer and sign in (its POST is not a cross-site forgery)", async () => {
      const faqs = await server.app.inject({
        method: 'GET',
        url: '/api/v1/faqs?faq_type=faqs',
        headers: { origin: APP_ORIGIN },
      });
      expect(faqs.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(faqs.headers['access-control-allow-credentials']).toBe('true');
      expect(String(faqs.headers.vary)).toMatch(/origin/i);

      const password = 'a long enough passphrase';
      const user = await seedUser(server.db, {
        email: 'cors-login@example.test',
        first_name: 'Ada',
        password,
      });
      const login = (origin: string) =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { origin, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
          payload: { email: user.email, password },
        });
      const fromApp = await login(APP_ORIGIN);
      expect({ status: fromApp.statusCode, success: fromApp.json().success }).toEqual({
        status: 200,
        success: true,
      });
      const fromElsewhere = await login(OTHER_ORIGIN);
      expect(fromElsewhere.statusCode).toBe(403);
    });

    it('adds no CORS header and answers no preflight when no origin is configured', async () => {
      const plain = await createTestServer();
      try {
        const res = await plain.app.inject({
          method: 'OPTIONS',
          url: '/api/v1/faqs',
          headers: { origin: APP_ORIGIN, 'access-control-request-method': 'GET' },
        });
        expect(res.statusCode).not.toBe(204);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await plain.close();
      }
    });
  });

  describe('the minimum app version', () => {
    const faqs = (headers: Record<string, string>) =>
      server.app.inject({ method: 'GET', url: '/api/v1/faqs?faq_type=faqs', headers });

    it('answers 426 with a message to update to an app older than MIN_APP_VERSION', async () => {
      const res = await faqs({ 'x-app-version-number': '511', 'app-id': '', origin: APP_ORIGIN });
      expect(res.statusCode).toBe(426);
      expect(res.json()).toEqual({
        success: false,
        message:
          'This version of the app (511) is no longer supported. Please update the app to version 512 or later.',
        min_app_version: 512,
      });
      // the app's page can read it
      expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    });

    it('reads the header as a version: older dotted versions answer 426, what is no version 400 (F33)', async () => {
      const older = await faqs({ 'x-app-version-number': '511.9' });
      expect([older.statusCode, older.json().min_app_version]).toEqual([426, 512]);
      expect((await faqs({ 'x-app-version-number': '512.0.1' })).statusCode).toBe(200);
      for (const value of ['-1', 'abc', '1.5.', '5e3', '0x300', '512.1.2.3.4']) {
        const res = await faqs({ 'x-app-version-number': value });
        expect({ value, status: res.statusCode, body: res.json() }).toEqual({
          value,
          status: 400,
          body: {
            success: false,
            message: 'x-app-version-number: must be a version number such as 512 or 5.1.2',
          },
        });
      }
    });

    it('serves the minimum and newer versions, and clients that send no version', async () => {
      expect((await faqs({ 'x-app-version-number': '512' })).statusCode).toBe(200);
      expect((await faqs({ 'x-app-version-number': '600' })).statusCode).toBe(200);
      expect((await faqs({})).statusCode).toBe(200);
    });
  });
});
