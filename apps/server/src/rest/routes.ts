import type { AppRouter } from '@rhema/api';
import type { AnyProcedure, AnyRouter } from '@trpc/server';

/**
 * The REST adapter's table: each documented api/v1 path of the spec (section 7) and the tRPC procedure it
 * republishes. Adding a path is adding a row. Mobile clients depend on these shapes: change none of them.
 */
export const restRoutes: RestRoute[] = [
  { method: 'GET', url: '/faqs', procedure: 'faqs.list' },
  { method: 'GET', url: '/search/match', procedure: 'match.lookup' },
  // accounts and password reset (issue 3); the token travels in the body, clients send it back as Bearer
  { method: 'POST', url: '/password/request', procedure: 'password.request', reply: asEnvelope },
  {
    method: 'POST',
    url: '/password',
    procedure: 'password.reset',
    reply: () => ({ message: 'Your Password has been reset' }),
  },
  { method: 'POST', url: '/auth/register', procedure: 'auth.register', reply: asEnvelope },
  { method: 'POST', url: '/auth/login', procedure: 'auth.login', reply: asEnvelope },
  { method: 'POST', url: '/auth/logout', procedure: 'auth.logout', reply: () => ({}) },
  { method: 'GET', url: '/auth/me', procedure: 'auth.me', reply: asEnvelope },
];

/** The procedure's result object becomes the envelope's fields: `{ success, token, user }`. */
function asEnvelope(data: unknown): Record<string, unknown> {
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RestRequest {
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  params: Record<string, string>;
}

export interface RestRoute {
  method: HttpMethod;
  /** under /api/v1, with :params */
  url: string;
  procedure: ProcedurePath;
  /** the procedure's input; by default the query string for GET, else the body with the path params over it */
  input?: (request: RestRequest) => unknown;
  /** the envelope's fields besides `success`; by default `{ data }` */
  reply?: (data: unknown) => Record<string, unknown>;
}

type ProcedurePaths<TRecord, TPrefix extends string = ''> = {
  [K in keyof TRecord & string]: TRecord[K] extends AnyProcedure
    ? `${TPrefix}${K}`
    : TRecord[K] extends AnyRouter['_def']['record']
      ? ProcedurePaths<TRecord[K], `${TPrefix}${K}.`>
      : never;
}[keyof TRecord & string];

export type ProcedurePath = ProcedurePaths<AppRouter['_def']['record']>;
