import { initTRPC, TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { STAFF_ROLES, type Role } from '@rhema/schemas';
import type { Context } from './context';
import { ERROR_MAP, toPublicError } from './errors';
import { AppError } from '@rhema/core';

/**
 * Who may call a procedure, set by the builder it is made with (never by hand): the OpenAPI document reads it to
 * give each api/v1 operation its security and its 401/403 answers (apps/server/src/rest/openapi.ts).
 */
export type ProcedureAccess = 'public' | 'signed-in' | 'staff' | 'admin';
export interface ProcedureMeta {
  access?: ProcedureAccess;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // live messages over SSE (messages.live): a ping every 10 s keeps the stream under the server's 30 s idle
    // timeout (apps/server/src/app.ts) and proxies' idle cut-offs; a client that hears nothing for 25 s reconnects
    sse: {
      ping: { enabled: true, intervalMs: 10_000 },
      client: { reconnectAfterInactivityMs: 25_000 },
    },
    errorFormatter({ shape, error }) {
      const publicError = toPublicError(error);
      return {
        ...shape,
        message: publicError.message,
        data: {
          code: shape.data.code,
          httpStatus: publicError.status,
          appCode: publicError.appCode,
          field: publicError.field ?? null,
          retryAfterSeconds: publicError.retryAfterSeconds ?? null,
          details: publicError.details ?? null,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** A domain error thrown by core becomes a TRPCError with the mapped code; the AppError stays as the cause. */
function toTRPCError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return new TRPCError({ code: ERROR_MAP[error.code].trpc, message: error.message, cause: error });
}

const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw toTRPCError(result.error.cause);
  return result;
});

/**
 * A subscription's events under the same mapping: the middleware sees only the call, while an error of a stream
 * is thrown later, by its iteration.
 */
export async function* withAppErrors<T>(events: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
  try {
    yield* events;
  } catch (error) {
    throw toTRPCError(error);
  }
}

export const publicProcedure = t.procedure.use(mapAppErrors).meta({ access: 'public' });

export const authenticatedProcedure = publicProcedure.meta({ access: 'signed-in' }).use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  }
  // tRPC merges these into the context it already has: copying the whole context here too cost a second copy of
  // its twenty fields on every signed-in call (bench/results/2026-11-29-request-path.md)
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

function roleProcedure(roles: readonly Role[], access: ProcedureAccess) {
  return authenticatedProcedure.meta({ access }).use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have access to this page.' });
    }
    return next();
  });
}

/** Consultants and admins: the admin21 console. */
export const staffProcedure = roleProcedure(STAFF_ROLES, 'staff');
export const adminProcedure = roleProcedure(['admin'], 'admin');

/**
 * `schema` as an output parser run synchronously, for large answers. tRPC validates a zod output with parseAsync,
 * which keeps zod's objects off their compiled parser (zod compiles one only for synchronous parses); a function
 * parser tRPC calls as it is. The same schema, the same failure (a 500 "Output validation failed"), about half the
 * CPU on a member's 27 KB list of introductions. `schema` stays readable for the OpenAPI document
 * (apps/server/src/rest/openapi.ts).
 */
export function syncOutput<S extends z.ZodType>(schema: S) {
  return Object.assign((value: unknown): z.output<S> => schema.parse(value), { schema });
}
