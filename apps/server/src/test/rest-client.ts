// A mobile client of api/v1 for integration tests: members signed in with a Bearer token, and calls that answer
// the status and the JSON envelope (apps/server/src/rest/*.int.test.ts).
import { createSession } from '@rhema/auth';
import { seedUser, type SeedUserOptions } from '@rhema/seed';
import type { createTestServer } from './test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;

export function restClient(server: () => Server, emailPrefix: string) {
  let n = 0;
  return {
    /** a member (seeded) and their session token */
    async member(first_name: string, options: SeedUserOptions = {}) {
      n++;
      const user = await seedUser(server().db, {
        ...options,
        first_name,
        email: `${emailPrefix}-${n}@example.test`,
      });
      const { token } = await createSession(server().db, {
        userId: user.id,
        role: 'member',
        now: new Date(),
      });
      return { user, token };
    },
    /** an api/v1 call as that member */
    async call(
      who: { token: string },
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      body?: object,
    ) {
      const res = await server().app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${who.token}` },
        ...(body ? { payload: body } : {}),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field by the tests
      return { status: res.statusCode, body: res.json() as Record<string, any> };
    },
  };
}
