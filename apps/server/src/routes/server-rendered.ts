import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppRouter } from '@rhema/api';
// the contract with the web build's renderer, defined once there (types only: nothing of the web app is bundled here)
import type { RenderManifest, RenderModule } from '@rhema/web/render-contract';
import { routeMatcher } from './known-pages';

/** What the server calls of the renderer module (the build uses the rest) */
export type ServerRenderModule = Pick<RenderModule, 'renderDocument' | 'inlineScriptHashes'>;

export interface ServerRendererOptions {
  /** the folder with render.js and manifest.json (the web build's <dist>-ssr) */
  ssrDir: string;
  /** the client build: Beasties reads its stylesheets */
  webDir: string;
  router: AppRouter;
  /** an anonymous caller's context: the public pages rendered here are the same for everyone */
  createContext: () => Promise<object>;
  /** tests hand in a module and its manifest instead of the built files */
  load?: () => Promise<ServerRenderModule>;
  manifest?: RenderManifest;
  /** how long a public page's render is served before it is rendered again (default 30 s) */
  freshForMs?: number;
  now?: () => number;
}

/** A public page as rendered: its document, and the CSP sources ('sha256-…') of its inline scripts. */
export interface RenderedPage {
  html: string;
  scripts: readonly string[];
}

interface CacheEntry {
  page: Promise<RenderedPage>;
  renderedAt: number;
  refreshing: boolean;
}

export interface ServerRenderer {
  /** the page paths it renders */
  paths: readonly string[];
  /** the page path when the server renders this URL's page, else undefined */
  pathOf(url: string): string | undefined;
  /**
   * A public page's whole HTML document with the data of the moment: the same for everyone, so rendered once and
   * served for `freshForMs`, then rendered again behind the stale one. Its inline scripts carry no nonce (a kept page
   * cannot): the answer's Content-Security-Policy names their hashes, as for a prerendered page (decision 220).
   * `search` (the URL's query, '?tab=guest') is given for a page of `searchedPathOf`: each query is kept apart, the
   * last `MAX_SEARCHED_PAGES` asked of them.
   */
  render(path: string, search?: string): Promise<RenderedPage>;
  /** the cookie holding the visitor's answer to the cookie banner, which renderSignedIn is given (build's manifest) */
  consentCookieName: string | undefined;
  /**
   * The page path when this URL is a prerendered page asked with a query string that chooses what it shows (the
   * /launch tab, the /training form's outcome), else undefined: the prerendered file is the page without one.
   * Such a page is drawn for its query by `render(path, searchOf(url))`, as an anonymous visitor: the same for
   * everyone who asks for that URL.
   */
  searchedPathOf(url: string): string | undefined;
  /** the page path when the server renders this URL's page for a signed-in requester, else undefined */
  signedInPathOf(url: string): string | undefined;
  /**
   * A signed-in page rendered now with the requester's own context (their session): never cached or shared. The
   * URL's query string goes to the page (a console list's page and filters); without a valid cc_cookie (their
   * consent answer) the cookie banner is drawn with the page.
   */
  renderSignedIn(
    url: string,
    createContext: () => Promise<object>,
    consentCookie: string | null | undefined,
    nonce: string,
  ): Promise<string>;
  /** the CSP sources of the inline scripts of a page file the build wrote ('prerendered/index.html') */
  scriptHashesOf(file: string): readonly string[];
}

/**
 * How many pages asked with a query (render's `search`) are kept: the queries a page's own links make are few (four
 * /launch tabs, two /training outcomes); any other query is rendered too but only pushes out the oldest.
 */
export const MAX_SEARCHED_PAGES = 32;

