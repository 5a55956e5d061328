import { initTRPC, TRPCError } from '@trpc/server';
import type { Role } from '@rhema/schemas';
import type { Context } from './context';
import { ERROR_MAP, toPublicError } from './errors';
import { AppError } from '@rhema/core';

const t = initTRPC.context<Context>().create({
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

/** Domain errors thrown by core become TRPCErrors with the mapped code; the AppError stays as the cause. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: ERROR_MAP[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

export const publicProcedure = t.procedure.use(mapAppErrors);

export const authenticatedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

function roleProcedure(roles: readonly Role[]) {
  return authenticatedProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have access to this page.' });
    }
    return next();
  });
}

/** Consultants and admins: the admin21 console. */
export const staffProcedure = roleProcedure(['consultant', 'admin']);
export const adminProcedure = roleProcedure(['admin']);
