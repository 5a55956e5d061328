import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

describe('GET /api/v1/faqs', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
    await server.db
      .insertInto('faqs')
      .values([
        { faq_type: 'faqs', title: 'Second question', post: 'Second answer', position: 2 },
        { faq_type: 'faqs', title: 'First question', post: 'First answer', position: 1 },
        { faq_type: 'points', title: 'A point', post: 'Why it matters', position: 1 },
      ])
      .execute();
  });
  afterAll(() => server.close());

  it('answers the envelope with the FAQs in order', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/faqs?faq_type=faqs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.map((item: { title: string }) => item.title)).toEqual([
      'First question',
      'Second question',
    ]);
    expect(body.data[0]).toEqual({ _id: expect.any(String), title: 'First question', post: 'First answer' });
  });

  it("answers faq_type 'points' with the points only", async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/faqs?faq_type=points' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: [{ _id: expect.any(String), title: 'A point', post: 'Why it matters' }],
    });
  });

  it.each([['faq_type=nonsense'], [''], ['faq_type=']])(
    'refuses a bad faq_type (%s) with 400 naming it',
    async (qs) => {
      const res = await server.app.inject({ method: 'GET', url: `/api/v1/faqs?${qs}` });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/faq_type/);
    },
  );

  it('answers an unknown api path with a 404 envelope', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('serves the same procedure over tRPC', async () => {
    const input = encodeURIComponent(JSON.stringify({ faq_type: 'points' }));
    const res = await server.app.inject({ method: 'GET', url: `/trpc/faqs.list?input=${input}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toHaveLength(1);
  });

  it('answers a malformed or unknown path in the envelope, without echoing the query string', async () => {
    const malformed = await server.app.inject({ method: 'GET', url: '/api/v1/faqs/%zz' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, message: expect.any(String) });
    const unknown = await server.app.inject({ method: 'GET', url: `/api/v1/nope?q=${'x'.repeat(5000)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'No such API path: GET /api/v1/nope' });
  });
});
