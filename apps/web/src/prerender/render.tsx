// Server-side entry (vite-plugins.ts builds it into <outDir>-ssr/render.js, with its dependencies): renders a page
// to a whole HTML document through TanStack Router's SSR, so that the first paint needs no JavaScript. Used at build
// time for the pages that are the same for everyone (PRERENDERED_PATHS: their inline scripts are allowed by hash) and
// by the server, per request with a fresh CSP nonce, for public pages whose content comes from the database
// (SERVER_RENDERED_PATHS) and every signed-in page. The page carries the router's state and the query cache its
// loaders filled; the browser hydrates the markup with them (main.tsx), nothing fetched twice (decision 220).
import type { AppRouter } from '@rhema/api';
import { QueryClient } from '@tanstack/react-query';
import { type AnyRoute, createMemoryHistory, createRouter, rootRouteId } from '@tanstack/react-router';
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import { createTRPCClient, unstable_localLink, type TRPCLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createHash } from 'node:crypto';
import { isSignInGuard } from '../lib/guards';
import { partsLoading, partsStarted } from '../lib/lazy-part';
import { AppMantineProvider } from '../lib/mantine-provider';
export { CONSENT_COOKIE } from '../lib/consent-config';
export { THEME_STYLE } from '../lib/theme-css';
import { routeTree } from '../routeTree.gen';
import { answeredAnOlderRevision, consentBannerHtml, needsConsentBanner } from './consent-banner';
import { PageBeasties } from './critical-css';
import type { RenderModule, RenderOptions } from './contract';
import type * as thisModule from './render';
import { createAppRouter } from '../router';

/** Pages with the same content for everyone and no data to fetch first: rendered once, at build time. */
export const PRERENDERED_PATHS = [
  '/',
  '/support',
  '/private-match',
  '/terms',
  '/privacy',
  '/cookie-policy',
  '/house-rules',
  '/safety',
  '/about',
  '/launch',
  '/training',
  '/tv',
] as const;

/** Public pages the same for everyone whose content is in the database: rendered by the server when asked. */
export const SERVER_RENDERED_PATHS = ['/faq'] as const;

/**
 * Prerendered pages whose query string chooses what they show without the app (the /launch tab, the outcome of the
 * /training form posted without it): asked with a query, the server renders them and keeps each query's page a while
 * (apps/server/src/routes/server-rendered.ts).
 */
export const SEARCH_RENDERED_PATHS = ['/launch', '/training'] as const;

const noApi: TRPCLink<AppRouter> = () => () => {
  throw new Error('this page asked the API for data: render it with options.api');
};

/** An address no route matches: rendered at build time, it is the not-found page the server sends with a 404. */
export const NOT_FOUND_SAMPLE_PATH = '/__rhema-not-found';

function routesByPath() {
  const queryClient = new QueryClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({
    client: createTRPCClient<AppRouter>({ links: [noApi] }),
    queryClient,
  });
  const router = createRouter({ routeTree, context: { queryClient, trpc }, history: createMemoryHistory() });
  return router.routesByPath;
}

/** Every route's path ('/members/$memberId'), for the server to tell an unknown address (a 404) from a page. */
export function routePaths(): string[] {
  return Object.keys(routesByPath()).sort();
}

/**
 * The paths of the routes behind the sign-in guard (theirs or a parent's): a signed-out request is redirected, a
 * signed-in one rendered with the requester's own session (decision 190).
 */
export function signedInRoutePaths(): string[] {
  return Object.entries(routesByPath())
    .filter(([, route]) => {
      for (let at: AnyRoute | undefined = route; at; at = at.parentRoute as AnyRoute | undefined)
        if (isSignInGuard(at.options.beforeLoad)) return true;
      return false;
    })
    .map(([path]) => path)
    .sort();
}

/**
 * The route files (as under src/routes, without .tsx) a route id may come from: '/account/' is account/index.tsx,
 * '/account' the layout account/route.tsx, '/private-match/' private-match.index.tsx.
 */
