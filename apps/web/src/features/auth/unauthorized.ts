import type { QueryClient } from '@tanstack/react-query';
import { forgetSession, sessionQueryOptions } from '../../lib/session';
import { setUnauthorizedHandler, type Trpc } from '../../lib/trpc';

/**
 * The spec (section 8): an HTTP 401 logs the user out. Only a client that believed it was signed in reacts:
 * it forgets the session and re-runs the route guards, which send a guarded page to /auth/login (and back after).
 */
export function installUnauthorizedHandler(options: {
  queryClient: QueryClient;
  trpc: Trpc;
  invalidateRoutes: () => Promise<void>;
}) {
  setUnauthorizedHandler(() => {
    const cached = options.queryClient.getQueryData(sessionQueryOptions(options.trpc).queryKey);
    if (!cached?.user) return;
    forgetSession(options.queryClient, options.trpc);
    void options.invalidateRoutes();
  });
  return () => setUnauthorizedHandler(() => undefined);
}
