// A batched tRPC read puts every procedure's name in the path (/trpc/a,b,c): a signed-in page's frame and page
// reads together ran past Fastify's default path-parameter length and were answered 404 (see app.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from './test/test-server';

describe('a batched tRPC read with many procedures', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('is answered whatever the length of its list of procedures', async () => {
    const paths = Array.from({ length: 12 }, () => 'auth.session');
    expect(paths.join(',').length).toBeGreaterThan(100);
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(paths.map((_, i) => [i, {}]))));
    const answer = await server.app.inject({
      method: 'GET',
      url: `/trpc/${paths.join(',')}?batch=1&input=${input}`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toHaveLength(12);
  });
});
