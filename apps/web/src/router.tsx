import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { Trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';

export interface AppRouterOptions {
  queryClient: QueryClient;
  trpc: Trpc;
  /** the server's: the page being rendered */
  history?: RouterHistory;
  /** the server's, per request: put on every script the router renders (the answer's CSP names it) */
  nonce?: string;
  /** the browser's: whether the router may scroll on its first render (see main.tsx) */
  scrollRestoration?: () => boolean;
}

/**
 * The one router of the app, made the same way by the server's renderer (prerender/render.tsx) and the browser
 * (main.tsx): the router's own SSR dehydrates the matches and, through the ssr-query integration, the query cache
 * the loaders filled; RouterClient hydrates both in the browser (docs/decisions/220-tanstack-router-ssr.md).
 */
export function createAppRouter(options: AppRouterOptions) {
  const router = createRouter({
    routeTree,
    context: { queryClient: options.queryClient, trpc: options.trpc },
    ...(options.history ? { history: options.history } : {}),
    ...(options.nonce ? { ssr: { nonce: options.nonce } } : {}),
    defaultPreload: 'intent',
    // loaders fill the query cache; let TanStack Query decide freshness
    defaultPreloadStaleTime: 0,
    ...(options.scrollRestoration ? { scrollRestoration: options.scrollRestoration } : {}),
  });
  // the query cache travels with the router's own state (and gives the app its QueryClientProvider)
  setupRouterSsrQueryIntegration({ router, queryClient: options.queryClient });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
