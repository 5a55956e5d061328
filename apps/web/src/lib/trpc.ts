import type { AppRouter } from '@rhema/api';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { isUnauthorized } from './session';
import { readXsrfToken } from './xsrf';

// The spec: any 401 signs the client out. The handler is installed by the root route (it needs the router).
let onUnauthorized: () => void = () => undefined;
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}
const signOutOn401 = (error: unknown) => {
  if (isUnauthorized(error)) onUnauthorized();
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: signOutOn401 }),
  mutationCache: new MutationCache({ onError: signOutOn401 }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    // the spec: POST is never retried (PATCH retries are set per mutation)
    mutations: { retry: 0 },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
      // the XSRF token travels on every non-GET call (tRPC posts mutations only)
      headers: ({ opList }) => {
        const token = opList.some((op) => op.type !== 'query') ? readXsrfToken() : undefined;
        return token ? { 'x-xsrf-token': token } : {};
      },
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
export type Trpc = typeof trpc;
