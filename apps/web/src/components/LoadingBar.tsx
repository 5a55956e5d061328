import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyPart } from '../lib/lazy-part';

// not needed to paint a page: the bar's code (Mantine's Progress) loads the first time something is pending
const LoadingBarView = lazyPart(() => import('./LoadingBarView'));

/** The loading indicator: shown while any call or route load is pending, gone on success or error. */
export function LoadingBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const routeLoading = useRouterState({ select: (state) => state.status === 'pending' });
  const busy = fetching + mutating > 0 || routeLoading;
  if (!busy) return null;
  return (
    <Suspense fallback={null}>
      <LoadingBarView />
    </Suspense>
  );
}
