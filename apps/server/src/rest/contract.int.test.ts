// The REST table is the contract (docs/decisions/110-rest-table-contract.md): every row's real 200 answer, for the
// sample request in test/rest-examples.ts, must be valid against the response schema the served OpenAPI document gives that
// operation (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it); a row with security must answer 401 without its
// token, in the documented error envelope. Rows added later are covered without editing this file.
import { createRhemaClient, type RhemaClient } from '@rhema/api-client';
import { seedContent } from '@rhema/seed';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';
import { createExampleContext, sendExample, type TestServer } from '../test/rest-example-context';
import { restExamples, type ExampleContext, type ExampleRequest } from '../test/rest-examples';
import { openApiPath } from './openapi';
import type { RestRoute } from './route-shape';
import { restRouteKey, restRoutes, type RestRouteKey } from './routes';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM
const addFormats = ((addFormatsPlugin as unknown as { default?: unknown }).default ??
  addFormatsPlugin) as typeof addFormatsPlugin;

function pointer(...segments: string[]) {
  return segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Where an answer names a record without `_id`: the items of the lists a row answers (`data`, `data.data`, or a
 * list field of a `data` that is not itself a record) and any object carrying an `id`. Values inside a record (its photos' urls, its answers
 * keyed by question, its organisations) and questions (keyed by `key`) are not records.
 */
function recordsWithoutId(body: unknown): string[] {
  const missing: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (isObject(value)) {
      if ('id' in value && !('_id' in value)) missing.push(path);
      for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
    }
  };
  walk(body, '$');
  const data = isObject(body) ? body.data : undefined;
  const lists: [string, unknown][] = [['$.data', data]];
  // a `data` that is one record (it has an `_id`) holds values in its lists, not records
  if (isObject(data) && !('_id' in data))
    for (const [key, inner] of Object.entries(data)) lists.push([`$.data.${key}`, inner]);
  for (const [path, list] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((item, i) => {
      if (isObject(item) && !('_id' in item) && !('key' in item)) missing.push(`${path}[${i}]`);
    });
  }
  return missing;
}

/**
 * Rows whose answer is not made of API records, so the `_id` rule does not apply: the data export is the member's
 * own database rows as stored (format `rhema-member-data/1`, the file the web's "Download my data" saves too).
 */
const NOT_RECORDS = new Set<string>(['POST /account/export'] satisfies RestRouteKey[]);

describe('api/v1 contract: each row answers what the OpenAPI document says', () => {
  let server: TestServer;
  let document: { paths: Record<string, Record<string, { security: unknown[] }>> };
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);

  /** the validator of one documented answer, compiled from the served document (its $refs resolve within it) */
  function validatorFor(route: RestRoute, status: string): ValidateFunction {
    const path = pointer('paths', openApiPath(route.url), route.method.toLowerCase(), 'responses', status);
    const validate = ajv.getSchema(`openapi.json#/${path}/content/application~1json/schema`);
    if (!validate) throw new Error(`${restRouteKey(route)}: the document has no ${status} answer`);
    return validate;
  }

  function expectValid(route: RestRoute, status: string, body: unknown) {
    const validate = validatorFor(route, status);
    const valid = validate(body);
    expect(
      { row: restRouteKey(route), status, errors: valid ? null : ajv.errorsText(validate.errors), body },
      'the answer matches the document',
    ).toMatchObject({ errors: null });
  }

  /**
   * The sample request sent by the typed client of packages/api-client (openapi-fetch, the document's paths and
   * parameters) through the server: a row the document describes otherwise than it answers fails here.
   */
  let client: RhemaClient;
  let token: string | undefined;
  async function sendThroughClient(route: RestRoute, request: ExampleRequest) {
    token = request.token;
    const send = client.request as unknown as (
      method: string,
      path: string,
      init: object,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const { data, error, response } = await send(route.method.toLowerCase(), openApiPath(route.url), {
      params: { path: request.params ?? {}, query: request.query ?? {} },
      ...(route.method === 'GET' ? {} : { body: request.body ?? {} }),
    });
    return { status: response.status, body: (data ?? error) as Record<string, unknown> };
  }

  let context: ExampleContext;
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
    document = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    ajv.addSchema(document, 'openapi.json');
    client = createRhemaClient({
      baseUrl: 'http://api.test',
      token: () => token,
      // the client's requests reach the test server without a socket
      fetch: async (request) => {
        const url = new URL(request.url);
        const answer = await server.app.inject({
          method: request.method as 'GET',
          url: url.pathname + url.search,
          headers: Object.fromEntries(request.headers),
          ...(request.body ? { payload: await request.text() } : {}),
        });
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined) headers.set(name, String(value));
        return new Response(answer.body, { status: answer.statusCode, headers });
      },
    });
    context = createExampleContext(server, {
      prefix: 'contract',
      onCall: (key, status) => expect(status, `${key} (called by another row's example)`).toBe(200),
    });
  });
  afterAll(() => server.close());

  it('every row has an example, and every example a row', () => {
    const rows = restRoutes.map(restRouteKey).sort();
    expect(Object.keys(restExamples).sort()).toEqual(rows);
  });

  for (const route of restRoutes) {
    const key = restRouteKey(route);
    it(`${key} (${route.procedure}): its 200 answer is valid against the document`, async () => {
      const example = restExamples[key as RestRouteKey];
      expect(example, `${key} has no example in apps/server/src/test/rest-examples.ts`).toBeTypeOf(
        'function',
      );
      const request = await example(context);
      const answer = await sendThroughClient(route, request);
      expect({ key, status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
      expectValid(route, '200', answer.body);
      if (!NOT_RECORDS.has(key))
        expect({ key, recordsWithoutId: recordsWithoutId(answer.body) }).toEqual({
          key,
          recordsWithoutId: [],
        });

      const security = document.paths[openApiPath(route.url)]![route.method.toLowerCase()]!.security;
      if (security.length > 0) {
        const anonymous = await sendExample(server, route, request, false);
        expect({ key, status: anonymous.status }).toEqual({ key, status: 401 });
        expectValid(route, '401', anonymous.body);
      }
    });
  }

  it('the validator refuses an answer of another shape (so the checks above can fail)', () => {
    const faqs = restRoutes.find((r) => restRouteKey(r) === 'GET /faqs')!;
    const login = restRoutes.find((r) => restRouteKey(r) === 'POST /auth/login')!;
    expect(validatorFor(faqs, '200')({ success: true })).toBe(false);
    expect(validatorFor(faqs, '200')({ success: true, data: [{ title: 'no id', post: 'x' }] })).toBe(false);
    // login answers its fields at the top level, not under data
    const user = {
      _id: 'u',
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.test',
      role: 'member',
      introductions: false,
    };
    expect(validatorFor(login, '200')({ success: true, token: 't', user })).toBe(true);
    expect(validatorFor(login, '200')({ success: true, data: { token: 't', user } })).toBe(false);
  });
});
