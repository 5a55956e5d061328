import { MESSAGES_CHANNEL, type NotificationListener } from '@rhema/db';
import { AppError } from '../errors/app-error';

// The fan-out of live messages in one server process (docs/decisions/081-live-messages.md): one LISTEN on the
// database, each notice handed to the subscriptions of its two parties only. Every instance on the database runs
// its own hub, so a message written through any of them reaches the subscribers of all.

/** What the database announces (the trigger's payload): ids only, the message is read before it is delivered. */
export type HubEvent =
  | { type: 'message'; id: string; sender_id: string; recipient_id: string }
  /** `recipient_id` read what `sender_id` sent them, up to message `id` (migration 20261124T1400_message_read_notify) */
  | { type: 'read'; id: string; sender_id: string; recipient_id: string }
  /** `sender_id` is typing to `recipient_id`: nothing stored, handed to the recipient only */
  | { type: 'typing'; sender_id: string; recipient_id: string }
  /** a video call's signal `id` (call_signals) for `recipient_id` only (docs/decisions/180-video-calls.md) */
  | { type: 'call'; id: string; sender_id: string; recipient_id: string }
  /** `recipient_id`'s unread notifications changed (migration 20261128T2150_notifications): theirs only */
  | { type: 'notifications'; sender_id: string; recipient_id: string }
  /** the listener was lost and is back: notices of the gap are gone */
  | { type: 'resync' };

export interface MessageHub {
  /**
   * The events of `userId` from the moment this resolves (the LISTEN is in effect) until `signal` aborts or the hub
   * closes, when the iteration ends.
   */
  subscribe(userId: string, signal?: AbortSignal): Promise<AsyncIterable<HubEvent>>;
  /**
   * Whether `userId` may announce typing now: at most one notice per TYPING_NOTICE_GAP_MS per member in this
   * process (clients send one per TYPING_SEND_INTERVAL_MS; this bounds a client that does not).
   */
  mayAnnounceTyping(userId: string, now: Date): boolean;
  /** subscriptions open at the moment (for tests and logs) */
  size(): number;
  /** ends every subscription and stops listening (graceful shutdown) */
  close(): Promise<void>;
}

/** Streams one member may hold open in one process: a few tabs and devices, not hundreds. */
export const LIVE_STREAMS_PER_MEMBER = 5;
/** Streams of one process when the server sets no number (LIVE_STREAMS_MAX). */
export const LIVE_STREAMS_MAX = 1000;
export const TOO_MANY_STREAMS_MESSAGE =
  'Too many live connections are open. Close another tab or device and try again.';

/** The least time between two typing notices of one member through one process (ours). */
export const TYPING_NOTICE_GAP_MS = 1000;

/** More notices waiting for one slow subscriber than this and they are replaced by one `resync`. */
const QUEUE_LIMIT = 100;

interface Queue {
  push(event: HubEvent): void;
  end(): void;
}

function parseNotice(payload: string): HubEvent | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const { kind, id, sender_id, recipient_id } = value;
    if (typeof sender_id !== 'string' || typeof recipient_id !== 'string') return null;
    if (kind === 'typing') return { type: 'typing', sender_id, recipient_id };
    if (kind === 'notifications') return { type: 'notifications', sender_id, recipient_id };
    if (kind === 'call' && typeof id === 'string') return { type: 'call', id, sender_id, recipient_id };
    // a new message's notice has no kind (migration 20261123T1000_message_notify)
    if (typeof id === 'string' && (kind === undefined || kind === 'read'))
      return { type: kind ?? 'message', id, sender_id, recipient_id };
  } catch {
    // not ours: ignored
  }
  return null;
}

export function createMessageHub(
  notifications: NotificationListener,
  options: { onError?: (error: unknown) => void; maxStreams?: number; maxStreamsPerMember?: number } = {},
): MessageHub {
  const maxStreams = options.maxStreams ?? LIVE_STREAMS_MAX;
  const maxPerMember = options.maxStreamsPerMember ?? LIVE_STREAMS_PER_MEMBER;
  const byUser = new Map<string, Set<Queue>>();
  let open = 0;
  let listening: Promise<() => Promise<void>> | null = null;
  let closed = false;
  const lastTyping = new Map<string, number>();
  let lastPrune = 0;

  function deliver(userId: string, event: HubEvent) {
    for (const queue of byUser.get(userId) ?? []) queue.push(event);
  }

  function startListening() {
    listening ??= notifications
      .listen(MESSAGES_CHANNEL, {
        payload(payload) {
          const event = parseNotice(payload);
          if (!event || event.type === 'resync') return;
          // typing and call signals are for the other member only; a message and a read reach both (their other
          // tabs and devices)
          if (event.type === 'notifications') return deliver(event.recipient_id, event);
          if (event.type !== 'typing' && event.type !== 'call') deliver(event.sender_id, event);
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
      // the places are counted and taken before the first await, so streams opened at once cannot pass together
      if (open >= maxStreams || (byUser.get(userId)?.size ?? 0) >= maxPerMember) {
        throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_STREAMS_MESSAGE, { retryAfterSeconds: 30 });
      }
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
      open += 1;
      let removed = false;
      const remove = () => {
        queue.end();
        // after close() the hub's counts are already cleared
        if (removed || closed) return;
        removed = true;
        open -= 1;
        const current = byUser.get(userId);
        current?.delete(queue);
        if (current?.size === 0) byUser.delete(userId);
      };
      try {
        await startListening();
      } catch (error) {
        remove();
        throw error;
      }
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
    mayAnnounceTyping(userId, now) {
      const at = now.getTime();
      const last = lastTyping.get(userId);
      if (last !== undefined && at - last < TYPING_NOTICE_GAP_MS) return false;
      // once a gap at most, the map drops members who stopped typing
      if (at - lastPrune >= TYPING_NOTICE_GAP_MS) {
        lastPrune = at;
        for (const [id, time] of lastTyping) if (at - time >= TYPING_NOTICE_GAP_MS) lastTyping.delete(id);
      }
      lastTyping.set(userId, at);
      return true;
    },
    size() {
      return open;
    },
    async close() {
      closed = true;
      for (const set of [...byUser.values()]) for (const queue of [...set]) queue.end();
      byUser.clear();
      open = 0;
      const stop = await listening?.catch((error: unknown) => {
        options.onError?.(error);
        return null;
      });
      await stop?.();
    },
  };
}
