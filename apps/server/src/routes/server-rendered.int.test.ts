import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession } from '@rhema/auth';
import { seedUser } from '@rhema/seed';
import { createTestServer } from '../test/test-server';
import { removeWebBuild, writeWebBuild } from '../test/web-build';
import type { RenderManifest } from '@rhema/web/render-contract';
import { createServerRenderer, MAX_SEARCHED_PAGES, type ServerRenderModule } from './server-rendered';

// A stand-in for the web build's render.js: it asks the real API (in-process, as the real one does through tRPC's
// local link) for the FAQs and lists their titles. The real renderer is exercised by the e2e tests.
const FAKE_RENDER_JS = `
export async function renderDocument(path, options) {
  const caller = options.api.router.createCaller(await options.api.createContext());
  const faqs = await caller.faqs.list({ faq_type: 'faqs' });
  return options.template.replace('<div id="root"></div>',
    '<div id="root">' + path + (options.search ?? '') + ':' + faqs.map((faq) => faq.title).join('|') + '</div>'
    + (options.nonce ? '<script nonce="' + options.nonce + '">state</script>' : '<script>faqState</script>'))
    + '<!--' + 'padding '.repeat(300) + '-->';
}
export function inlineScriptHashes(html) {
  return [...html.matchAll(new RegExp('<script>([^<]*)</script>', 'g'))].map((m) => "'sha256-" + m[1] + "='");
}`;

/** The nonce a page's scripts carry, and the one its answer's CSP allows scripts by. */
function noncesOf(res: { body: string; headers: Record<string, unknown> }) {
  const policy = String(res.headers['content-security-policy']);
  return {
    page: /<script nonce="([^"]+)">/.exec(res.body)?.[1],
    policy: /script-src [^;]*'nonce-([^']+)'/.exec(policy)?.[1],
    scriptSrc: /script-src ([^;]*)/.exec(policy)?.[1],
  };
}

/** A web build with a server renderer in a temporary folder: the app shell, render.js and its manifest. */
function fakeWebBuild(
  shell: string,
  renderJs: string,
  manifest: RenderManifest,
  pages: Record<string, string> = {},
): string {
  return writeWebBuild({
    ...Object.fromEntries(Object.entries(pages).map(([file, html]) => [`dist/${file}`, html])),
    'dist/index.html': shell,
    'dist-ssr/render.js': renderJs,
    'dist-ssr/manifest.json': JSON.stringify(manifest),
  });
}

describe('server-rendered public pages', () => {
  let web: string;
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    web = fakeWebBuild(
      '<html>app shell</html>',
      FAKE_RENDER_JS,
      {
        template: '<html><body><div id="root"></div></body></html>',
        routeCss: {},
        serverRenderedPaths: ['/faq'],
        searchRenderedPaths: ['/terms'],
        scriptHashes: { 'prerendered/terms.html': ["'sha256-termsState='"] },
      },
      { 'prerendered/terms.html': '<html>terms<script>state</script></html>' },
    );
    server = await createTestServer({ WEB_DIST_DIR: join(web, 'dist') });
    await server.db
      .insertInto('faqs')
      .values([
        { faq_type: 'faqs', title: 'Second question', post: 'Second answer', position: 2 },
        { faq_type: 'faqs', title: 'First question', post: 'First answer', position: 1 },
      ])
      .execute();
  });
  afterAll(async () => {
    await server.close();
    removeWebBuild(web);
  });

  it('renders /faq with the FAQs from the database, as HTML that is never cached by the browser', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/faq?from=footer' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">/faq:First question|Second question</div>');
  });

  it('sends /faq, the same for everyone, with the CSP hashes of its inline scripts and no nonce', async () => {
    const [first, second] = await Promise.all([
      server.app.inject({ method: 'GET', url: '/faq' }),
      server.app.inject({ method: 'GET', url: '/faq' }),
    ]);
    for (const res of [first!, second!]) {
      expect(res.body).toContain('<script>faqState</script>');
      const { scriptSrc } = noncesOf(res);
      expect(scriptSrc).toContain("'sha256-faqState='");
      expect(scriptSrc).not.toMatch(/nonce|unsafe-inline/);
    }
  });

  it('sends a prerendered page with the CSP hashes of its own inline scripts, the app shell without', async () => {
    const terms = await server.app.inject({ method: 'GET', url: '/terms' });
    expect(terms.body).toBe('<html>terms<script>state</script></html>');
    const scriptSrc = /script-src ([^;]*)/.exec(String(terms.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toContain("'sha256-termsState='");
    expect(scriptSrc).not.toMatch(/nonce|unsafe-inline/);
    const shell = await server.app.inject({ method: 'GET', url: '/account/x' });
    expect(String(shell.headers['content-security-policy'])).not.toContain('termsState');
  });

  it('renders a prerendered page asked with a query that chooses what it shows, kept per query with its hashes', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/terms?tab=guest' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">/terms?tab=guest:First question|Second question</div>');
    expect(res.body).toContain('<script>faqState</script>');
    const { scriptSrc } = noncesOf(res);
    expect(scriptSrc).toContain("'sha256-faqState='");
    expect(scriptSrc).not.toMatch(/nonce|unsafe-inline|termsState/);
    // another query is another page; without a query: the file the build wrote
    const other = await server.app.inject({ method: 'GET', url: '/terms?tab=programme#top' });
    expect(other.body).toContain('<div id="root">/terms?tab=programme:First question|Second question</div>');
    const built = await server.app.inject({ method: 'GET', url: '/terms' });
    expect(built.body).toBe('<html>terms<script>state</script></html>');
  });

  it('compresses the page for a browser that accepts it', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('First question|Second question');
  });

  it('sends the app shell for pages it does not render', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/faq/more' })).body).toBe(
      '<html>app shell</html>',
    );
    expect((await server.app.inject({ method: 'GET', url: '/account' })).body).toBe('<html>app shell</html>');
  });
});

