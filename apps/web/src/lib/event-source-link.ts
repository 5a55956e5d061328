import type { AppRouter } from '@rhema/api';
import type { OperationResultEnvelope, TRPCClientError } from '@trpc/client';
import type { Observer } from '@trpc/server/observable';

// Types only: a value imported here from a module the entry also uses would move that module out of the entry
// into a chunk of its own (Rolldown shares it), and the page's first JavaScript would grow, not shrink. The
// values come from the caller (lib/live-link.ts).

type Result = OperationResultEnvelope<unknown, TRPCClientError<AppRouter>>;

export interface EventSourceLinkTools {
  /** the client error for the server's serialized error shape, or for a message of ours */
  toError: (error: { code: number; message: string; data?: unknown } | string) => TRPCClientError<AppRouter>;
  /** tRPC's error codes its own link reconnects on (a server going away, failing) */
  retryableCodes: readonly number[];
}

// What tRPC's server sends on a subscription stream (initTRPC's `sse` option, packages/api/src/trpc.ts): `connected`
// with the client options first, each value as a `message` (with its id: messages.live tracks its position), a
// `ping` every 10 s, `serialized-error`, and `return` at the end.

/**
 * One subscription over the browser's EventSource, told to `observer` as tRPC's httpSubscriptionLink tells it
 * (started, data with its id, connection states, errors). The browser reconnects by itself and sends the last
 * event's id, from which the server replays what was missed; a stream silent for longer than the server's
 * `reconnectAfterInactivityMs` is opened again from that id. Returns the function that closes it.
 */
export function subscribeOverEventSource(
  op: { path: string; input: unknown },
  observer: Observer<Result, TRPCClientError<AppRouter>>,
  { toError, retryableCodes }: EventSourceLinkTools,
): () => void {
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let silence: ReturnType<typeof setTimeout> | undefined;
  let inactivityMs = 0;
  const state = (next: 'connecting' | 'pending' | 'idle', error: TRPCClientError<AppRouter> | null = null) =>
    observer.next({ result: { type: 'state', state: next, error } } as Result);
  const close = () => {
    clearTimeout(silence);
    source?.close();
    source = null;
  };
  const heard = () => {
    clearTimeout(silence);
    if (inactivityMs)
      silence = setTimeout(() => {
        state('connecting', toError(`Timeout of ${inactivityMs}ms reached while waiting for a response`));
        open();
      }, inactivityMs);
  };
  const open = () => {
    close();
    const params = new URLSearchParams();
    if (op.input !== undefined) params.set('input', JSON.stringify(op.input));
    if (lastEventId) params.set('lastEventId', lastEventId);
    const query = params.toString();
    const stream = new EventSource(`/trpc/${op.path}${query ? `?${query}` : ''}`);
    source = stream;
    stream.addEventListener('connected', (event) => {
      inactivityMs =
        (JSON.parse(event.data) as { reconnectAfterInactivityMs?: number }).reconnectAfterInactivityMs ?? 0;
      heard();
      observer.next({ result: { type: 'started' } } as Result);
      state('pending');
    });
    stream.addEventListener('ping', heard);
    stream.addEventListener('message', (event) => {
      heard();
      const data: unknown = JSON.parse(event.data);
      if (event.lastEventId) {
        lastEventId = event.lastEventId;
        observer.next({ result: { id: event.lastEventId, data: { id: event.lastEventId, data } } } as Result);
      } else observer.next({ result: { data } } as Result);
    });
    stream.addEventListener('serialized-error', (event) => {
      const shape = JSON.parse(event.data) as { code: number; message: string; data?: unknown };
      const error = toError(shape);
      // a server going away (503) or failing: the browser reconnects, elsewhere if need be
      if (retryableCodes.includes(shape.code)) return state('connecting', error);
      close();
      observer.error(error);
    });
    stream.addEventListener('return', () => {
      close();
      observer.next({ result: { type: 'stopped' } } as Result);
      state('idle');
      observer.complete();
    });
    stream.addEventListener('error', () => {
      // refused (a 401, say) ends it; anything else is the browser reconnecting
      if (stream.readyState !== EventSource.CLOSED) return state('connecting');
      close();
      observer.error(toError('The live connection was refused.'));
    });
  };
  state('connecting');
  open();
  return close;
}
