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
  // the consultants' console (issue 10): staff only (anonymous 401, members 403); lists answer data.data and
  // data.paginator, the views their fields at the top level (data, updated_user, requests)
  { method: 'GET', url: '/user-introductions/pre/matched', procedure: 'admin.search' },
  { method: 'GET', url: '/admin/user-introductions/introduction/list', procedure: 'admin.introductions' },
  { method: 'GET', url: '/admin/user-introductions/pre/matched', procedure: 'admin.prematched' },
  {
    method: 'GET',
    url: '/admin/user-introductions/introduction/list/:userId',
    procedure: 'admin.introductionDetail',
    reply: asEnvelope,
  },
  {
    method: 'GET',
    url: '/admin/user-introductions/owner/:userId',
    procedure: 'admin.owner',
    reply: asEnvelope,
  },
  { method: 'GET', url: '/admin/user-introductions/:userId', procedure: 'admin.user', reply: asEnvelope },
  { method: 'GET', url: '/admin/users/:userId', procedure: 'admin.member', reply: asEnvelope },
  {
    method: 'POST',
    // the spec names the segment introductionId; it is the owner's user id (the record is created for them)
    url: '/admin/user-introductions/introduction/register/:introductionId',
    procedure: 'admin.register',
    input: ({ body, params }) => ({ ...body, userId: params.introductionId }),
  },
  {
    method: 'PATCH',
    url: '/admin/user-introductions/introduction/:id/activate',
    procedure: 'admin.activate',
    reply: (data) => ({ message: 'Activated', data }),
  },
  {
    method: 'PATCH',
    url: '/admin/user-introductions/introduction/:id/deactivate',
    procedure: 'admin.deactivate',
    reply: (data) => ({ message: 'DeActivated', data }),
  },
  {
    method: 'PATCH',
    url: '/admin/user-introductions/introduction/:id/note',
    procedure: 'admin.note',
    reply: (data) => ({ message: 'Note updated', data }),
  },
  {
    method: 'POST',
    url: '/admin/user-introductions/introduction/:id/suggestion',
    procedure: 'admin.suggestion',
    reply: (data) => ({ message: 'Code added', data }),
  },
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
