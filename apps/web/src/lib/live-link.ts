import type { AppRouter } from '@rhema/api';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { EventSourceLinkTools } from './event-source-link';

const tools: EventSourceLinkTools = {
  toError: (error) =>
    typeof error === 'string'
      ? new TRPCClientError(error)
      : TRPCClientError.from<AppRouter>({ error } as never),
  retryableCodes: [
    TRPC_ERROR_CODES_BY_KEY.BAD_GATEWAY,
    TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
    TRPC_ERROR_CODES_BY_KEY.GATEWAY_TIMEOUT,
    TRPC_ERROR_CODES_BY_KEY.INTERNAL_SERVER_ERROR,
  ],
};

/**
 * Subscriptions (messages.live) over server-sent events, with the code that reads them loaded on the first
 * subscription: tRPC's httpSubscriptionLink and its stream reader would sit in every page's first JavaScript
 * (docs/decisions/081-live-messages.md), public pages included, which never subscribe.
 */
export function lazySubscriptionLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        let closed = false;
        let close = () => {};
        import('./event-source-link')
          .then(({ subscribeOverEventSource }) => {
            if (!closed) close = subscribeOverEventSource(op, observer, tools);
          })
          .catch((error: unknown) => observer.error(error as never));
        return () => {
          closed = true;
          close();
        };
      });
}
