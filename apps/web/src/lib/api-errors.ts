import { TRPCClientError } from '@trpc/client';
import { describeError } from './forms/describe-error';
import { showSnackbar } from './snackbar';

// How the web app reacts to a failed call, in one place: QueryCache and MutationCache (lib/trpc.ts) send
// every call's outcome here, queries and mutations, route loaders included (every call of the web app goes
// through them).
//   401: signed out, to /auth/login. 417: the requirement (premium) flow opens, no message.
//   any other failure: the snack-bar with the body's message, 'please try again' without one, and
//   'Something bad happened; please try again later.' for a throw that is not an HTTP answer.
//   a success answer with `success: false`: its message, the same way.
// A call whose screen shows its error itself (a form's field, the match lookup's not-found state) says so with
// `meta: { showsOwnErrors: true }`: it gets no snack-bar, but 401 and 417 still act. The loading indicator
// (components/LoadingBar.tsx) counts pending calls, so it stops on any outcome.

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}
export interface CallMeta extends Record<string, unknown> {
  showsOwnErrors?: boolean;
}

export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data as { httpStatus?: number } | undefined)?.httpStatus;
}

interface Handlers {
  /** a 401: forget the user and go to /auth/login */
  unauthorized: () => void;
  /** a 417: the body names what is required (premium for a match); open its flow */
  requirement: (error: TRPCClientError<never>) => void;
}
const handlers: Handlers = { unauthorized: () => undefined, requirement: () => undefined };

/** Installed by the root route (the handlers need the router); returns the uninstaller. */
export function installCallHandlers(next: Handlers) {
  Object.assign(handlers, next);
  return () => {
    handlers.unauthorized = () => undefined;
    handlers.requirement = () => undefined;
  };
}

export function handleCallError(error: unknown, meta: CallMeta | undefined) {
  const status = httpStatusOf(error);
  if (status === 401) return handlers.unauthorized();
  if (status === 417) return handlers.requirement(error as TRPCClientError<never>);
  if (meta?.showsOwnErrors) return;
  showSnackbar(describeError(error, []).message);
}

export function handleCallSuccess(data: unknown, meta: CallMeta | undefined) {
  if (meta?.showsOwnErrors || typeof data !== 'object' || data === null) return;
  const { success, message } = data as { success?: unknown; message?: unknown };
  if (success === false) showSnackbar(typeof message === 'string' && message ? message : 'please try again');
}
