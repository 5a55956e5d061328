import { MESSAGES_CHANNEL, type NotificationListener } from '@rhema/db';

// The fan-out of live messages in one server process (docs/decisions/081-live-messages.md): one LISTEN on the
// database, each notice handed to the subscriptions of its two parties only. Every instance on the database runs
// its own hub, so a message written through any of them reaches the subscribers of all.

/** What the database announces (the trigger's payload): ids only, the message is read before it is delivered. */
export type HubEvent =
  | { type: 'message'; id: string; sender_id: string; recipient_id: string }
  /** the listener was lost and is back: notices of the gap are gone */
  | { type: 'resync' };

export interface MessageHub {
  /**
   * The events of `userId` from the moment this resolves (the LISTEN is in effect) until `signal` aborts or the hub
   * closes, when the iteration ends.
   */
  subscribe(userId: string, signal?: AbortSignal): Promise<AsyncIterable<HubEvent>>;
  /** subscriptions open at the moment (for tests and logs) */
  size(): number;
  /** ends every subscription and stops listening (graceful shutdown) */
  close(): Promise<void>;
}

/** More notices waiting for one slow subscriber than this and they are replaced by one `resync`. */
const QUEUE_LIMIT = 100;

interface Queue {
  push(event: HubEvent): void;
  end(): void;
}

function parseNotice(payload: string): HubEvent | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const { id, sender_id, recipient_id } = value;
    if (typeof id === 'string' && typeof sender_id === 'string' && typeof recipient_id === 'string')
      return { type: 'message', id, sender_id, recipient_id };
  } catch {
    // not ours: ignored
  }
  return null;
}

export function createMessageHub(
  notifications: NotificationListener,
  options: { onError?: (error: unknown) => void } = {},
): MessageHub {
  const byUser = new Map<string, Set<Queue>>();
  let listening: Promise<() => Promise<void>> | null = null;
  let closed = false;

  function deliver(userId: string, event: HubEvent) {
    for (const queue of byUser.get(userId) ?? []) queue.push(event);
  }

  function startListening() {
    listening ??= notifications
      .listen(MESSAGES_CHANNEL, {
        payload(payload) {
          const event = parseNotice(payload);
          if (event?.type !== 'message') return;
          deliver(event.sender_id, event);
          if (event.recipient_id !== event.sender_id) deliver(event.recipient_id, event);
        },
        resumed() {
          for (const userId of byUser.keys()) deliver(userId, { type: 'resync' });
        },
      })
      .catch((error: unknown) => {
        listening = null;
        throw error;
      });
    return listening;
  }

  return {
    async subscribe(userId, signal) {
      if (closed) throw new Error('The message hub is closed.');
      await startListening();
      const pending: HubEvent[] = [];
      let wake: (() => void) | null = null;
      let ended = false;
      const queue: Queue = {
        push(event) {
          if (pending.length >= QUEUE_LIMIT) pending.splice(0, pending.length, { type: 'resync' });
          else pending.push(event);
          wake?.();
        },
        end() {
          ended = true;
          wake?.();
        },
      };
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(queue);
      const remove = () => {
        queue.end();
        const current = byUser.get(userId);
        current?.delete(queue);
        if (current?.size === 0) byUser.delete(userId);
      };
      signal?.addEventListener('abort', remove, { once: true });
      if (signal?.aborted) remove();

      async function* iterate(): AsyncGenerator<HubEvent> {
        try {
          while (true) {
            const next = pending.shift();
            if (next) {
              yield next;
              continue;
            }
            if (ended) return;
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = null;
          }
        } finally {
          signal?.removeEventListener('abort', remove);
          remove();
        }
      }
      return iterate();
    },
    size() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    async close() {
      closed = true;
      for (const set of [...byUser.values()]) for (const queue of [...set]) queue.end();
      byUser.clear();
      const stop = await listening?.catch((error: unknown) => {
        options.onError?.(error);
        return null;
      });
      await stop?.();
    },
  };
}
