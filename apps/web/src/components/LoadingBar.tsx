import { Progress } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';

/** The spec's loading indicator: shown while any call or route load is pending, gone on success or error. */
export function LoadingBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const routeLoading = useRouterState({ select: (state) => state.status === 'pending' });
  const busy = fetching + mutating > 0 || routeLoading;
  if (!busy) return null;
  return (
    <Progress
      value={100}
      animated
      striped
      size="xs"
      radius={0}
      aria-label="Loading"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}
