import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '@rhema/auth';
import { seedUser } from '@rhema/seed';
import { createTestServer } from '../test/test-server';
import { removeWebBuild, writeWebBuild } from '../test/web-build';
import { NOT_FOUND_FILE, ROUTES_FILE, SIGNED_IN_ROUTES_FILE } from './known-pages';

const NOT_FOUND =
  '<html lang="en"><head></head><body><header><a href="/auth/login" data-visitor-only="">Login</a>' +
  '<button type="button" data-visitor-only=""><span></span></button></header>not found</body></html>';

describe('an address no route of the app matches', () => {
  let dist: string;
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    dist = writeWebBuild({
      'index.html': '<html><head></head>app shell</html>',
      'prerendered/terms.html': '<html>terms</html>',
      [ROUTES_FILE]: JSON.stringify(['/', '/terms', '/members/$memberId', '/account/']),
      [SIGNED_IN_ROUTES_FILE]: JSON.stringify(['/account/']),
      [NOT_FOUND_FILE]: NOT_FOUND,
      [`${NOT_FOUND_FILE}.gz`]: gzipSync(NOT_FOUND),
    });
    server = await createTestServer({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await server.close();
    removeWebBuild(dist);
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  it('answers 404 with the not-found page the build wrote, compressed as the browser accepts', async () => {
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toBe(NOT_FOUND);
    const gzip = await get('/terms/more', { 'accept-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(404);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(NOT_FOUND);
  });

  it("answers the app's routes as before, whatever their parameters", async () => {
    expect((await get('/terms')).body).toBe('<html>terms</html>');
    expect((await get('/terms/')).statusCode).toBe(200);
    const member = await get('/members/0b6f');
    expect(member.statusCode).toBe(200);
    expect(member.body).toBe('<html><head></head>app shell</html>');
    // the API and files keep their JSON 404
    expect((await get('/api/v1/nothing')).json()).toMatchObject({ success: false });
    expect((await get('/nothing.js')).json()).toMatchObject({ success: false });
  });

  it("sends a signed-in browser the page marked as theirs, without the visitors' links and button", async () => {
    const user = await seedUser(server.db, { email: 'lost@example.test', first_name: 'Ada' });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    const missing = await get('/no-such-page', { cookie: `rhema_session=${token}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-cache');
    expect(missing.body).toMatch(
      /^<html data-signed-in lang="en"><head><script type="application\/json" id="rhema-session">/,
    );
    expect(missing.body).toContain('<header></header>not found');
  });

  it('sends a signed-out request for a member page to the login page, and back after; signed in it is the page', async () => {
    const away = await get('/account/?tab=photos');
    expect(away.statusCode).toBe(302);
    expect(away.headers.location).toBe('/auth/login?redirect=%2Faccount%2F%3Ftab%3Dphotos');
    expect((await get('/Account')).statusCode).toBe(302);
    const user = await seedUser(server.db, { email: 'member@example.test', first_name: 'Bea' });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    const page = await get('/account/', { cookie: `rhema_session=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('app shell');
    // pages nobody needs to sign in for are served as before
    expect((await get('/terms')).statusCode).toBe(200);
  });
});
