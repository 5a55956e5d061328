/**
 * The domain's error codes. Core throws AppError; packages/api maps the code to a tRPC code and to the HTTP status
 * the REST adapter answers with (one table: packages/api/src/errors.ts).
 */
export const APP_ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** the product's "requirement error": a premium subscription is needed (HTTP 417) */
  'REQUIREMENT',
  'TOO_MANY_REQUESTS',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export interface AppErrorOptions {
  /** the input field the error is about, for forms and the REST envelope */
  field?: string;
  /** for TOO_MANY_REQUESTS: seconds until a retry can succeed (Retry-After) */
  retryAfterSeconds?: number;
  /** what the client needs besides the message, e.g. the 417's `{ requirement, match_id }`; never secrets */
  details?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly details: Record<string, string> | undefined;

  constructor(code: AppErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
