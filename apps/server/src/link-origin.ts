import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

// Links a member follows from an answer (the identity check's return, the development checkout, an event's page in
// its calendar file) are built from the origin the request came to when it is one this server answers for, so a
// member on http://127.0.0.1:3202 or on the machine's network address is not sent to PUBLIC_ORIGIN's
// localhost:3000 in the middle of paying. PUBLIC_ORIGIN stays for what leaves without a request: mail and the
// providers' webhooks. The Host header is the client's to write, so any other host gets PUBLIC_ORIGIN: an answer
// never carries a link to a host this server does not answer for.

/** The request as far as its origin goes (Fastify's request.protocol and request.host, port included). */
export interface RequestOrigin {
  protocol: string;
  host: string;
}

/** This machine's own names: loopback names and the address of every network interface. */
function localHostnames(): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const { address, family } of addresses ?? [])
      names.add(family === 'IPv6' ? `[${address}]` : address);
  }
  return names;
}

/**
 * The origin for a request's links: the request's own when PUBLIC_ORIGIN names it or, outside production, when its
 * host is this machine (a loopback name, an interface's address, the HOST it listens on); else PUBLIC_ORIGIN. In
 * production a proxy in front may pass its upstream's name (localhost:3000) as the Host: only PUBLIC_ORIGIN counts.
 */
export function linkOriginFor(options: { publicOrigin: string; host?: string; production?: boolean }) {
  const publicOrigin = new URL(options.publicOrigin).origin;
  const own = options.production ? new Set<string>() : localHostnames();
  const listening = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : null;
  if (listening && !options.production) own.add(isIP(listening) === 6 ? `[${listening}]` : listening);
  const originOf = (protocol: string, host: string): string => {
    let url: URL;
    try {
      url = new URL(`${protocol}://${host}`);
    } catch {
      return publicOrigin;
    }
    if (url.origin === publicOrigin || own.has(url.hostname)) return url.origin;
    return publicOrigin;
  };
  // every request asks (the procedure context carries it): a server answers for a handful of hosts, so each one's
  // answer is kept rather than parsing an address per request; the Host is the client's to choose, so the memory
  // is bounded and starts again when full
  const known = new Map<string, string>();
  return (request: RequestOrigin): string => {
    if (request.protocol !== 'http' && request.protocol !== 'https') return publicOrigin;
    const key = `${request.protocol}://${request.host}`;
    let origin = known.get(key);
    if (origin === undefined) {
      origin = originOf(request.protocol, request.host);
      if (known.size >= 64) known.clear();
      known.set(key, origin);
    }
    return origin;
  };
}

/**
 * In development, a PUBLIC_ORIGIN other than the address the server listens on is worth a line at start-up: mail
 * and the providers' webhooks go there. Null when they agree, or in production (behind a proxy they never do).
 */
export function publicOriginWarning(env: {
  NODE_ENV?: string;
  PUBLIC_ORIGIN?: string;
  PORT?: number;
  HOST?: string;
}): string | null {
  if (env.NODE_ENV === 'production' || !env.PUBLIC_ORIGIN || env.PORT === undefined) return null;
  const url = new URL(env.PUBLIC_ORIGIN);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const anyHost = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::';
  const hostAgrees = anyHost || url.hostname === env.HOST || url.hostname === `[${env.HOST}]`;
  if (port === env.PORT && hostAgrees) return null;
  const listening = `${anyHost ? 'every address' : env.HOST} port ${env.PORT}`;
  return `PUBLIC_ORIGIN is ${url.origin} but the server listens on ${listening}: mail and webhooks point there (links in answers follow the address each request came to)`;
}
