import { paginatorFor, ZPaginated } from '@rhema/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, procedureAccess, procedureSchemas } from './openapi';
import { replyBody, replySchema } from './reply';
import { restRoutes } from './routes';

describe('REST table', () => {
  it.each(restRoutes.map((r) => [`${r.method} ${r.url}`, r.procedure] as const))(
    '%s calls an existing procedure (%s)',
    (_row, procedure) => {
      expect(procedureSchemas(procedure)).toBeDefined();
    },
  );

  it('has no path twice with the same method', () => {
    const keys = restRoutes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('documents every path with its input and output schemas', () => {
    const doc = buildOpenApiDocument();
    for (const route of restRoutes) {
      const path = `/api/v1${route.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
      expect(doc.paths[path]?.[route.method.toLowerCase()]).toBeDefined();
    }
    const faqs = doc.paths['/api/v1/faqs']?.get as {
      parameters: { name: string; schema: { enum?: string[] } }[];
    };
    expect(faqs.parameters).toContainEqual(
      expect.objectContaining({
        name: 'faq_type',
        schema: expect.objectContaining({ enum: ['faqs', 'points'] }),
      }),
    );
  });
});

describe('OpenAPI document: security and answers from the procedures', () => {
  const doc = buildOpenApiDocument();
  type Operation = {
    security: unknown[];
    'x-access': string;
    responses: Record<string, { content?: { 'application/json': { schema: Record<string, unknown> } } }>;
  };
  const op = (path: string, method: string) => doc.paths[`/api/v1${path}`]![method] as unknown as Operation;

  it('gives every operation the security of its procedure builder', () => {
    for (const route of restRoutes) {
      // the document spells path params {name}, the table :name
      const operation = op(route.url.replace(/:([A-Za-z_]+)/g, '{$1}'), route.method.toLowerCase());
      const access = procedureAccess(route.procedure);
      expect(operation['x-access']).toBe(access);
      if (access === 'public') {
        expect(operation.security).toEqual([]);
        if (!route.errors?.includes(401)) expect(Object.keys(operation.responses)).not.toContain('401');
      } else {
        expect(operation.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
        expect(Object.keys(operation.responses)).toContain('401');
      }
    }
    expect(op('/auth/me', 'get').security).toHaveLength(2);
    expect(op('/faqs', 'get').security).toEqual([]);
  });

  it('documents the error envelopes a row names, with Retry-After on 429', () => {
    const lookup = op('/search/match', 'get');
    expect(Object.keys(lookup.responses)).toEqual(['200', '400', '404', '429', 'default']);
    expect(lookup.responses['429']).toMatchObject({ headers: { 'Retry-After': expect.any(Object) } });
    expect(Object.keys(op('/auth/login', 'post').responses)).toEqual(
      expect.arrayContaining(['400', '401', '403', '429']),
    );
  });

  it('documents each reply shape as the adapter sends it', () => {
    const schema = (path: string, method: string) =>
      op(path, method).responses['200']!.content!['application/json'].schema as {
        properties: Record<string, unknown>;
        required: string[];
      };
    expect(schema('/faqs', 'get').required).toEqual(['success', 'data']);
    expect(schema('/auth/login', 'post').required).toEqual(['success', 'user']);
    expect(Object.keys(schema('/auth/login', 'post').properties)).toEqual(['success', 'token', 'user']);
    expect(schema('/password', 'post').properties.message).toEqual({
      type: 'string',
      const: 'Your Password has been reset',
    });
  });
});

describe('reply shapes', () => {
  const item = z.object({ _id: z.string() });
  const pageSchema = z.toJSONSchema(ZPaginated(item), { io: 'output' }) as Record<string, unknown>;
  const page = { data: [{ _id: 'a' }], paginator: paginatorFor({ page: 1, pageSize: 10, total: 1 }) };

  it('answers each shape', () => {
    expect(replyBody('data', [1])).toEqual({ success: true, data: [1] });
    expect(replyBody('paginated', page)).toEqual({ success: true, data: page });
    expect(replyBody('fields', { token: 't', user: {} })).toEqual({ success: true, token: 't', user: {} });
    expect(replyBody('message', { message: 'Code added' })).toEqual({ success: true, message: 'Code added' });
    expect(replyBody({ message: 'Activated' }, { ok: true })).toEqual({
      success: true,
      message: 'Activated',
    });
  });

  it('documents a page as data: { data, paginator }, and refuses a paginated row whose procedure is not', () => {
    const schema = replySchema('paginated', pageSchema, 'GET /x') as { properties: { data: unknown } };
    expect(schema.properties.data).toBe(pageSchema);
    expect(() => replySchema('paginated', { type: 'object', properties: {} }, 'GET /x')).toThrow(
      /ZPaginated/,
    );
    expect(() => replySchema('fields', { type: 'array' }, 'GET /x')).toThrow(/object schema/);
    expect(() => replySchema('message', { type: 'object', properties: {} }, 'GET /x')).toThrow(/message/);
  });
});

describe('OpenAPI document: request bodies', () => {
  const doc = buildOpenApiDocument();
  type Body = { required: boolean; content: { 'application/json': { schema: Record<string, unknown> } } };
  const body = (path: string, method: string) =>
    (doc.paths[`/api/v1${path}`]![method] as unknown as { requestBody?: Body }).requestBody;

  it('leaves out of a body the fields its path carries, in each branch of a union input', () => {
    const join = body('/communities/{slug}/join', 'post')!.content['application/json'].schema;
    expect(Object.keys(join.properties as object)).not.toContain('slug');
    expect(join.required ?? []).not.toContain('slug');
    const signal = body('/calls/{call_id}/signals', 'post')!;
    expect(signal.required).toBe(true);
    const branches = signal.content['application/json'].schema.oneOf as {
      properties: Record<string, unknown>;
      required: string[];
    }[];
    expect(branches.map((b) => (b.properties.kind as { const: string }).const)).toEqual([
      'offer',
      'answer',
      'ice',
    ]);
    for (const branch of branches) {
      expect(Object.keys(branch.properties).sort()).toEqual(['data', 'kind']);
      expect(branch.required.sort()).toEqual(['data', 'kind']);
    }
  });
});
