import type { AppRouter } from '@rhema/api';
import type { AnyProcedure, AnyRouter } from '@trpc/server';

/**
 * The REST adapter's table: each documented api/v1 path of the spec (section 7) and the tRPC procedure it
 * republishes. Adding a path is adding a row. Mobile clients depend on these shapes: change none of them.
 */
export const restRoutes: RestRoute[] = [
  { method: 'GET', url: '/faqs', procedure: 'faqs.list' },
  { method: 'GET', url: '/search/match', procedure: 'match.lookup' },
];

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
