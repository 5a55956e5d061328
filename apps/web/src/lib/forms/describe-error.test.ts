import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { ZLoginRequest } from '@rhema/schemas';
import { describeError } from './describe-error';
import { zodValidate } from './zod-validate';

function serverError(message: string, data: Record<string, unknown>) {
  const error = new TRPCClientError(message);
  Object.assign(error, { data });
  return error;
}

describe('describeError', () => {
  it('puts a message on the field the server named, without the field prefix', () => {
    expect(
      describeError(serverError('email: Invalid email address', { field: 'email', httpStatus: 400 }), [
        'email',
        'password',
      ]),
    ).toEqual({ field: 'email', message: 'Invalid email address' });
  });

  it('keeps a message for a field the form does not have on the form', () => {
    expect(describeError(serverError('token: expired', { field: 'token' }), ['email'])).toEqual({
      message: 'token: expired',
    });
  });

  it('says when to try again after a 429', () => {
    expect(
      describeError(serverError('Too many attempts.', { httpStatus: 429, retryAfterSeconds: 600 }), [])
        .message,
    ).toBe('Too many attempts. You can try again in 10 minutes.');
  });

  it('answers anything else with the spec text', () => {
    expect(describeError(new TypeError('x is undefined'), [])).toEqual({
      message: 'Something bad happened; please try again later.',
    });
  });
});

describe('zodValidate', () => {
  it('gives the first message per field of the very schema the server parses with', () => {
    const errors = zodValidate(ZLoginRequest)({ email: 'not an email', password: '' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'password']);
    expect(zodValidate(ZLoginRequest)({ email: 'a@example.com', password: 'long enough pass' })).toEqual({});
  });
});

describe('describeError without an answer body', () => {
  it("says the spec's 'please try again' when the network failed", () => {
    expect(describeError(new TRPCClientError('Failed to fetch'), [])).toEqual({
      message: 'please try again',
    });
  });
});
