import { appRouter, type ProcedureAccess, type ProcedureMeta } from '@rhema/api';
import {
  LIVE_POSITION_PATTERN,
  ZErrorEnvelope,
  ZLiveEvent,
  ZPaginator,
  ZRequirementErrorEnvelope,
} from '@rhema/schemas';
import { z } from 'zod';
import { LIVE_HEARTBEAT_MS, LIVE_PROCEDURE, LIVE_URL } from './live';
import { replySchema, type JsonSchema } from './reply';
import type { RestRoute } from './route-shape';
import { restRoutes, restRouteKey } from './routes';

// The OpenAPI 3.1 document of api/v1, made from the REST table (each row's path, reply shape and extra answers)
// and the procedures themselves (their zod input and output, and the access their builder gave them), so there is
// no second list to keep in step. Served at /api/v1/openapi.json and read by the reference at /api/v1/docs.

interface ProcedureDef {
  inputs?: unknown[];
  output?: unknown;
  meta?: ProcedureMeta;
}

/** The runtime definition of a procedure by dotted path; undefined when the table names a missing one. */
export function procedureSchemas(path: string): ProcedureDef | undefined {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: unknown } | undefined>;
  return procedures[path]?._def as ProcedureDef | undefined;
}

/** Who may call a row's procedure, as its builder set it (packages/api/src/trpc.ts). */
export function procedureAccess(path: string): ProcedureAccess {
  const access = procedureSchemas(path)?.meta?.access;
  if (!access)
    throw new Error(`procedure ${path} was not made with one of the builders of packages/api/src/trpc.ts`);
  return access;
}

function toJsonSchema(parser: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  // a zod schema, or a parser function carrying one (syncOutput in packages/api/src/trpc.ts)
  const schema = typeof parser === 'function' && 'schema' in parser ? parser.schema : parser;
  if (!(schema instanceof z.ZodType)) return undefined;
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return json;
}

/** The body's schema: the input less the fields the path carries (in each branch of a union input). */
function withoutFields(schema: JsonSchema, names: string[]): JsonSchema {
  const copy: JsonSchema = { ...schema };
  if (copy.properties) {
    copy.properties = Object.fromEntries(
      Object.entries(copy.properties as JsonSchema).filter(([name]) => !names.includes(name)),
    );
  }
  if (Array.isArray(copy.required)) {
    copy.required = (copy.required as string[]).filter((name) => !names.includes(name));
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(copy[key])) copy[key] = (copy[key] as JsonSchema[]).map((b) => withoutFields(b, names));
  }
  return copy;
}

export function openApiPath(url: string) {
  return `/api/v1${url.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
}

const SIGNED_IN_SECURITY = [{ bearerAuth: [] }, { sessionCookie: [] }];

const ACCESS_TEXT: Record<ProcedureAccess, string> = {
  public: 'Anyone (no sign-in).',
  'signed-in': 'A signed-in user (Bearer token, or the browser session cookie with X-XSRF-TOKEN).',
  staff: 'Staff: a signed-in consultant or admin.',
  admin: 'A signed-in admin.',
};

const ERROR_TEXT: Record<number, string> = {
  400: 'The input is not valid; the message names the field.',
  401: 'Not signed in, the session has ended, or the credentials are wrong: the client signs out.',
  403: 'Signed in without the right to this (role, suspended account, or a cookie session without X-XSRF-TOKEN).',
  404: 'Nothing with that id or reference (or not one the caller may see).',
  409: 'The call conflicts with the current state.',
  417: 'A requirement is missing (premium for this match): the client opens its premium flow.',
  429: 'Too many requests: try again after Retry-After seconds.',
};

function errorResponse(status: number) {
  return {
    description: ERROR_TEXT[status],
    ...(status === 429
      ? { headers: { 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer' } } } }
      : {}),
    content: {
      'application/json': {
        schema: { $ref: `#/components/schemas/${status === 417 ? 'RequirementError' : 'ErrorEnvelope'}` },
      },
    },
  };
}

/** The failures an operation may answer: from its input and its builder, plus those its row names. */
function errorStatuses(route: RestRoute, access: ProcedureAccess, hasInput: boolean): number[] {
  const statuses = new Set<number>(route.errors ?? []);
  if (hasInput || route.method !== 'GET') statuses.add(400);
  if (access !== 'public') statuses.add(401);
  if (access === 'staff' || access === 'admin' || (access !== 'public' && route.method !== 'GET')) {
    statuses.add(403);
  }
  return [...statuses].sort((a, b) => a - b);
}

