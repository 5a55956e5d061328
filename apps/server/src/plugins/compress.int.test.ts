import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

describe('response compression', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
    await server.db
      .insertInto('faqs')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          faq_type: 'faqs' as const,
          title: `Question ${i}`,
          post: 'A long enough answer to make the response worth compressing. '.repeat(3),
          position: i,
        })),
      )
      .execute();
  });
  afterAll(() => server.close());

  it('compresses API answers with brotli or gzip, as the client accepts', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/v1/faqs?faq_type=faqs',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
    }
  });
});
