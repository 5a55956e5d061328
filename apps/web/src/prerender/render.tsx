// Server-side entry (vite-plugins.ts builds it into <outDir>-ssr/render.js, with its dependencies): renders a page
// to a whole HTML document, so that the first paint needs no JavaScript. Used at build time for the pages that are
// the same for everyone (PRERENDERED_PATHS) and by the server for public pages whose content comes from the
// database (SERVER_RENDERED_PATHS) and, per request, for every signed-in page. The page carries the query cache its
// loaders filled; the browser hydrates the markup with it (main.tsx), nothing fetched twice (decision 200).
import { MantineProvider } from '@mantine/core';
import type { AppRouter } from '@rhema/api';
import { jsonScriptElement } from '@rhema/schemas';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type AnyRoute,
  createMemoryHistory,
  createRouter,
  rootRouteId,
  RouterProvider,
} from '@tanstack/react-router';
import { createTRPCClient, unstable_localLink, type TRPCLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { renderToString } from 'react-dom/server';
import { isSignInGuard } from '../lib/guards';
import { partsLoading } from '../lib/lazy-part';
import { colorScheme, cssVariablesResolver, theme } from '../lib/theme';
export { CONSENT_COOKIE } from '../lib/consent-config';
import { routeTree } from '../routeTree.gen';
import { consentBannerHtml, needsConsentBanner } from './consent-banner';
import { PageBeasties } from './critical-css';
import type { RenderModule, RenderOptions } from './contract';
import type * as thisModule from './render';
import { EMBEDDED_STATE_ID } from './hydration';

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

/**
 * React puts the hoisted <title>, <meta> and <link> first (they go into <head>, where the browser's React adopts
 * them); the page's markup follows, Mantine's <style> tags included, as the browser's first render makes it.
 */
async function renderPage(
  path: string,
  api: RenderOptions['api'],
): Promise<{ head: string; body: string; state: unknown; routeFiles: string[] }> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const link = api
    ? unstable_localLink<AppRouter>({
        router: api.router,
        createContext: api.createContext as never,
      })
    : noApi;
  const trpc = createTRPCOptionsProxy<AppRouter>({
    client: createTRPCClient<AppRouter>({ links: [link] }),
    queryClient,
  });
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  // a guard that sent the visitor elsewhere (signed out meanwhile), or a page that failed: the app handles it
  const unfinished = router.state.matches.find((match) => match.status !== 'success');
  if (unfinished) throw new Error(`render ${path}: ${unfinished.routeId} ${unfinished.status}`);
  if (router.state.location.pathname !== path.split('?')[0])
    throw new Error(`render ${path}: went to ${router.state.location.pathname}`);
  const routeFiles = router.state.matches
    .filter((match) => match.routeId !== rootRouteId)
    .flatMap((match) => routeFilesOf(match.routeId));
  const page = (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} {...colorScheme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
  let html = renderToString(page);
  // a part whose code this process had not loaded yet was left to the browser (lib/lazy-part.ts): once it is
  // loaded, the page is rendered again (only the process's first renders pay this; a part within a part, once more)
  for (let pending = partsLoading(); pending.length > 0; pending = partsLoading()) {
    await Promise.allSettled(pending);
    html = renderToString(page);
  }
  // what the loaders read, for the browser's first render to be this one (its queries answered from it)
  const state = dehydrate(queryClient);
  queryClient.clear();
  const head = /^(?:<title\b[^>]*>[\s\S]*?<\/title>|<(?:meta|link)\b[^>]*\/?>)*/.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length), state, routeFiles };
}

/**
 * The first paint waits for no stylesheet: the CSS rules the page's markup uses are inlined (Beasties keeps the
 * rules whose selectors match), and the stylesheets themselves load without blocking (media="print"). The app
 * switches them on when it starts (hydration.ts): the CSP allows no inline script, so Beasties' onload handler is
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
 * The whole document of a page: its markup in #root, which the app hydrates, and beside it the query cache the
 * markup was drawn from (hydration.ts reads it).
 */
export async function renderDocument(path: string, options: RenderOptions): Promise<string> {
  const { template } = options;
  const { head, body, state, routeFiles } = await renderPage(`${path}${options.search ?? ''}`, options.api);
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
    // `hydrating` until the app has hydrated the markup (hydration.ts). Mantine scopes its scheme's variables to the
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
      // the cache after the markup: the first paint does not wait for it (the app reads it once the document is in)
      () =>
        `${banner ? consentBannerHtml() : ''}<div id="root">${body}</div>${jsonScriptElement(EMBEDDED_STATE_ID, state)}`,
    );
  return inlineCriticalCss(page, options.webDir);
}

/**
 * This module is the contract's RenderModule (contract.ts): a change here that breaks what the server and the build
 * load fails the typecheck.
 */
export type ThisRenderModule = Satisfies<RenderModule, typeof thisModule>;
type Satisfies<Contract, Module extends Contract> = Module;