function operation(route: RestRoute) {
  const key = restRouteKey(route);
  const def = procedureSchemas(route.procedure);
  if (!def) throw new Error(`${key}: no procedure ${route.procedure}`);
  const access = procedureAccess(route.procedure);
  const input = def.inputs?.[0] ? toJsonSchema(def.inputs[0], 'input') : undefined;
  const output = def.output ? toJsonSchema(def.output, 'output') : undefined;
  const pathParams = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  // a union input (calls.signal: one shape per `kind`) has its fields in its branches: a field is required when
  // every branch requires it
  const union = (input?.oneOf ?? input?.anyOf) as JsonSchema[] | undefined;
  const branches = union ?? (input ? [input] : []);
  const properties = Object.assign({}, ...branches.map((b) => b.properties ?? {})) as Record<
    string,
    JsonSchema
  >;
  const requiredBy = (b: JsonSchema) => (b.required as string[] | undefined) ?? [];
  const required = new Set(
    branches.length
      ? requiredBy(branches[0]!).filter((f) => branches.every((b) => requiredBy(b).includes(f)))
      : [],
  );

  const parameters = [
    ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(route.method === 'GET'
      ? Object.entries(properties)
          .filter(([name]) => !pathParams.includes(name))
          .map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }))
      : []),
  ];
  const bodyProperties = Object.keys(properties).filter((name) => !pathParams.includes(name));
  return {
    operationId: route.procedure,
    summary: route.summary ?? route.procedure,
    description: `${ACCESS_TEXT[access]} tRPC procedure \`${route.procedure}\`.`,
    tags: [route.url.split('/')[1] ?? ''],
    'x-access': access,
    security: access === 'public' ? [] : SIGNED_IN_SECURITY,
    parameters,
    ...(route.method !== 'GET' && input && bodyProperties.length > 0
      ? {
          requestBody: {
            required: [...required].some((name) => !pathParams.includes(name)),
            content: { 'application/json': { schema: withoutFields(input, pathParams) } },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'Success',
        content: { 'application/json': { schema: replySchema(route.reply, output, key) } },
      },
      ...Object.fromEntries(
        errorStatuses(route, access, bodyProperties.length > 0 || parameters.length > 0).map((status) => [
          String(status),
          errorResponse(status),
        ]),
      ),
      default: {
        description: 'An unexpected failure (5xx); the message is generic.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    },
  };
}

/** GET /api/v1/live: the member's live stream, text/event-stream, each event's shape in components LiveEvent. */
function liveOperation() {
  const errors = [400, 401, 429].map((status) => [String(status), errorResponse(status)]);
  return {
    operationId: LIVE_PROCEDURE,
    summary: "Your live events as Server-Sent Events: messages, read marks, typing, calls' signals",
    description: [
      `${ACCESS_TEXT['signed-in']} tRPC procedure \`${LIVE_PROCEDURE}\`, whose every event is written here.`,
      'Each event is one `data:` line holding a LiveEvent (its `type` says which) and an `id:` line, the',
      "stream's position (`<message id>:<call signal id>`; keep it as it came): reconnect with it as the",
      '`Last-Event-ID` header (or the `lastEventId` query) and the messages written meanwhile come first, once',
      "each, then `ready`, then the calls' signals sent to you meanwhile (of calls still ringing or under way,",
      'and the hang-up or decline of one that ended), once each, in order. A message id alone, as the stream',
      'sent before, still resumes the messages. Without one the stream starts with `ready`, then the calls',
      'ringing for you. A comment line (`: ping`) comes every',
      `${LIVE_HEARTBEAT_MS / 1000} s so proxies keep the connection open; reconnect after hearing nothing for`,
      `${(LIVE_HEARTBEAT_MS * 2.5) / 1000} s. A refusal (401, 429 past the streams one member may hold open at`,
      'once, 400) is answered in the error envelope before any event. A stream that has to end (signed out',
      'meanwhile, the server restarting) sends one `event: error` whose data is `{ success: false, status,',
      'message }`, then closes: reconnect (a 401 means sign in again).',
    ].join(' '),
    tags: ['live'],
    'x-access': 'signed-in' as ProcedureAccess,
    security: SIGNED_IN_SECURITY,
    parameters: [
      {
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        schema: { type: 'string', pattern: LIVE_POSITION_PATTERN.source },
      },
      {
        name: 'lastEventId',
        in: 'query',
        required: false,
        schema: { type: 'string', pattern: LIVE_POSITION_PATTERN.source },
      },
    ],
    responses: {
      '200': {
        description: 'The event stream; the data of each event is a LiveEvent.',
        content: {
          'text/event-stream': {
            schema: { type: 'string', description: 'Server-Sent Events; each `data:` holds one LiveEvent' },
            // each event's schema (what OpenAPI 3.2 calls itemSchema), an extension in this 3.1 document
            'x-item-schema': { $ref: '#/components/schemas/LiveEvent' },
          },
        },
      },
      ...Object.fromEntries(errors),
      default: {
        description: 'An unexpected failure (5xx); the message is generic.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

export function buildOpenApiDocument(routes: readonly RestRoute[] = restRoutes) {
  const paths: Record<
    string,
    Record<string, ReturnType<typeof operation> | ReturnType<typeof liveOperation>>
  > = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  paths[openApiPath(LIVE_URL)] = { get: liveOperation() };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rhema api/v1',
      version: '1',
      description: [
        'The REST API of the mobile apps: every path republishes a tRPC procedure of the web app.',
        'A successful answer has `success: true` and, by path, `data`, top-level fields (`token`, `user`), a',
        '`message`, or a page `data: { data, paginator }`; a failed one is `{ success: false, message }` with its',
        'HTTP status. Sign in with POST /api/v1/auth/login and send `Authorization: Bearer <token>`.',
      ].join(' '),
    },
    paths,
    components: {
      schemas: {
        ErrorEnvelope: toJsonSchema(ZErrorEnvelope, 'output'),
        RequirementError: toJsonSchema(ZRequirementErrorEnvelope, 'output'),
        Paginator: toJsonSchema(ZPaginator, 'output'),
        LiveEvent: toJsonSchema(ZLiveEvent, 'output'),
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token from POST /api/v1/auth/login (or /auth/register).',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'rhema_session',
          description:
            "The web app's session (`__Host-rhema_session` on https); requests other than GET also send the " +
            "XSRF-TOKEN cookie's value as X-XSRF-TOKEN.",
        },
      },
    },
  };
}
