import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '@rhema/auth';
import { seedUser } from '@rhema/seed';
import { createTestServer } from '../test/test-server';
import { removeWebBuild, writeWebBuild } from '../test/web-build';
import { embedSession, forSignedIn, referenceSearchTarget } from './pages';
import { prerenderedPages } from './prerendered';

const TERMS = '<html>terms, prerendered</html>';
const HOME =
  '<html lang="en"><body><header><a href="/auth/login" data-visitor-only="">Login</a></header>home, prerendered</body></html>';

describe('prerendered public pages', () => {
  let dist: string;
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    dist = writeWebBuild({
      'index.html': '<html><head></head>app shell</html>',
      'prerendered/index.html': HOME,
      'prerendered/terms.html': '<html>terms, prerendered</html>',
      // what the web build writes beside each page (apps/web/vite.config.ts)
      'prerendered/terms.html.br': brotliCompressSync(TERMS),
      'prerendered/terms.html.gz': gzipSync(TERMS),
    });
    server = await createTestServer({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await server.close();
    removeWebBuild(dist);
  });

  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('sends a prerendered page for its path, with or without a query string', async () => {
    expect((await get('/')).body).toBe(HOME);
    expect((await get('/terms')).body).toBe('<html>terms, prerendered</html>');
    expect((await get('/terms?from=footer')).body).toBe('<html>terms, prerendered</html>');
    expect((await get('/terms')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the compressed file the build wrote, as the browser accepts, and 304 to a revalidation', async () => {
    const as = (encoding: string, extra: Record<string, string> = {}) =>
      server.app.inject({ method: 'GET', url: '/terms', headers: { 'accept-encoding': encoding, ...extra } });
    const br = await as('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(TERMS);
    const gzip = await as('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(TERMS);
    const plain = await as('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(TERMS);
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    const etag = String(plain.headers['etag']);
    expect(etag).toMatch(/^".+"$/);
    expect(br.headers['etag']).toBe(etag);
    const again = await as('br', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the app shell for every other page', async () => {
    expect((await get('/faq')).body).toBe('<html><head></head>app shell</html>');
    expect((await get('/private-match/K7M2QX')).body).toBe('<html><head></head>app shell</html>');
    expect((await get('/terms/more')).body).toBe('<html><head></head>app shell</html>');
  });

  it('marks the pages it sends a signed-in browser and leaves out the Login link meant for visitors', async () => {
    const user = await seedUser(server.db, { email: 'pages@example.test', first_name: 'Ada' });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    const signedIn = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `rhema_session=${token}` },
    });
    expect(signedIn.body).toBe(
      '<html data-signed-in lang="en"><body><header></header>home, prerendered</body></html>',
    );
    // it is this browser's page now: no shared cache may keep it
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    // the app shell too, with the session's answer for the app's route guards; a cookie that is no session changes
    // nothing
    const shell = await server.app.inject({
      method: 'GET',
      url: '/account',
      headers: { cookie: `rhema_session=${token}` },
    });
    const embedded =
      /^<html data-signed-in><head><script type="application\/json" id="rhema-session">(.*)<\/script><\/head>app shell<\/html>$/.exec(
        shell.body,
      );
    expect(embedded).not.toBeNull();
    const session = JSON.parse(embedded![1]!) as { user: { _id: string; first_name: string; role: string } };
    expect(session.user).toMatchObject({ first_name: 'Ada', role: 'member' });
    // the same answer as the app's own call
    const call = await server.app.inject({
      method: 'GET',
      url: '/trpc/auth.session',
      headers: { cookie: `rhema_session=${token}` },
    });
    expect((call.json() as { result: { data: unknown } }).result.data).toEqual(session);
    const stranger = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'rhema_session=abc.def' },
    });
    expect(stranger.body).toBe(HOME);
  });

  it('embedSession writes a data block no value can close, and leaves `$` alone', () => {
    const html = embedSession('<html><head></head></html>', {
      user: { first_name: '</script><script>alert(1)</script>', note: "$& $' \u2028" },
    });
    expect(html).toBe(
      '<html><head><script type="application/json" id="rhema-session">' +
        '{"user":{"first_name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>","note":"$& $\' \\u2028"}}' +
        '</script></head></html>',
    );
    expect(JSON.parse(/>(\{.*\})</.exec(html)![1]!)).toEqual({
      user: { first_name: '</script><script>alert(1)</script>', note: "$& $' \u2028" },
    });
  });

  it('forSignedIn removes every visitor-only link and nothing else', () => {
    expect(
      forSignedIn(
        '<html lang="en"><a class="x" data-visitor-only="" href="/auth/login">Login</a><a href="/faq">FAQ</a><a data-visitor-only href="/auth/login"><span>Login</span></a></html>',
      ),
    ).toBe('<html data-signed-in lang="en"><a href="/faq">FAQ</a></html>');
  });

  it('answers the match reference search sent without the app with a redirect to the match page', async () => {
    const sent = await get('/private-match?reference=+K7M2QX+');
    expect(sent.statusCode).toBe(303);
    expect(sent.headers['location']).toBe('/private-match/K7M2QX');
    // whatever is typed stays a path of ours
    expect((await get('/private-match/?reference=//evil')).headers['location']).toBe(
      '/private-match/%2F%2Fevil',
    );
    expect(referenceSearchTarget('/private-match?reference=')).toBeUndefined();
    expect(referenceSearchTarget('/private-match')).toBeUndefined();
    expect(referenceSearchTarget('/support?reference=K7M2QX')).toBeUndefined();
  });

  it('maps only plain page names', () => {
    const pick = prerenderedPages(dist);
    expect(pick('/')).toBe('prerendered/index.html');
    expect(pick('/terms/')).toBe('prerendered/terms.html');
    expect(pick('/../index')).toBeUndefined();
    expect(pick('/nope')).toBeUndefined();
  });
});
