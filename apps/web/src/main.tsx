import './mantine.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { seedEmbeddedSession } from './lib/session';
import { isHydrating } from './lib/hydrating';
import { nextTask } from './lib/next-task';
import { colorScheme, cssVariablesResolver, theme } from './lib/theme';
import { queryClient, trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';

// A page the server drew was scrollable before the app ran: its first render keeps where the browser put the visitor
// (a reload's place, a #fragment) or where they have scrolled to since, instead of the router's jump to the top.
function makeRouter() {
  let firstRender = isHydrating();
  return createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    // loaders fill the query cache; let TanStack Query decide freshness
    defaultPreloadStaleTime: 0,
    scrollRestoration: () => {
      if (!firstRender) return true;
      firstRender = false;
      return false;
    },
  });
}
type AppRouter = ReturnType<typeof makeRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

const appOf = (router: AppRouter) => (
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} {...colorScheme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>
);

// A page the server drew is hydrated once its route's code is loaded and its reads are in the cache (the server's
// answers, prerender/hydration.ts): the first render is the server's, so React keeps its nodes. The address can
// change while the code loads (a #fragment link, Back): load until the router has the one shown (a change after
// this and before the router listens is caught by the root route, routes/__root.tsx).
async function hydrateServerPage(container: HTMLElement, router: AppRouter) {
  const { restoreServerState } = await import('./prerender/hydration');
  restoreServerState(queryClient);
  seedEmbeddedSession(queryClient, trpc);
  // the router's load (matching, the routes' checks and loaders) in a task of its own
  await nextTask();
  for (let attempt = 0; attempt < 3; attempt++) {
    // a failed load still renders: the router shows the route's error state
    await router.load().catch(() => undefined);
    if (router.history.location.href === router.state.location.href) break;
  }
  // what the router's own client hydration sets (@tanstack/router-core hydrate): the server's render has no
  // Suspense boundary around the matches, and the router then draws none either
  router.ssr = { manifest: undefined };
  // a transition: React hydrates in slices that yield to the browser (a press in between is still answered), not in
  // one long task that blocks the page for the whole tree
  startTransition(() => {
    hydrateRoot(container, appOf(router), {
      // a part the server left to the browser (a lazy part not loaded when it rendered), or markup drawn for another
      // time zone (dates are the viewer's): React draws that part itself, as the app would have without the server's
      // markup; nothing is lost, so only other errors are reported
      onRecoverableError: (error) => {
        if (!isHydrationFallback(error)) reportError(error);
      },
    });
  });
}

/** React's hydration fallbacks (production builds name them by code: react.dev/errors/418, 419, 423, 425). */
function isHydrationFallback(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /hydrat|server could not finish|#(418|419|423|425)\b/i.test(message);
}

// Three tasks, not one: the modules' evaluation, then the router's making, then (on a server-drawn page) its load.
// On a phone, evaluation and the router together were one task long enough to hold back a press.
async function start() {
  await nextTask();
  const router = makeRouter();
  const container = document.getElementById('root')!;
  if (isHydrating()) return hydrateServerPage(container, router);
  // who is signed in, when the server put it into the page: route guards then need no call first
  seedEmbeddedSession(queryClient, trpc);
  // a transition: React renders the first page in slices that yield to the browser, not one long task
  startTransition(() => createRoot(container).render(appOf(router)));
}
void start();
