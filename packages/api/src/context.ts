import type { Database } from '@rhema/db';
import type { Role } from '@rhema/schemas';

/** The signed-in user as procedures see it. */
export interface ContextUser {
  id: string;
  role: Role;
  first_name: string;
}

export interface ContextSession {
  id: string;
}

/** What a procedure may use. Built apart from HTTP so tests call `createCaller(createContextInner(...))`. */
export interface Context {
  db: Database;
  user: ContextUser | null;
  session: ContextSession | null;
  /** the client's address (for rate limits and audit) */
  ip: string;
  userAgent: string | undefined;
}

export interface ContextInnerOptions {
  db: Database;
  user?: ContextUser | null;
  session?: ContextSession | null;
  ip?: string;
  userAgent?: string;
}

export function createContextInner(options: ContextInnerOptions): Context {
  return {
    db: options.db,
    user: options.user ?? null,
    session: options.session ?? null,
    ip: options.ip ?? '127.0.0.1',
    userAgent: options.userAgent,
  };
}
