import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

// PostgreSQL LISTEN/NOTIFY for the server (docs/decisions/081-live-messages.md): one connection per process
// listens, whatever the number of subscribers; PGlite delivers its own NOTIFYs to `pglite.listen` in process.

/** The channel a new message is announced on (the trigger of migration 20261123T1000_message_notify). */
export const MESSAGES_CHANNEL = 'rhema_messages';

export interface ChannelHandlers {
  /** one NOTIFY's payload */
  payload: (payload: string) => void;
  /** the listening connection came back after a loss: NOTIFYs of the gap are gone, readers should re-read */
  resumed?: () => void;
}

export interface NotificationListener {
  /** Resolves once LISTEN is in effect; the function it gives stops listening. */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** PGlite: its own listen/unlisten (NOTIFY from any query on the instance reaches it). */
export function pgliteNotifications(pglite: PGlite): NotificationListener {
  return {
    async listen(channel, handlers) {
      const stop = await pglite.listen(channel, handlers.payload);
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    async close() {},
  };
}

/**
 * PostgreSQL: one dedicated connection (outside the pool, which would hand it to other queries) that LISTENs on
 * every channel asked for. When it is lost (PostgreSQL restarts, a network cut) it reconnects with a growing delay,
 * LISTENs again and tells each channel's `resumed`.
 */
export function postgresNotifications(options: {
  connectionString: string;
  connectionTimeoutMs?: number;
  onError?: (error: Error) => void;
  /** first delay before reconnecting, doubled up to 5 s */
  retryMs?: number;
}): NotificationListener {
  const channels = new Map<string, Set<ChannelHandlers>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = options.retryMs ?? 250;
  let retryTimer: NodeJS.Timeout | null = null;

  function lost(from: pg.Client, error?: Error) {
    // an older connection, or one still connecting (connect() handles its failure)
    if (client !== from) return;
    if (error) options.onError?.(error);
    client = null;
    from.removeAllListeners('notification');
    from.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer || channels.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect()
        .then(() => {
          retryMs = options.retryMs ?? 250;
          for (const set of channels.values()) for (const h of set) h.resumed?.();
        })
        .catch((error: Error) => {
          options.onError?.(error);
          retryMs = Math.min(retryMs * 2, 5_000);
          scheduleReconnect();
        });
    }, retryMs);
    retryTimer.unref();
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: options.connectionString,
        connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
      });
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next));
      next.on('notification', (message) => {
        for (const h of channels.get(message.channel) ?? []) h.payload(message.payload ?? '');
      });
      try {
        await next.connect();
        for (const channel of channels.keys()) await next.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (error) {
        next.removeAllListeners();
        next.on('error', () => undefined);
        await next.end().catch(() => undefined);
        throw error;
      }
      if (closed) {
        await next.end().catch(() => undefined);
        throw new Error('notifications closed');
      }
      client = next;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel, handlers) {
      if (closed) throw new Error('notifications closed');
      let set = channels.get(channel);
      const first = !set;
      if (!set) {
        set = new Set();
        channels.set(channel, set);
      }
      set.add(handlers);
      try {
        const c = await connect();
        // LISTEN twice is harmless (a connection made meanwhile listened on every known channel already)
        if (first) await c.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (error) {
        set.delete(handlers);
        if (set.size === 0) channels.delete(channel);
        throw error;
      }
      return async () => {
        const current = channels.get(channel);
        if (!current?.delete(handlers) || current.size > 0) return;
        channels.delete(channel);
        await client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await connecting?.catch(() => undefined);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
    },
  };
}