// For the signed-in pages: the requester's own session, through the same in-process API, and the query string.
const FAKE_SIGNED_IN_RENDER_JS = `
export async function renderDocument(path, options) {
  const caller = options.api.router.createCaller(await options.api.createContext());
  const { user } = await caller.auth.session();
  if (!user) throw new Error('no session');
  if (path === '/admin21') throw new Error('this page cannot be rendered');
  return options.template.replace('<div id="root"></div>',
    '<div id="root">' + path + (options.search ?? '') + ':' + user.first_name + ' consent=' + options.consentCookie
    + '<button data-visitor-only>Open menu</button></div><script nonce="' + options.nonce + '">state</script>');
}`;

describe('signed-in pages rendered on the server (decisions 140, 190)', () => {
  let web: string;
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    web = fakeWebBuild('<html><head></head>app shell</html>', FAKE_SIGNED_IN_RENDER_JS, {
      template: '<html><head></head><body><div id="root"></div></body></html>',
      routeCss: {},
      serverRenderedPaths: [],
      signedInRenderedPaths: ['/account', '/admin21', '/members/$memberId'],
      consentCookieName: 'cc_cookie',
    });
    server = await createTestServer({ WEB_DIST_DIR: join(web, 'dist') });
  });
  afterAll(async () => {
    await server.close();
    removeWebBuild(web);
  });

  const signIn = async (email: string, firstName: string) => {
    const user = await seedUser(server.db, { email, first_name: firstName });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    return `rhema_session=${token}`;
  };

  it("renders the page with the requester's own session, for that browser only and kept nowhere", async () => {
    const ada = await signIn('ada.ssr@example.test', 'Ada');
    const bola = await signIn('bola.ssr@example.test', 'Bola');
    const asAda = await server.app.inject({
      method: 'GET',
      url: '/account/?tab=profile',
      headers: { cookie: ada },
    });
    expect(asAda.statusCode).toBe(200);
    expect(asAda.headers['cache-control']).toBe('private, no-store');
    expect(asAda.body).toContain('<div id="root">/account?tab=profile:Ada consent=null<');
    // its scripts run by the nonce of this answer alone
    const nonces = noncesOf(asAda);
    expect(nonces.page).toBeDefined();
    expect(nonces.policy).toBe(nonces.page);
    // drawn for this member, it is sent as drawn: the app hydrates it as it is (nothing of a visitor's page removed)
    expect(asAda.body).toContain('<button data-visitor-only>Open menu</button></div>');
    // marked signed in, with the session for the app's guards, as every signed-in page
    expect(asAda.body).toMatch(
      /^<html data-signed-in><head><script type="application\/json" id="rhema-session">/,
    );
    // one render per request: the next member gets their own page
    // with the answer to the cookie banner that browser sent, which decides whether the banner is drawn
    const asBola = await server.app.inject({
      method: 'GET',
      url: '/account',
      headers: { cookie: `${bola}; cc_cookie=%7B%22revision%22%3A1%7D` },
    });
    expect(asBola.body).toContain('<div id="root">/account:Bola consent={"revision":1}<');
    expect(noncesOf(asBola).policy).not.toBe(nonces.policy);
    // a route with a parameter: any address it matches
    const profile = await server.app.inject({
      method: 'GET',
      url: '/members/0b7e/',
      headers: { cookie: ada },
    });
    expect(profile.body).toContain('<div id="root">/members/0b7e:Ada consent=null<');
  });

  it('sends the app shell to a visitor without a session, and when the render fails', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/account' });
    expect(anonymous.body).toBe('<html><head></head>app shell</html>');
    const stranger = await server.app.inject({
      method: 'GET',
      url: '/account',
      headers: { cookie: 'rhema_session=abc.def' },
    });
    expect(stranger.body).toBe('<html><head></head>app shell</html>');
    const failed = await server.app.inject({
      method: 'GET',
      url: '/admin21',
      headers: { cookie: await signIn('chi.ssr@example.test', 'Chi') },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toMatch(/app shell<\/html>$/);
    expect(failed.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('createServerRenderer', () => {
  const manifest = {
    template: '<html></html>',
    routeCss: {},
    serverRenderedPaths: ['/faq'],
    scriptHashes: { 'prerendered/index.html': ["'sha256-abc='"] },
  };

  /** A render module whose renders the test can hold open (`hold()` returns the function that lets them finish). */
  function fakeModule() {
    const calls = { count: 0, fail: false };
    let gate: Promise<void> | null = null;
    const module: ServerRenderModule = {
      renderDocument: async (path) => {
        calls.count += 1;
        const n = calls.count;
        if (calls.fail) throw new Error('database unreachable');
        if (gate) await gate;
        return `${path} #${n}`;
      },
      inlineScriptHashes: (html) => [`'sha256-${html}='`],
    };
    const hold = () => {
      let open = () => {};
      gate = new Promise<void>((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    };
    return { module, calls, hold };
  }

  function renderer(clock: { now: number }, module: ServerRenderModule) {
    const created = createServerRenderer({
      ssrDir: '/nonexistent',
      webDir: '/nonexistent',
      router: {} as never,
      createContext: async () => ({}),
      freshForMs: 1_000,
      now: () => clock.now,
      load: async () => module,
      manifest,
    });
    if (!created) throw new Error('expected a renderer');
    return { r: created, html: async (path: string) => (await created.render(path)).html };
  }

  it('knows its paths, with or without a trailing slash or query string', () => {
    const { r } = renderer({ now: 0 }, fakeModule().module);
    expect(r.pathOf('/faq')).toBe('/faq');
    expect(r.pathOf('/faq/?a=1')).toBe('/faq');
    expect(r.pathOf('/faqs')).toBeUndefined();
    expect(r.pathOf('/')).toBeUndefined();
  });

  it('renders a page once for concurrent requests, with its scripts hashes, then serves it until it is stale', async () => {
    const clock = { now: 0 };
    const { module, calls, hold } = fakeModule();
    const { r, html } = renderer(clock, module);
    // three requests while the first render is still running
    const release = hold();
    const rendering = Promise.all([r.render('/faq'), r.render('/faq'), r.render('/faq')]);
    release();
    const pages = await rendering;
    expect(pages.map((page) => page.html)).toEqual(['/faq #1', '/faq #1', '/faq #1']);
    expect(pages[0]!.scripts).toEqual(["'sha256-/faq #1='"]);
    clock.now = 999;
    expect(await html('/faq')).toBe('/faq #1');
    expect(calls.count).toBe(1);
  });

  it('serves the stale page at once while one new render runs, then the new one', async () => {
    const clock = { now: 0 };
    const { module, calls, hold } = fakeModule();
    const { html } = renderer(clock, module);
    await html('/faq');
    clock.now = 1_000;
    // the new render is held open: the stale page answers both requests while it runs
    const release = hold();
    expect(await Promise.all([html('/faq'), html('/faq')])).toEqual(['/faq #1', '/faq #1']);
    await vi.waitFor(() => expect(calls.count).toBe(2));
    expect(await html('/faq')).toBe('/faq #1');
    // once it finishes, the new page is served (and no third render was started meanwhile)
    release();
    await expect.poll(() => html('/faq')).toBe('/faq #2');
    expect(calls.count).toBe(2);
  });

  it('does not keep a failed render: the next request tries again', async () => {
    const { module, calls } = fakeModule();
    const { r, html } = renderer({ now: 0 }, module);
    calls.fail = true;
    await expect(r.render('/faq')).rejects.toThrow('database unreachable');
    calls.fail = false;
    expect(await html('/faq')).toBe('/faq #2');
  });

  it('keeps a page asked with a query apart from the page and other queries, the last few queries only', async () => {
    const { module, calls } = fakeModule();
    const { r } = renderer({ now: 0 }, module);
    const page = async (search?: string) => (await r.render('/faq', search)).html;
    expect(await page('?tab=guest')).toBe('/faq #1');
    expect(await page()).toBe('/faq #2');
    expect(await page('?tab=guest')).toBe('/faq #1');
    expect(calls.count).toBe(2);
    // as many other queries as are kept push the first one out; the page without a query stays
    for (let i = 0; i < MAX_SEARCHED_PAGES; i++) await page(`?q=${i}`);
    expect(calls.count).toBe(2 + MAX_SEARCHED_PAGES);
    expect(await page('?tab=guest')).toBe(`/faq #${3 + MAX_SEARCHED_PAGES}`);
    expect(await page()).toBe('/faq #2');
  });

  it('gives the CSP hashes the build wrote for a page file, and none for a file it did not hash', () => {
    const { r } = renderer({ now: 0 }, fakeModule().module);
    expect(r.scriptHashesOf('prerendered/index.html')).toEqual(["'sha256-abc='"]);
    expect(r.scriptHashesOf('index.html')).toEqual([]);
  });

  it('is absent when the web build has no server renderer', () => {
    expect(
      createServerRenderer({
        ssrDir: '/nonexistent',
        webDir: '/nonexistent',
        router: {} as never,
        createContext: async () => ({}),
      }),
    ).toBeNull();
  });
});