/** The query string of a page URL ('?tab=guest'), '' without one; its fragment is the browser's own. */
export function searchOf(url: string): string {
  return /\?[^#]*/.exec(url)?.[0] ?? '';
}

/** The path of a page URL without its query, fragment or trailing slash ('/admin21/users/?page=2' is '/admin21/users'). */
function pagePath(url: string): string {
  const raw = url.split(/[?#]/)[0] ?? '/';
  return raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
}

/**
 * Public pages whose content is in the database (the FAQ) and every signed-in page are rendered here per request,
 * through the web build's renderer (TanStack Router's SSR, docs/decisions/220-tanstack-router-ssr.md), so they paint
 * before any script runs; each with its own CSP nonce. Returns null when the web build has no server renderer (the
 * app shell is sent instead).
 */
export function createServerRenderer(options: ServerRendererOptions): ServerRenderer | null {
  const entry = join(options.ssrDir, 'render.js');
  const manifestFile = join(options.ssrDir, 'manifest.json');
  if (!options.manifest && (!existsSync(entry) || !existsSync(manifestFile))) return null;
  // loaded on first use: a 3 MB module is not worth the start-up time of a server that may never need it
  let loaded: Promise<ServerRenderModule> | undefined;
  const load = () =>
    (loaded ??= options.load ? options.load() : (import(pathToFileURL(entry).href) as Promise<RenderModule>));
  const {
    serverRenderedPaths,
    searchRenderedPaths,
    signedInRenderedPaths,
    consentCookieName,
    scriptHashes,
    ...document
  } = options.manifest ?? (JSON.parse(readFileSync(manifestFile, 'utf8')) as RenderManifest);
  const paths = new Set(serverRenderedPaths);
  const searchedPaths = new Set(searchRenderedPaths ?? []);
  const isSignedInPage = routeMatcher(signedInRenderedPaths ?? []);
  const freshForMs = options.freshForMs ?? 30_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, CacheEntry>();
  const renderNow = async (path: string, search: string): Promise<RenderedPage> => {
    const module = await load();
    const html = await module.renderDocument(path, {
      ...document,
      webDir: options.webDir,
      api: { router: options.router, createContext: options.createContext },
      ...(search ? { search } : {}),
    });
    return { html, scripts: module.inlineScriptHashes(html) };
  };
  /** The keys of the pages of a query now kept, oldest first (a Set iterates in insertion order). */
  const searchedKeys = new Set<string>();
  /** Keeps a new render; of the pages of a query, at most MAX_SEARCHED_PAGES: the oldest goes. */
  const keep = (key: string, entry: CacheEntry, searched: boolean) => {
    cache.set(key, entry);
    if (!searched) return;
    searchedKeys.add(key);
    for (const oldest of searchedKeys) {
      if (searchedKeys.size <= MAX_SEARCHED_PAGES) break;
      searchedKeys.delete(oldest);
      cache.delete(oldest);
    }
  };

  return {
    paths: [...paths],
    consentCookieName,
    pathOf(url) {
      const path = pagePath(url);
      return paths.has(path) ? path : undefined;
    },
    searchedPathOf(url) {
      const path = pagePath(url);
      return searchedPaths.has(path) && /\?[^#]/.test(url) ? path : undefined;
    },
    signedInPathOf(url) {
      const path = pagePath(url);
      return isSignedInPage(path) ? path : undefined;
    },
    scriptHashesOf: (file) => scriptHashes?.[file] ?? [],
    async renderSignedIn(url, createContext, consentCookie, nonce) {
      const module = await load();
      const query = searchOf(url);
      return module.renderDocument(pagePath(url), {
        ...document,
        webDir: options.webDir,
        api: { router: options.router, createContext },
        signedIn: true,
        nonce,
        ...(consentCookie !== undefined ? { consentCookie } : {}),
        ...(query ? { search: query } : {}),
      });
    },
    render(path, search = '') {
      const key = path + search;
      const searched = search !== '';
      const cached = cache.get(key);
      if (!cached) {
        const page = renderNow(path, search);
        const fresh: CacheEntry = { page, renderedAt: now(), refreshing: false };
        keep(key, fresh, searched);
        // a failed render is not kept: the next request tries again
        page.catch(() => {
          if (cache.get(key) !== fresh) return;
          cache.delete(key);
          searchedKeys.delete(key);
        });
        return page;
      }
      if (now() - cached.renderedAt >= freshForMs && !cached.refreshing) {
        cached.refreshing = true;
        renderNow(path, search).then(
          (page) => {
            // not put back when it was pushed out meanwhile
            if (cache.get(key) === cached)
              cache.set(key, { page: Promise.resolve(page), renderedAt: now(), refreshing: false });
          },
          () => {
            // keep serving the last good page; try again on a later request
            cached.refreshing = false;
          },
        );
      }
      return cached.page;
    },
  };
}
