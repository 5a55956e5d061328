import { useRouter } from '@tanstack/react-router';
import type { Trpc } from './trpc';

/**
 * The one way a component reaches the API: the tRPC options of the router's context, the same that loaders get as
 * `context.trpc` (the pre-renderer puts an in-process one there). The context is set once, so no subscription.
 */
export function useTrpc(): Trpc {
  return useRouter().options.context.trpc;
}
