import { createContextInner, type Context, type PushConfig, type SessionCookies } from '@rhema/api';
import type { RateLimitStore } from '@rhema/auth';
import type {
  CallConfig,
  IdentityProvider,
  JobQueue,
  MailerLog,
  MessageHub,
  PaymentProvider,
  PhotoStore,
} from '@rhema/core';
import type { PremiumPrice } from '@rhema/schemas';
import type { Database } from '@rhema/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isTrpcRoute } from './plugins/route-kind';
import { clearSessionCookies, setSessionCookies, type SessionCookieNames } from './plugins/session';

export interface ServerDeps {
  db: Database;
  jobs?: JobQueue;
  rateLimitStore?: RateLimitStore;
  now?: () => Date;
  log?: MailerLog;
  cookieNames?: SessionCookieNames;
  messageHub?: MessageHub | null;
  photoStore?: PhotoStore | null;
  identity?: IdentityProvider | null;
  payments?: PaymentProvider;
  premiumPrice?: PremiumPrice;
  publicOrigin?: string;
  /** the origin of links in this request's answers (link-origin.ts) */
  linkOrigin?: (request: FastifyRequest) => string;
  calls?: CallConfig;
  push?: PushConfig;
}

/**
 * Builds a procedure context from an HTTP request (tRPC and the REST adapter share it). The session was resolved
 * by the session plugin (cookie or Bearer); only the browser's tRPC calls get cookies set on login and logout.
 */
export function contextFactory(deps: ServerDeps) {
  // what every request's context shares (the database, the queue, the providers, createContextInner's defaults),
  // built once: per request a copy with the caller's own fields, rather than the options gathered and copied anew
  const shared: Context = createContextInner({
    db: deps.db,
    ...(deps.jobs ? { jobs: deps.jobs } : {}),
    ...(deps.rateLimitStore ? { rateLimitStore: deps.rateLimitStore } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    messageHub: deps.messageHub ?? null,
    photoStore: deps.photoStore ?? null,
    identity: deps.identity ?? null,
    ...(deps.payments ? { payments: deps.payments } : {}),
    ...(deps.premiumPrice ? { premiumPrice: deps.premiumPrice } : {}),
    ...(deps.publicOrigin ? { publicOrigin: deps.publicOrigin } : {}),
    ...(deps.calls ? { calls: deps.calls } : {}),
    ...(deps.push ? { push: deps.push } : {}),
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<Context> => {
    const auth = request.auth ?? null;
    const names = deps.cookieNames;
    const sessionCookies: SessionCookies | null =
      names && isTrpcRoute(request)
        ? {
            set: (session) => setSessionCookies(reply, names, session),
            clear: () => clearSessionCookies(reply, names),
          }
        : null;
    return {
      ...shared,
      user: auth ? { id: auth.user.id, role: auth.user.role, first_name: auth.user.first_name } : null,
      session: auth ? { id: auth.session.id, via: auth.via } : null,
      ip: request.ip,
      userAgent: request.headers['user-agent'] || undefined,
      // through the request's logger, so what a procedure logs carries the request's id
      log: deps.log
        ? {
            info: (message: string) => request.log.info(message),
            error: (details: { err: unknown }, message: string) => request.log.error(details, message),
          }
        : undefined,
      linkOrigin: deps.linkOrigin ? deps.linkOrigin(request) : shared.linkOrigin,
      sessionCookies,
    };
  };
}
