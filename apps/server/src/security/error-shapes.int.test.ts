// docs/security.md, F9: the 18+ refusal over REST names `date_of_birth`; tRPC answers Fastify's own 413
// and 415 refusals in the tRPC error shape (a tRPC client reads `error.data.httpStatus`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

function isoDateYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

describe('error shapes (F9)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('the 18+ refusal over REST is a 400 naming date_of_birth', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        email: 'too-young@example.test',
        password: 'correct horse battery staple',
        first_name: 'Young',
        last_name: 'Person',
        gender: 'female',
        date_of_birth: isoDateYearsAgo(17),
        country_code: 'GB',
        phone: '+447700900123',
      },
      remoteAddress: '198.51.100.90',
    });
    expect(res.statusCode).toBe(400);
    const body = JSON.parse(res.body) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/^date_of_birth: /);
    expect(body.message).toContain('18');
  });

  it('a tRPC body over the limit is a 413 in the tRPC error shape', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/training.signup',
      headers: { 'content-type': 'application/json' },
      payload: `{"first_name":"${'a'.repeat(1024 * 1024 + 10)}"}`,
    });
    expect(res.statusCode).toBe(413);
    const body = JSON.parse(res.body) as {
      error: { message: string; code: number; data: { code: string; httpStatus: number } };
    };
    expect(body.error.data.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.error.data.httpStatus).toBe(413);
    expect(typeof body.error.code).toBe('number');
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(body).not.toHaveProperty('statusCode');
  });

  it('a tRPC body of an unsupported type is a 415 in the tRPC error shape', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/training.signup',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    const body = JSON.parse(res.body) as { error: { data: { code: string; httpStatus: number } } };
    expect(body.error.data.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(body.error.data.httpStatus).toBe(415);
    expect(body).not.toHaveProperty('statusCode');
  });
});
