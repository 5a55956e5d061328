import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppRouter } from '@rhema/api';
// the contract with the web build's renderer, defined once there (types only: nothing of the web app is bundled here)
import type { RenderManifest, RenderModule } from '@rhema/web/render-contract';
import { routeMatcher } from './known-pages';

/** What the server calls of the renderer module (the build uses the rest) */
export type ServerRenderModule = Pick<RenderModule, 'renderDocument'>;

export interface ServerRendererOptions {
  /** the folder with render.js and manifest.json (the web build's <dist>-ssr) */
  ssrDir: string;
  /** the client build: Beasties reads its stylesheets */
  webDir: string;
  router: AppRouter;
  /** an anonymous caller's context: the pages rendered here are the same for everyone */
  createContext: () => Promise<object>;
  /** how long a rendered page is served before it is rendered again (in the background) */
  freshForMs?: number;
  now?: () => number;
  /** tests hand in a module and its manifest instead of the built files */
  load?: () => Promise<ServerRenderModule>;
  manifest?: RenderManifest;
}

export interface ServerRenderer {
  /** the page paths it renders */
  paths: readonly string[];
  /** the page path when the server renders this URL's page, else undefined */
  pathOf(url: string): string | undefined;
  /** the page's whole HTML document */
  render(path: string): Promise<string>;
  /** the cookie holding the visitor's answer to the cookie banner, which renderSignedIn is given (build's manifest) */
  consentCookieName: string | undefined;
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
  ): Promise<string>;
}

/** The path of a page URL without its query, fragment or trailing slash ('/admin21/users/?page=2' is '/admin21/users'). */
function pagePath(url: string): string {
  const raw = url.split(/[?#]/)[0] ?? '/';
  return raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
}

interface CacheEntry {
  html: Promise<string>;
  renderedAt: number;
  refreshing: boolean;
}

/**
 * Public pages whose content is in the database (the FAQ) are rendered on the server like the prerendered ones,
 * with the data of the moment, so they too paint before any script runs. A page is rendered once and served for
 * `freshForMs`; after that the next request still gets it at once while a new one is rendered (stale while
 * revalidate), so the database and the CPU see at most one render per page per period, whatever the traffic.
 * Returns null when the web build has no server renderer (the app shell is sent instead).
 */
export function createServerRenderer(options: ServerRendererOptions): ServerRenderer | null {
  const entry = join(options.ssrDir, 'render.js');
  const manifestFile = join(options.ssrDir, 'manifest.json');
  if (!options.manifest && (!existsSync(entry) || !existsSync(manifestFile))) return null;
  const freshForMs = options.freshForMs ?? 30_000;
  const now = options.now ?? Date.now;
  // loaded on first use: a 3 MB module is not worth the start-up time of a server that may never need it
  let loaded: Promise<ServerRenderModule> | undefined;
  const load = () =>
    (loaded ??= options.load ? options.load() : (import(pathToFileURL(entry).href) as Promise<RenderModule>));
  const { serverRenderedPaths, signedInRenderedPaths, consentCookieName, ...document } =
    options.manifest ?? (JSON.parse(readFileSync(manifestFile, 'utf8')) as RenderManifest);
  const paths = new Set(serverRenderedPaths);
  const isSignedInPage = routeMatcher(signedInRenderedPaths ?? []);
  const cache = new Map<string, CacheEntry>();

  const renderNow = async (path: string) => {
    const module = await load();
    return module.renderDocument(path, {
      ...document,
      webDir: options.webDir,
      api: { router: options.router, createContext: options.createContext },
    });
  };

  return {
    paths: [...paths],
    consentCookieName,
    pathOf(url) {
      const path = pagePath(url);
      return paths.has(path) ? path : undefined;
    },
    signedInPathOf(url) {
      const path = pagePath(url);
      return isSignedInPage(path) ? path : undefined;
    },
    async renderSignedIn(url, createContext, consentCookie) {
      const module = await load();
      const query = /\?[^#]*/.exec(url)?.[0];
      return module.renderDocument(pagePath(url), {
        ...document,
        webDir: options.webDir,
        api: { router: options.router, createContext },
        signedIn: true,
        ...(consentCookie !== undefined ? { consentCookie } : {}),
        ...(query ? { search: query } : {}),
      });
    },
    render(path) {
      const cached = cache.get(path);
      if (!cached) {
        const html = renderNow(path);
        const fresh: CacheEntry = { html, renderedAt: now(), refreshing: false };
        cache.set(path, fresh);
        // a failed render is not kept: the next request tries again
        html.catch(() => cache.get(path) === fresh && cache.delete(path));
        return html;
      }
      if (now() - cached.renderedAt >= freshForMs && !cached.refreshing) {
        cached.refreshing = true;
        renderNow(path).then(
          (html) => cache.set(path, { html: Promise.resolve(html), renderedAt: now(), refreshing: false }),
          () => {
            // keep serving the last good page; try again on a later request
            cached.refreshing = false;
          },
        );
      }
      return cached.html;
    },
  };
}
