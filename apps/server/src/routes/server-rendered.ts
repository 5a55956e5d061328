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
  /** an anonymous caller's context: the public pages rendered here are the same for everyone */
  createContext: () => Promise<object>;
  /** tests hand in a module and its manifest instead of the built files */
  load?: () => Promise<ServerRenderModule>;
  manifest?: RenderManifest;
}

export interface ServerRenderer {
  /** the page paths it renders */
  paths: readonly string[];
  /** the page path when the server renders this URL's page, else undefined */
  pathOf(url: string): string | undefined;
  /**
   * A public page's whole HTML document, rendered now with the data of the moment; its scripts carry `nonce`, which
   * the answer's Content-Security-Policy names (a fresh one per request: the page cannot be kept and sent again).
   */
  render(path: string, nonce: string): Promise<string>;
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
    nonce: string,
  ): Promise<string>;
  /** the CSP sources of the inline scripts of a page file the build wrote ('prerendered/index.html') */
  scriptHashesOf(file: string): readonly string[];
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
  const { serverRenderedPaths, signedInRenderedPaths, consentCookieName, scriptHashes, ...document } =
    options.manifest ?? (JSON.parse(readFileSync(manifestFile, 'utf8')) as RenderManifest);
  const paths = new Set(serverRenderedPaths);
  const isSignedInPage = routeMatcher(signedInRenderedPaths ?? []);

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
    scriptHashesOf: (file) => scriptHashes?.[file] ?? [],
    async renderSignedIn(url, createContext, consentCookie, nonce) {
      const module = await load();
      const query = /\?[^#]*/.exec(url)?.[0];
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
    async render(path, nonce) {
      const module = await load();
      return module.renderDocument(path, {
        ...document,
        webDir: options.webDir,
        api: { router: options.router, createContext: options.createContext },
        nonce,
      });
    },
  };
}
