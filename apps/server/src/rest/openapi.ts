import { appRouter } from '@rhema/api';
import { z } from 'zod';
import { restRoutes, type RestRoute } from './routes';

// The OpenAPI document of api/v1, made from the table and the procedures' own zod schemas (one source of truth).

interface ProcedureSchemas {
  inputs?: unknown[];
  output?: unknown;
}

type JsonSchema = Record<string, unknown>;

/** The runtime definition of a procedure by dotted path; undefined when the table names a missing one. */
export function procedureSchemas(path: string): ProcedureSchemas | undefined {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: unknown } | undefined>;
  return procedures[path]?._def as ProcedureSchemas | undefined;
}

function toJsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

function openApiPath(url: string) {
  return `/api/v1${url.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
}

function operation(route: RestRoute) {
  const def = procedureSchemas(route.procedure);
  const input = def?.inputs?.[0] ? toJsonSchema(def.inputs[0], 'input') : undefined;
  const output = def?.output ? toJsonSchema(def.output, 'output') : undefined;
  const pathParams = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const properties = (input?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input?.required as string[] | undefined) ?? []);

  const parameters = [
    ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(route.method === 'GET'
      ? Object.entries(properties)
          .filter(([name]) => !pathParams.includes(name))
          .map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }))
      : []),
  ];
  const envelope = {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      message: { type: 'string' },
      ...(output ? { data: output } : {}),
    },
    required: ['success'],
  };
  const errorEnvelope = {
    description: 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  };
  return {
    operationId: route.procedure,
    summary: `tRPC procedure ${route.procedure}`,
    parameters,
    ...(route.method !== 'GET' && input
      ? { requestBody: { required: true, content: { 'application/json': { schema: input } } } }
      : {}),
    responses: {
      '200': { description: 'Success', content: { 'application/json': { schema: envelope } } },
      '400': errorEnvelope,
      '401': errorEnvelope,
      '403': errorEnvelope,
      '404': errorEnvelope,
      '417': errorEnvelope,
      '429': errorEnvelope,
    },
  };
}

export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of restRoutes) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rhema api/v1',
      version: '1',
      description:
        'The REST API of the mobile apps. Every answer is the envelope { success, message, data, ... }. ' +
        'Send Authorization: Bearer <token> from POST /api/v1/auth/login.',
    },
    paths,
    components: {
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          properties: { success: { const: false }, message: { type: 'string' } },
          required: ['success', 'message'],
        },
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}
