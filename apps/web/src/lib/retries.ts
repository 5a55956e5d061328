import { IDEMPOTENT_MUTATIONS, MUTATION_RETRIES } from '@rhema/schemas';
import type { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { httpStatusOf } from './api-errors';

/** The call never got an answer (offline, connection reset): fetch rejected with a TypeError. */
function isNetworkError(error: unknown): boolean {
  return (
    error instanceof TRPCClientError && httpStatusOf(error) === undefined && error.cause instanceof TypeError
  );
}

/** A 503: the server (or the load balancer before it) is briefly unavailable, in tRPC's shape or not. */
function isUnavailable(error: unknown): boolean {
  if (httpStatusOf(error) === 503) return true;
  const response =
    error instanceof TRPCClientError ? (error.meta?.response as Response | undefined) : undefined;
  return response?.status === 503;
}

/** Whether an idempotent call that failed for the `failureCount`-th time is tried again. */
export function retryIdempotent(failureCount: number, error: unknown): boolean {
  return failureCount < MUTATION_RETRIES && (isNetworkError(error) || isUnavailable(error));
}

/**
 * Idempotent mutations (packages/schemas' IDEMPOTENT_MUTATIONS) are retried on a network error or a 503; every
 * other mutation keeps the client's default of no retry, since a repeat could act twice. By the tRPC mutation key
 * (the procedure's path), so a screen's `useMutation(trpc.x.mutationOptions())` gets it without asking.
 */
export function installMutationRetries(queryClient: QueryClient) {
  for (const path of IDEMPOTENT_MUTATIONS)
    queryClient.setMutationDefaults([path.split('.')], { retry: retryIdempotent });
}
