import { AppError, type AppErrorCode } from '@rhema/core';
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError } from 'zod';

/** The one mapping: domain error code -> tRPC code -> HTTP status (the REST adapter answers with the status). */
export const ERROR_MAP: Record<AppErrorCode, { trpc: TRPC_ERROR_CODE_KEY; http: number }> = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', http: 400 },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', http: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404 },
  CONFLICT: { trpc: 'CONFLICT', http: 409 },
  // tRPC has no 417; the requirement error travels as PRECONDITION_FAILED with appCode REQUIREMENT
  REQUIREMENT: { trpc: 'PRECONDITION_FAILED', http: 417 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500 },
};

const TRPC_TO_APP: Partial<Record<TRPC_ERROR_CODE_KEY, AppErrorCode>> = {
  PARSE_ERROR: 'BAD_REQUEST',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PRECONDITION_FAILED: 'REQUIREMENT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'UNAVAILABLE',
  PAYLOAD_TOO_LARGE: 'BAD_REQUEST',
  UNSUPPORTED_MEDIA_TYPE: 'BAD_REQUEST',
};

/** Refusals of the request itself keep their HTTP status (Fastify's 413 and 415 reach tRPC clients as such). */
const TRPC_OWN_STATUS: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
};

export const GENERIC_ERROR_MESSAGE = 'Something bad happened; please try again later.';

export interface PublicError {
  appCode: AppErrorCode;
  status: number;
  message: string;
  field?: string;
  retryAfterSeconds?: number;
  /** extra fields of the answer (the 417 names the requirement and the match) */
  details?: Record<string, string>;
}

/** Names the first invalid field: "email: Invalid email address". */
export function describeZodError(error: ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  if (!issue) return { message: 'Invalid input' };
  const field = issue.path.map(String).join('.');
  return field ? { message: `${field}: ${issue.message}`, field } : { message: issue.message };
}

// The database is out of reach (pool exhausted, server restarting, connection refused): a 503 the client may
// retry, not a 500. SQLSTATE class 08 is connection exceptions; 57P01-57P03 are shutdowns; 53300 too many clients.
// pg's messages: the wait for a free client timed out, the connection dropped, or a later statement (a rollback,
// the rest of a transaction) ran on a client whose connection had dropped or whose pool was closing.
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'the database system is starting up',
  'the database system is shutting down',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (
    typeof e.code === 'string' &&
    (UNAVAILABLE_SQLSTATES.test(e.code) || UNAVAILABLE_NODE_CODES.has(e.code))
  ) {
    return true;
  }
  const message = e.message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
}

function findCause<T>(error: unknown, match: (e: unknown) => e is T): T | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (match(e)) return e;
  }
  return undefined;
}

/**
 * What any caller may be told about an error: domain errors and bad input as they are, anything else as a
 * generic 500 (the details go to the log only).
 */
export function toPublicError(error: unknown): PublicError {
  const appError = findCause(error, (e): e is AppError => e instanceof AppError);
  if (appError) {
    const message = appError.code === 'INTERNAL' ? GENERIC_ERROR_MESSAGE : appError.message;
    return {
      appCode: appError.code,
      status: ERROR_MAP[appError.code].http,
      // a refusal of one field names it, as zod's do ("date_of_birth: You must be at least 18…")
      message:
        appError.field && !message.startsWith(`${appError.field}: `)
          ? `${appError.field}: ${message}`
          : message,
      ...(appError.field ? { field: appError.field } : {}),
      ...(appError.retryAfterSeconds ? { retryAfterSeconds: appError.retryAfterSeconds } : {}),
      ...(appError.details ? { details: appError.details } : {}),
    };
  }
  const zodError = findCause(error, (e): e is ZodError => e instanceof ZodError);
  if (zodError) return { appCode: 'BAD_REQUEST', status: 400, ...describeZodError(zodError) };
  if (error instanceof TRPCError) {
    const appCode = TRPC_TO_APP[error.code];
    if (appCode)
      return {
        appCode,
        status: TRPC_OWN_STATUS[error.code] ?? ERROR_MAP[appCode].http,
        message: error.message,
      };
  }
  if (findCause(error, (e): e is unknown => isDatabaseUnavailable(e)) !== undefined) {
    return {
      appCode: 'UNAVAILABLE',
      status: 503,
      message: 'The service is busy; please try again in a moment.',
      // clients back off a moment rather than retrying at once into the same full line
      retryAfterSeconds: 1,
    };
  }
  return { appCode: 'INTERNAL', status: 500, message: GENERIC_ERROR_MESSAGE };
}
