// docs/security.md, F1: a NUL in a text field reached the database and answered 500. Every text input
// refuses the control characters PostgreSQL cannot store with a 400 naming the field, through one helper
// (zText in packages/schemas/src/text.ts). The fuzz test (apps/server/src/rest/fuzz.int.test.ts) sends them inside
// every row's valid request; these are the probe's own requests, over REST and tRPC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

const registration = (overrides: Record<string, string>) => ({
  email: `nul-${Object.keys(overrides).join('-')}@example.test`,
  password: 'correct horse battery staple',
  first_name: 'Ada',
  last_name: 'Obi',
  gender: 'female',
  date_of_birth: '1990-05-01',
  country_code: 'GB',
  phone: '+447700900123',
  ...overrides,
});

describe('control characters in text fields (F1)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  for (const field of ['first_name', 'last_name']) {
    it(`POST /api/v1/auth/register with a NUL in ${field} is a 400 naming it`, async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: registration({ [field]: 'A\u0000B' }),
        remoteAddress: '198.51.100.61',
      });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ success: boolean; message: string }>();
      expect(body.success).toBe(false);
      expect(body.message).toMatch(new RegExp(`^${field}: `));
    });
  }

  it('auth.register over tRPC: 400 in the tRPC shape, naming the field', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      payload: registration({ last_name: 'Obi\u0000' }),
      remoteAddress: '198.51.100.62',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { message: string; data: { httpStatus: number } } }>();
    expect(body.error.data.httpStatus).toBe(400);
    expect(body.error.message).toContain('last_name');
  });

  it('training.signup over tRPC with a NUL or another control character: 400', async () => {
    for (const first_name of ['A\u0000B', 'A\u0007B', '\u001bA']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/trpc/training.signup',
        payload: { first_name, email: 'nul-training@example.test', consent: true },
        remoteAddress: '198.51.100.63',
      });
      expect(res.statusCode, JSON.stringify(first_name)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toContain('first_name');
    }
  });

  it('tabs and line breaks in a message are text, not control characters', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/training.signup',
      payload: { first_name: 'Ada\tB', email: 'tab-training@example.test', consent: true },
      remoteAddress: '198.51.100.64',
    });
    expect(res.statusCode).toBe(200);
  });
});
