import { TRPCClientError } from '@trpc/client';

interface ErrorData {
  field?: string | null;
  httpStatus?: number;
  retryAfterSeconds?: number | null;
}

/** What a failed call means for a form: a message for one field when the server named it, else for the form. */
export function describeError(
  error: unknown,
  fields: readonly string[],
): { field?: string; message: string } {
  if (error instanceof TRPCClientError) {
    const data = (error.data ?? {}) as ErrorData;
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
  return { message: 'Something bad happened; please try again later.' };
}
