import type { QueryClient } from '@tanstack/react-query';
import { forgetSession, safeRedirect, sessionQueryOptions } from '../../lib/session';
import type { Trpc } from '../../lib/trpc';

/**
 * An HTTP 401 logs the user out. Only a client that believed it was signed in reacts: it
 * forgets the session and everything cached, and goes to /auth/login (which brings the member back here after).
 */
export function signOutOnUnauthorized(options: {
  queryClient: QueryClient;
  trpc: Trpc;
  currentHref: () => string;
  goToLogin: (redirect: string | undefined) => Promise<void>;
}) {
  const cached = options.queryClient.getQueryData(sessionQueryOptions(options.trpc).queryKey);
  if (!cached?.user) return;
  forgetSession(options.queryClient, options.trpc);
  void options.goToLogin(safeRedirect(options.currentHref()));
}
