import './mantine.css';
import './styles.css';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { serverDrawn } from './lib/first-screen';
import { nextTask } from './lib/next-task';
import { seedEmbeddedSession } from './lib/session';
import { AppMantineProvider } from './lib/mantine-provider';
import { queryClient, trpc } from './lib/trpc';
import { switchOnStylesheetsWhenNeeded } from './prerender/deferred-stylesheets';
import { createAppRouter, type AppRouter } from './router';

// A page the server drew was scrollable before the app ran: its first render keeps where the browser put the visitor
// (a reload's place, a #fragment) or where they have scrolled to since, instead of the router's jump to the top.
function makeRouter() {
  let firstRender = serverDrawn();
  return createAppRouter({
    queryClient,
    trpc,
    scrollRestoration: () => {
      if (!firstRender) return true;
      firstRender = false;
      return false;
    },
  });
}

const appOf = (router: ReactNode) => (
  <StrictMode>
    <AppMantineProvider>{router}</AppMantineProvider>
  </StrictMode>
);

// A page the server drew (prerender/render.tsx, through the router's SSR) is hydrated by the router's own client:
// RouterClient reads the matches and the query cache the server sent, and the first render is the server's, so
// React keeps its nodes and no read is made again.
function hydrateServerPage(container: HTMLElement, router: AppRouter) {
  switchOnStylesheetsWhenNeeded();
  // a transition: React hydrates in slices that yield to the browser, not in one long task for the whole tree
  startTransition(() => {
    hydrateRoot(container, appOf(<RouterClient router={router} />), {
      // markup drawn for another time zone (dates are the viewer's), or a part the server left to the browser: React
      // draws that part itself, as the app would have without the server's markup; only other errors are reported
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

// Four tasks, not one: the modules' evaluation, the session, the router's making, then the first render. On a phone
// each of them took 30-60 ms at 4x CPU (bench/results/2026-11-29-hydration-tasks.md); together they were one task
// long enough to hold back a press and to count as blocking time.
async function start() {
  await nextTask();
  // who is signed in, when the server put it into the page: route guards then need no call first
  seedEmbeddedSession(queryClient, trpc);
  await nextTask();
  const router = makeRouter();
  await nextTask();
  const container = document.getElementById('root')!;
  if (serverDrawn()) return hydrateServerPage(container, router);
  // a transition: React renders the first page in slices that yield to the browser, not one long task
  startTransition(() => createRoot(container).render(appOf(<RouterProvider router={router} />)));
}
void start();
