import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { describeError } from './server-errors';

function trpcError(message: string, data: Record<string, unknown>) {
  return new TRPCClientError(message, { result: { error: { message, code: -32600, data } } } as never);
}

describe('describeError', () => {
  it("puts a field's message on the field, without the field name in front", () => {
    const error = trpcError('email: is already registered', { field: 'email', httpStatus: 409 });
    expect(describeError(error, ['email', 'password'])).toEqual({
      field: 'email',
      message: 'is already registered',
    });
  });

  it('puts a message for a field the form does not have on the form', () => {
    const error = trpcError('phone: is not valid', { field: 'phone', httpStatus: 400 });
    expect(describeError(error, ['email'])).toEqual({ message: 'is not valid' });
  });

  it('says when a rate-limited form can be tried again, in seconds or minutes', () => {
    const soon = trpcError('Too many attempts.', { httpStatus: 429, retryAfterSeconds: 30 });
    expect(describeError(soon, []).message).toBe('Too many attempts. You can try again in 30 seconds.');
    const later = trpcError('Too many attempts.', { httpStatus: 429, retryAfterSeconds: 600 });
    expect(describeError(later, []).message).toBe('Too many attempts. You can try again in 10 minutes.');
  });

  it('falls back to a generic message for an empty server message and for anything not from tRPC', () => {
    expect(describeError(trpcError('', { httpStatus: 500 }), []).message).toBe('please try again');
    expect(describeError(new Error('socket hang up'), []).message).toBe(
      'Something bad happened; please try again later.',
    );
    expect(describeError(undefined, []).message).toBe('Something bad happened; please try again later.');
  });
});
