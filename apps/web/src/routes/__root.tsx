import { Box } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  HeadContent,
  lazyRouteComponent,
  Outlet,
  Scripts,
  useRouter,
} from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { AppFooter } from '../components/AppFooter';
import { AppHeader } from '../components/AppHeader';
import { LoadingBar } from '../components/LoadingBar';
import { signOutOnUnauthorized } from '../features/auth/unauthorized';
import { installCallHandlers } from '../lib/api-errors';
import { scheduleConsent } from '../lib/consent';
import '../lib/csp';
import { sessionQueryOptions } from '../lib/session';
import { useSnackbarHostWanted } from '../lib/snackbar';
import { firstScreenDrawn } from '../lib/first-screen';
import type { Trpc } from '../lib/trpc';
import { lazyPart } from '../lib/lazy-part';

// the snack-bar of a failed call (lib/snackbar.ts): its own chunk, loaded with the first message
const SnackbarHost = lazyPart(() => import('../components/SnackbarHost'));
// the premium flow a 417 opens, loaded when it happens
const PremiumFlow = lazyPart(() => import('../features/introductions/PremiumFlow'));

export interface RouterContext {
  queryClient: QueryClient;
  trpc: Trpc;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // the root route is not split by the router plugin: load the 404 page on demand, out of the entry chunk
  notFoundComponent: lazyRouteComponent(() => import('../components/NotFoundPage'), 'NotFoundPage'),
});

function RootLayout() {
  // the cookie banner loads once the page is idle, in its own chunk
  useEffect(() => scheduleConsent(), []);
  // the reactions to a call's status that need the router (the rest is in lib/api-errors.ts)
  const router = useRouter();
  const { queryClient, trpc } = Route.useRouteContext();
  const [premiumFor, setPremiumFor] = useState<string | null>(null);
  const premiumUser = premiumFor
    ? queryClient.getQueryData(sessionQueryOptions(trpc).queryKey)?.user
    : undefined;
  useEffect(
    () =>
      installCallHandlers({
        unauthorized: () =>
          signOutOnUnauthorized({
            queryClient,
            trpc,
            currentHref: () => router.state.location.href,
            goToLogin: (redirect) => router.navigate({ to: '/auth/login', search: { redirect } }),
          }),
        // a 417 names what is required; the one requirement there is: premium for a match (decision 070)
        requirement: (error) => {
          const details = (error.data as { details?: Record<string, string> | null } | undefined)?.details;
          if (details?.requirement === 'premium' && details.match_id) setPremiumFor(details.match_id);
        },
      }),
    [queryClient, trpc, router],
  );
  const snackbarWanted = useSnackbarHostWanted();
  // the server's markup is the app's now (or the app's own first render is on screen)
  useEffect(() => firstScreenDrawn(), []);
  // the address may have changed (a #fragment, Back) after the first load and before the router listened to it
  useEffect(() => {
    if (router.history.location.href !== router.state.location.href) void router.load();
  }, [router]);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <HeadContent />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <LoadingBar />
      <AppHeader />
      {/* at least a screen tall: the footer starts below the fold, so a page whose content arrives after the first
          paint (signed-in pages, the console's lists) does not push a visible footer down (layout shift) */}
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none', minHeight: '100vh' }}>
        <Outlet />
      </Box>
      <AppFooter />
      {premiumFor && premiumUser ? (
        <Suspense fallback={null}>
          <PremiumFlow matchId={premiumFor} userId={premiumUser._id} onClose={() => setPremiumFor(null)} />
        </Suspense>
      ) : null}
      {snackbarWanted ? (
        <Suspense fallback={null}>
          <SnackbarHost />
        </Suspense>
      ) : null}
      {/* the router's hydration data, with the request's nonce, on the server; they remove themselves as they run,
          so the browser draws nothing here */}
      <Scripts />
    </Box>
  );
}
