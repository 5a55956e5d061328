import net from 'node:net';

/**
 * A TCP proxy for tests that stands between the server and PostgreSQL, so a database outage can be played out
 * without touching the real (shared) PostgreSQL: `cut()` drops every proxied connection and refuses new ones
 * (nothing listens on the port, like a server that is restarting), `restore()` listens on the same port again.
 */
export interface TcpProxy {
  readonly port: number;
  /** Connections currently proxied. */
  readonly openConnections: number;
  /** How many connections were dropped by `cut()` so far. */
  readonly cutConnections: number;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  // one entry per proxied connection: destroying it closes both sides
  const connections = new Set<() => void>();
  let cutConnections = 0;

  const createServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        connections.delete(drop);
      };
      connections.add(drop);
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });

  const listen = (server: net.Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });

  let server: net.Server | null = createServer();
  const port = await listen(server, 0);

  const stop = async () => {
    const closing = server;
    server = null;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    // the listener stops at once; close() resolves when the connections below are gone
    cutConnections += connections.size;
    for (const drop of [...connections]) drop();
    await closed;
  };

  return {
    port,
    get openConnections() {
      return connections.size;
    },
    get cutConnections() {
      return cutConnections;
    },
    cut: stop,
    restore: async () => {
      if (server) return;
      server = createServer();
      await listen(server, port);
    },
    close: stop,
  };
}
