import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { installMutationRetries, retryIdempotent } from './retries';

function answered(status: number) {
  const error = new TRPCClientError('failed');
  Object.assign(error, { data: { httpStatus: status } });
  return error;
}
const offline = () => new TRPCClientError('Failed to fetch', { cause: new TypeError('Failed to fetch') });
const proxy503 = () =>
  new TRPCClientError('Unexpected token <', { meta: { response: new Response('busy', { status: 503 }) } });

describe('mutation retries', () => {
  it('retries an idempotent call up to 3 times on a network error or a 503, on nothing else', () => {
    for (const error of [offline(), answered(503), proxy503()]) {
      expect([0, 1, 2, 3].map((count) => retryIdempotent(count, error))).toEqual([true, true, true, false]);
    }
    for (const error of [
      answered(500),
      answered(409),
      answered(429),
      new Error('bug'),
      new TRPCClientError('x'),
    ])
      expect(retryIdempotent(0, error)).toBe(false);
  });

  it("gives the idempotent procedures' mutations the retry, and POST-like ones none", () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
    installMutationRetries(client);
    // what useMutation resolves: the client's defaults, then those set for the mutation's key
    const retryOf = (path: string) =>
      ({ ...client.getDefaultOptions().mutations, ...client.getMutationDefaults([path.split('.')]) }).retry;
    expect(retryOf('admin.activate')).toBe(retryIdempotent);
    expect(retryOf('introductions.reject')).toBe(retryIdempotent);
    expect(retryOf('profile.deletePhoto')).toBe(retryIdempotent);
    expect(retryOf('subscriptions.createPremium')).toBe(0);
    expect(retryOf('admin.register')).toBe(0);
    expect(retryOf('messages.send')).toBe(0);
  });
});
