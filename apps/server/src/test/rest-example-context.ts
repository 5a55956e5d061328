// Test code only: sends the sample requests of rest-examples.ts to a test server. Shared by the contract test
// (rest/contract.int.test.ts: each row's 200 against the document) and the fuzz test (rest/fuzz.int.test.ts: bad values
// inside these valid requests).
import { createSession } from '@rhema/auth';
import { TEST_PASSWORD, testPasswordHash } from '@rhema/api/testing';
import { seedUser } from '@rhema/seed';
import type { createTestServer } from './test-server';
import type { ExampleContext, ExampleRequest } from './rest-examples';
import type { RestRoute } from '../rest/route-shape';
import { restRouteKey, restRoutes } from '../rest/routes';

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

export function exampleUrl(route: RestRoute, request: ExampleRequest) {
  const path = route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${restRouteKey(route)}: the example gives no :${name}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(request.query ?? {}).toString();
  return `/api/v1${path}${query ? `?${query}` : ''}`;
}

export async function sendExample(
  server: TestServer,
  route: RestRoute,
  request: ExampleRequest,
  withToken = true,
) {
  const res = await server.app.inject({
    method: route.method,
    url: exampleUrl(route, request),
    headers: withToken && request.token ? { authorization: `Bearer ${request.token}` } : {},
    ...(route.method === 'GET' ? {} : { payload: (request.body ?? {}) as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/**
 * What an example builds its request with. `prefix` keeps the seeded emails of two suites on one server apart;
 * `onCall` sees each answer of `call` (the contract test expects 200 from them).
 */
export function createExampleContext(
  server: TestServer,
  options: { prefix: string; onCall?: (key: string, status: number) => void },
): ExampleContext {
  let references = 0;
  const user: ExampleContext['user'] = async (seedOptions = {}) => {
    references += 1;
    return seedUser(server.db, {
      email: `${options.prefix}-${references}@example.test`,
      password_hash: await testPasswordHash(),
      ...seedOptions,
    });
  };
  return {
    db: server.db,
    user,
    async signIn(role, seedOptions = {}) {
      const seeded = await user({ ...seedOptions, role });
      const created = await createSession(server.db, { userId: seeded.id, role, now: new Date() });
      return { user: seeded, token: created.token };
    },
    async call(key, request) {
      const route = restRoutes.find((r) => restRouteKey(r) === key)!;
      const answer = await sendExample(server, route, request);
      options.onCall?.(key, answer.status);
      return answer.body;
    },
    get mail() {
      return server.mailer.messages;
    },
    password: TEST_PASSWORD,
  };
}