function routeFilesOf(routeId: string): string[] {
  const id = routeId.slice(1);
  if (id === '') return ['index'];
  if (id.endsWith('/')) return [`${id}index`, `${id.slice(0, -1)}.index`];
  return [`${id}/route`, id, id.replace(/\/([^/]*)$/, '.$1')];
}

/** The render's tRPC client: the API in-process (the requester's own context), or none for pages without data. */
function trpcFor(queryClient: QueryClient, api: RenderOptions['api']) {
  const link = api
    ? unstable_localLink<AppRouter>({ router: api.router, createContext: api.createContext as never })
    : noApi;
  return createTRPCOptionsProxy<AppRouter>({
    client: createTRPCClient<AppRouter>({ links: [link] }),
    queryClient,
  });
}

interface RenderedPage {
  head: string;
  body: string;
  routeFiles: string[];
}

/**
 * One render through the router's own SSR (createRequestHandler + renderRouterToString): the router loads the page
 * (guards, loaders), dehydrates its matches and, through the ssr-query integration, the query cache the loaders
 * filled, into scripts carrying `nonce` that `<Scripts />` (routes/__root.tsx) and the render's end write. React
 * puts the hoisted <title>, <meta> and <link> first (they go into <head>); the page's markup and those scripts follow.
 */
async function renderOnce(path: string, options: RenderOptions): Promise<RenderedPage> {
  let routeFiles: string[] = [];
  const handler = createRequestHandler({
    request: new Request(new URL(path, 'http://localhost')),
    createRouter: () => {
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: Infinity } },
      });
      return createAppRouter({
        queryClient,
        trpc: trpcFor(queryClient, options.api),
        ...(options.nonce ? { nonce: options.nonce } : {}),
      });
    },
  });
  const response = await handler(({ router, responseHeaders }) => {
    // a guard that sent the visitor elsewhere (signed out meanwhile), or a page that failed: the app handles it
    const unfinished = router.state.matches.find((match) => match.status !== 'success');
    if (unfinished) throw new Error(`render ${path}: ${unfinished.routeId} ${unfinished.status}`);
    routeFiles = router.state.matches
      .filter((match) => match.routeId !== rootRouteId)
      .flatMap((match) => routeFilesOf(match.routeId));
    return renderRouterToString({
      router,
      responseHeaders,
      children: (
        <AppMantineProvider>
          <RouterServer router={router} />
        </AppMantineProvider>
      ),
    });
  });
  const notFound = path === NOT_FOUND_SAMPLE_PATH && response.status === 404;
  if (response.status !== 200 && !notFound)
    throw new Error(`render ${path}: ${response.status} ${response.headers.get('location') ?? ''}`);
  const html = (await response.text()).replace(/^<!DOCTYPE html>/i, '');
  const head = /^(?:<title\b[^>]*>[\s\S]*?<\/title>|<(?:meta|link)\b[^>]*\/?>)*/.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length), routeFiles };
}

/**
 * A part whose code this process had not loaded yet was left to the browser (lib/lazy-part.ts): once it is loaded,
 * the page is rendered again, from its request (only the process's first renders pay this; a part within a part,
 * once more).
 */
async function renderPage(path: string, options: RenderOptions): Promise<RenderedPage> {
  for (;;) {
    const before = partsStarted();
    const page = await renderOnce(path, options);
    if (partsStarted() === before) return page;
    await Promise.allSettled(partsLoading());
  }
}

/**
 * The first paint waits for no stylesheet: the CSS rules the page's markup uses are inlined (Beasties keeps the
 * rules whose selectors match), and the stylesheets themselves load without blocking (media="print"). The app
 * switches them on when it starts (deferred-stylesheets.ts): the CSP allows no inline script, so Beasties' onload handler is
 * replaced by a data attribute the app looks for.
 */
const SCHEME_WRAPPER_OPEN =
  '<div data-mantine-color-scheme="light" data-scheme-wrapper><div data-mantine-color-scheme="dark">';
const SCHEME_WRAPPER_CLOSE = '</div></div>';

