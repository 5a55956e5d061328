export { appRouter, createCaller, type AppRouter } from './root';
export {
  createContextInner,
  type Context,
  type ContextInnerOptions,
  type ContextUser,
  type ContextSession,
  type SessionCookies,
  type PushConfig,
} from './context';
export { ERROR_MAP, GENERIC_ERROR_MESSAGE, toPublicError, type PublicError } from './errors';
export type { ProcedureAccess, ProcedureMeta } from './trpc';
export type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
