import { TRPCClientError } from '@trpc/client';

/** The product's text for a failure that is not an HTTP answer (the product's wording). */
export const UNEXPECTED_ERROR_MESSAGE = 'Something bad happened; please try again later.';

interface ErrorData {
  field?: string | null;
  httpStatus?: number;
  retryAfterSeconds?: number | null;
}

/**
 * What a failed call says: the body's message, for one field of the form when the server named it (else for the
 * whole form or the snack-bar); 'please try again' without a body; the product's text for anything not an
 * HTTP answer.
 */
export function describeError(
  error: unknown,
  fields: readonly string[],
): { field?: string; message: string } {
  if (error instanceof TRPCClientError) {
    // no body (the network failed, a proxy answered): 'please try again', not the browser's text
    if (!error.data) return { message: 'please try again' };
    const data = error.data as ErrorData;
    let message = error.message || 'please try again';
    // a field of this form gets the message without its name; others keep it ("token: ..."), on the form
    const field = data.field && fields.includes(data.field) ? data.field : undefined;
    if (field && message.startsWith(`${field}: `)) message = message.slice(field.length + 2);
    if (data.httpStatus === 429 && data.retryAfterSeconds) {
      const minutes = Math.ceil(data.retryAfterSeconds / 60);
      message = `${message} You can try again in ${
        data.retryAfterSeconds < 90 ? `${data.retryAfterSeconds} seconds` : `${minutes} minutes`
      }.`;
    }
    return field ? { field, message } : { message };
  }
  return { message: UNEXPECTED_ERROR_MESSAGE };
}