async function inlineCriticalCss(html: string, webDir: string): Promise<string> {
  const beasties = new PageBeasties({
    path: webDir,
    publicPath: '/',
    preload: 'media',
    noscriptFallback: false,
    // the stylesheets are the app's own too: they keep every rule
    pruneSource: false,
    // Mantine's own <style> tags (its CSS variables) stay as they are
    reduceInlineStyles: false,
    compress: true,
    logLevel: 'warn',
  });
  // Mantine's scheme rules hang on <html data-mantine-color-scheme="light|dark">, which Beasties cannot see from
  // inside <body> where it matches: wrappers carrying both values, for the matching only, so the page's rules of
  // both schemes are inlined (the scheme is chosen in the browser, before the first paint)
  const wrapped = html
    .replace('<body>', `<body>${SCHEME_WRAPPER_OPEN}`)
    .replace('</body>', `${SCHEME_WRAPPER_CLOSE}</body>`);
  const processed = await beasties.process(wrapped);
  return processed
    .replace(SCHEME_WRAPPER_OPEN, '')
    .replace(`${SCHEME_WRAPPER_CLOSE}</body>`, '</body>')
    .replace(/ media="print" onload="this\.media='all'"/g, ' media="print" data-deferred-css')
    .replace(' data-beasties-container', '');
}

/**
 * The whole document of a page: its markup in #root, which the app hydrates, with the router's scripts (the matches
 * and the query cache the markup was drawn from) at its end.
 */
export async function renderDocument(path: string, options: RenderOptions): Promise<string> {
  const { template } = options;
  const { head, body, routeFiles } = await renderPage(`${path}${options.search ?? ''}`, options);
  // the page's own stylesheets, so the static HTML looks right before any script runs
  // a page rendered for one requester (consentCookie given) who has not answered the banner shows it at once
  const banner =
    options.consentCookie !== undefined && needsConsentBanner(options.consentCookie ?? undefined);
  const styles = [
    ...new Set([
      ...routeFiles.flatMap((file) => options.routeCss[file] ?? []),
      ...(banner ? (options.consentCss ?? []) : []),
    ]),
  ]
    .filter((css) => !template.includes(`/${css}"`))
    // the app's own loader finds them and does not load them twice
    .map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`)
    .join('');
  const page = template
    // `hydrating` until the app's first commit (lib/first-screen.ts). Mantine scopes its scheme's variables to the
    // attribute: light until the script first in <head> sets the member's (packages/schemas/src/color-scheme.ts)
    .replace(
      '<html lang="en">',
      `<html lang="en" class="hydrating"${options.signedIn ? ' data-signed-in' : ''} data-mantine-color-scheme="light">`,
    )
    .replace(/<title>[^<]*<\/title>/, '')
    // the first paint needs no script: let the app's modules load without competing with the page
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    // the app's code is fetched after the markup and its styles (the page reads without it): it hydrates what is shown
    .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replace('</head>', () => `${styles}${head}</head>`)
    // the banner before the page (it is fixed at the bottom of the screen): parsed first, it is in the first paint
    // rather than a later one, which would then be the page's Largest Contentful Paint
    .replace(
      '<div id="root"></div>',
      // the router's scripts (its state, the query cache) are in the markup's end: the first paint does not wait
      () =>
        `${banner ? consentBannerHtml({ askedAgain: answeredAnOlderRevision(options.consentCookie ?? undefined) }) : ''}<div id="root">${body}</div>`,
    );
  return inlineCriticalCss(page, options.webDir);
}

/**
 * The CSP sources ('sha256-…') of a document's inline scripts (not data blocks): a page built once (prerendered)
 * cannot carry a per-request nonce, so the server allows exactly its scripts by their hashes (decision 220).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', source = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes) || /\btype="application\/json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(source).digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * This module is the contract's RenderModule (contract.ts): a change here that breaks what the server and the build
 * load fails the typecheck.
 */
export type ThisRenderModule = Satisfies<RenderModule, typeof thisModule>;
type Satisfies<Contract, Module extends Contract> = Module;
