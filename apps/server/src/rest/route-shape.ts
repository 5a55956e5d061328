import type { AppRouter } from '@rhema/api';
import type { AnyProcedure, AnyRouter } from '@trpc/server';

// The shape of a row of the REST table (routes.ts), apart from the rows themselves.

/**
 * How a row answers a successful call (api/v1 uses all four):
 * - `'data'`: `{ success, data }` with the procedure's result as `data`;
 * - `'fields'`: the procedure's result object spread at the top level, `{ success, token, user }`;
 * - `'message'`: `{ success, message }` with the procedure's `{ message }`; `{ message: '…' }`: that fixed text;
 * - `'paginated'`: `{ success, data: { data: [...], paginator } }`; the procedure returns `ZPaginated(item)`
 *   (packages/schemas/src/envelope.ts).
 */
export type ReplyShape = 'data' | 'fields' | 'message' | 'paginated' | { readonly message: string };

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Failures a row may answer besides those its procedure's builder and input imply (400, 401, 403). */
export type DocumentedErrorStatus = 401 | 403 | 404 | 409 | 417 | 429;

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
  reply: ReplyShape;
  /** one line for the API reference */
  summary?: string;
  /** answers besides 400/401/403, which the document derives from the procedure */
  errors?: readonly DocumentedErrorStatus[];
  /** the procedure's input; by default the query string for GET, else the body with the path params over it */
  input?: (request: RestRequest) => unknown;
}

/** `METHOD /url` of a row (or a union of rows): how examples and tests name it. */
export type RouteKeyOf<TRoute> = TRoute extends {
  method: infer M extends string;
  url: infer U extends string;
}
  ? `${M} ${U}`
  : never;

type ProcedurePaths<TRecord, TPrefix extends string = ''> = {
  [K in keyof TRecord & string]: TRecord[K] extends AnyProcedure
    ? `${TPrefix}${K}`
    : TRecord[K] extends AnyRouter['_def']['record']
      ? ProcedurePaths<TRecord[K], `${TPrefix}${K}.`>
      : never;
}[keyof TRecord & string];

export type ProcedurePath = ProcedurePaths<AppRouter['_def']['record']>;
