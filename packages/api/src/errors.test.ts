import { AppError } from '@rhema/core';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GENERIC_ERROR_MESSAGE, toPublicError } from './errors';

describe('toPublicError', () => {
  it.each([
    ['BAD_REQUEST', 400],
    ['UNAUTHORIZED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['REQUIREMENT', 417],
    ['TOO_MANY_REQUESTS', 429],
  ] as const)('maps AppError %s to HTTP %i with its message', (code, status) => {
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new AppError(code, 'why') });
    expect(toPublicError(wrapped)).toMatchObject({ appCode: code, status, message: 'why' });
  });

  it('keeps Retry-After seconds and the field', () => {
    const error = new AppError('TOO_MANY_REQUESTS', 'slow down', { retryAfterSeconds: 42, field: 'email' });
    expect(toPublicError(error)).toMatchObject({ status: 429, retryAfterSeconds: 42, field: 'email' });
  });

  it('names the first invalid field of a zod error', () => {
    const result = z.object({ email: z.email() }).safeParse({ email: 'nope' });
    const error = new TRPCError({ code: 'BAD_REQUEST', cause: result.error });
    expect(toPublicError(error)).toMatchObject({
      status: 400,
      field: 'email',
      message: expect.stringMatching(/^email: /),
    });
  });

  it('hides unexpected errors behind the generic message', () => {
    const error = new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      cause: new Error('column "x" does not exist'),
    });
    expect(toPublicError(error)).toEqual({
      appCode: 'INTERNAL',
      status: 500,
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it.each([
    Object.assign(new Error('timeout exceeded when trying to connect'), {}),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    new Error('Client has encountered a connection error and is not queryable'),
    new Error('Client was closed and is not queryable'),
  ])('answers 503 while the database is out of reach (%s)', (cause) => {
    const error = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause });
    expect(toPublicError(error)).toMatchObject({ appCode: 'UNAVAILABLE', status: 503 });
  });
});
