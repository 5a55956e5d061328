import { createPostgresRateLimitStore, type RateLimitStore } from '@rhema/auth';
import {
  createJobQueue,
  DEFAULT_PUSH_ENDPOINT_HOSTS,
  createMemoryMailer,
  jobHandlers,
  manualPaymentProvider,
  systemClock,
  type IdentityProvider,
  type JobQueue,
  type Mailer,
  type MailerLog,
  type MessageHub,
  type PaymentProvider,
  type PhotoStore,
  type CallConfig,
  NO_CALL_CONFIG,
} from '@rhema/core';
import type { Database } from '@rhema/db';
import { DEFAULT_PREMIUM_PRICE, type PremiumPrice, type Role } from '@rhema/schemas';

/** The signed-in user as procedures see it. */
export interface ContextUser {
  id: string;
  role: Role;
  first_name: string;
}

export interface ContextSession {
  id: string;
  /** how the request was signed in: the browser's cookie, or a mobile client's Bearer token */
  via: 'cookie' | 'bearer';
}

/** The browser's session cookies, set by login and cleared by logout; absent for the REST adapter (mobile). */
export interface SessionCookies {
  set(session: { token: string; xsrfToken: string; expiresAt: Date }): void;
  clear(): void;
}

/** What a procedure may use. Built apart from HTTP so tests call `createCaller(createContextInner(...))`. */
export interface Context {
  db: Database;
  user: ContextUser | null;
  session: ContextSession | null;
  /** the client's address (for rate limits and audit) */
  ip: string;
  userAgent: string | undefined;
  /** work after the answer (mail and the like): the server's worker runs it */
  jobs: JobQueue;
  rateLimitStore: RateLimitStore;
  /** the clock (tests move it) */
  now: () => Date;
  sessionCookies: SessionCookies | null;
  log: MailerLog | undefined;
  /** live messages of this process (messages.live); null where nothing listens (server-side rendering) */
  messageHub: MessageHub | null;
  /** where member photos are kept (PHOTO_DIR); null where no procedure may touch them (server-side rendering) */
  photoStore: PhotoStore | null;
  /** who verifies identities (docs/decisions/171-identity-verification-provider.md); null where none is configured */
  identity: IdentityProvider | null;
  /** the public origin (PUBLIC_ORIGIN): what mail and the providers' webhooks name */
  publicOrigin: string;
  /** the origin of links a member follows from this call's answer: the request's own where the server answers
   * for it (apps/server/src/link-origin.ts), else the public origin */
  linkOrigin: string;
  /** video calls' ICE servers and TURN secret (ICE_SERVERS, TURN_SECRET) */
  calls: CallConfig;
  /** who takes premium payments (docs/decisions/173-premium-paid-online.md): 'manual' where no checkout runs */
  payments: PaymentProvider;
  /** premium's configured price for one match */
  premiumPrice: PremiumPrice;
  /** Web Push: the VAPID public key clients subscribe with, and the push services subscriptions may name */
  push: PushConfig;
}

export interface PushConfig {
  publicKey: string | null;
  endpointHosts: readonly string[];
}

export interface ContextInnerOptions {
  db: Database;
  user?: ContextUser | null;
  session?: ContextSession | null;
  ip?: string;
  userAgent?: string;
  jobs?: JobQueue;
  /** without `jobs`: jobs run inline, before the call returns, and mail goes to this mailer (tests) */
  mailer?: Mailer;
  rateLimitStore?: RateLimitStore;
  now?: () => Date;
  sessionCookies?: SessionCookies | null;
  log?: MailerLog;
  messageHub?: MessageHub | null;
  photoStore?: PhotoStore | null;
  identity?: IdentityProvider | null;
  publicOrigin?: string;
  linkOrigin?: string;
  calls?: CallConfig;
  payments?: PaymentProvider;
  premiumPrice?: PremiumPrice;
  push?: PushConfig;
}

export function createContextInner(options: ContextInnerOptions): Context {
  return {
    db: options.db,
    user: options.user ?? null,
    session: options.session ?? null,
    ip: options.ip ?? '127.0.0.1',
    userAgent: options.userAgent,
    jobs:
      options.jobs ??
      createJobQueue({
        db: options.db,
        mailer: options.mailer ?? createMemoryMailer(),
        handlers: jobHandlers,
        clock: options.now ?? systemClock,
        log: options.log,
        mode: 'inline',
      }),
    rateLimitStore: options.rateLimitStore ?? createPostgresRateLimitStore(options.db),
    now: options.now ?? systemClock,
    sessionCookies: options.sessionCookies ?? null,
    log: options.log,
    messageHub: options.messageHub ?? null,
    photoStore: options.photoStore ?? null,
    identity: options.identity ?? null,
    publicOrigin: options.publicOrigin ?? 'http://localhost:3000',
    linkOrigin: options.linkOrigin ?? options.publicOrigin ?? 'http://localhost:3000',
    calls: options.calls ?? NO_CALL_CONFIG,
    payments: options.payments ?? manualPaymentProvider,
    premiumPrice: options.premiumPrice ?? DEFAULT_PREMIUM_PRICE,
    push: options.push ?? { publicKey: null, endpointHosts: DEFAULT_PUSH_ENDPOINT_HOSTS },
  };
}
