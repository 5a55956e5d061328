import type { AppRouter } from '@rhema/api';

// The contract between the web build and what loads its server renderer: the build itself (apps/web/vite-plugins.ts,
// which prerenders the public pages and writes the manifest) and the server (apps/server/src/routes/server-rendered.ts,
// which renders pages per request). Types only: the server imports this file through @rhema/web's "exports", and
// nothing of the web app enters the server's bundle. render.tsx is checked against RenderModule where it is defined.

export interface RenderOptions {
  /** the client build's index.html */
  template: string;
  /** the client build's folder: Beasties reads the stylesheets there */
  webDir: string;
  /** route file (as under src/routes, without .tsx) -> the stylesheets of its page */
  routeCss: Record<string, string[]>;
  /** the API, called in-process, for the pages' loaders; pages without data need none */
  api?: { router: AppRouter; createContext: () => Promise<object> };
  /** the address's query string ('?page=2'), for a page whose search parameters choose what it shows */
  search?: string;
  /**
   * rendered for a signed-in requester: <html data-signed-in> (which the server's page route also sets) before the
   * critical CSS is chosen, so the rules that hide what is for visitors only are among the page's inline rules
   */
  signedIn?: boolean;
  /** the requester's cc_cookie: without a valid answer the page comes with the cookie banner drawn */
  consentCookie?: string | null;
  /** the banner's stylesheets (the consent chunk's), needed when it is drawn */
  consentCss?: string[];
  /**
   * a page rendered for one request: the CSP nonce put on every script the router writes (the answer's
   * Content-Security-Policy names it); a page built once has none, and the server allows its scripts by hash
   */
  nonce?: string;
}

/** What the web build's server renderer offers (src/prerender/render.tsx, built into <web>-ssr/render.js). */
export interface RenderModule {
  /** pages with the same content for everyone and no data to fetch first: rendered once, at build time */
  PRERENDERED_PATHS: readonly string[];
  /** public pages the same for everyone whose content is in the database: rendered by the server when asked */
  SERVER_RENDERED_PATHS: readonly string[];
  /** prerendered pages whose query string chooses what they show: rendered by the server when asked with one, kept per query */
  SEARCH_RENDERED_PATHS: readonly string[];
  /** an address no route matches: rendered at build time, it is the not-found page the server sends with a 404 */
  NOT_FOUND_SAMPLE_PATH: string;
  /** the cookie the cookie banner keeps the visitor's answer in (src/lib/consent-config.ts) */
  CONSENT_COOKIE: string;
  /** the theme's CSS, a <style> the build puts into index.html's <head> (src/lib/theme-css.ts) */
  THEME_STYLE: string;
  /** every route's path ('/members/$memberId') */
  routePaths(): string[];
  /** the paths of the routes behind the sign-in guard */
  signedInRoutePaths(): string[];
  /** the whole HTML document of a page */
  renderDocument(path: string, options: RenderOptions): Promise<string>;
  /** the CSP sources ('sha256-…') of a document's inline scripts, for a page built once */
  inlineScriptHashes(html: string): string[];
}

/** Written by the web build beside render.js (SSR_MANIFEST in vite-plugins.ts), read by the server. */
export interface RenderManifest {
  template: string;
  routeCss: Record<string, string[]>;
  /** the public pages the server renders (RenderModule.SERVER_RENDERED_PATHS) */
  serverRenderedPaths: string[];
  /** the prerendered pages it renders per request when asked with a query (RenderModule.SEARCH_RENDERED_PATHS) */
  searchRenderedPaths?: string[];
  /** the route paths ('/members/$memberId') it renders per request for a signed-in requester: those behind the sign-in guard */
  signedInRenderedPaths?: string[];
  /** the cookie banner's stylesheets, for the signed-in pages drawn with the banner */
  consentCss?: string[];
  /** the cookie the banner keeps the visitor's answer in (RenderModule.CONSENT_COOKIE) */
  consentCookieName?: string;
  /**
   * the built page files (relative to the web build: 'prerendered/index.html', 'not-found.html') -> the CSP sources
   * of their inline scripts (RenderModule.inlineScriptHashes), which the server sends with each
   */
  scriptHashes?: Record<string, string[]>;
}
