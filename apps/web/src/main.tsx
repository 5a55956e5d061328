import './mantine.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { seedEmbeddedSession } from './lib/session';
import { colorScheme, cssVariablesResolver, theme } from './lib/theme';
import { queryClient, trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';

// who is signed in, when the server put it into the page: route guards then need no call first
seedEmbeddedSession(queryClient, trpc);

const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  // loaders fill the query cache; let TanStack Query decide freshness
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

function renderApp() {
  const root = createRoot(document.getElementById('root')!);
  // a transition: React renders the first page in slices that yield to the browser, not one long task
  startTransition(() =>
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} {...colorScheme}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}

// Behind a prerendered page (which the visitor already sees) the route's code and data are loaded first: the app
// then renders the page once, in slices, instead of rendering a pending state and re-rendering it all at once
// when the router's store changes (store updates render synchronously, in one long task).
async function loadCurrentPage() {
  // the address can change while the code loads (a #fragment link, Back): load until the router has the one shown
  // (a change after this and before the router listens is caught by the root route, routes/__root.tsx)
  for (let attempt = 0; attempt < 3; attempt++) {
    await router.load();
    if (router.history.location.href === router.state.location.href) return;
  }
}
if (document.documentElement.classList.contains('prerendered'))
  // a failed load still renders: the router shows the route's error state
  void loadCurrentPage()
    .catch(() => undefined)
    .then(renderApp);
else renderApp();
