import type { AppRouter } from '@rhema/api';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { handleCallError, handleCallSuccess } from './api-errors';
import { clientHeaders } from './client-headers';
import { installMutationRetries } from './retries';

// every call's outcome goes to the one error behaviour (lib/api-errors.ts)
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => handleCallError(error, query.meta),
    onSuccess: (data, query) => handleCallSuccess(data, query.meta),
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _result, mutation) => handleCallError(error, mutation.meta),
    onSuccess: (data, _variables, _result, mutation) => handleCallSuccess(data, mutation.meta),
  }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    // POST is never retried, a repeat could do it twice (idempotent ones: lib/retries.ts, below)
    mutations: { retry: 0 },
  },
});
installMutationRetries(queryClient);

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      // subscriptions (messages.live) over server-sent events: the browser's EventSource, a GET on the same
      // origin that carries the session cookie and reconnects by itself (docs/decisions/081-live-messages.md)
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({ url: '/trpc' }),
      false: httpBatchLink({
        url: '/trpc',
        fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
        // the XSRF token travels on every non-GET call (tRPC posts mutations only)
        headers: ({ opList }) => clientHeaders({ changes: opList.some((op) => op.type !== 'query') }),
      }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
export type Trpc = typeof trpc;
