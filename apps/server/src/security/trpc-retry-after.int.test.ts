// docs/security.md, F4: a tRPC call refused by a rate limit answers 429 with Retry-After, as REST does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

const signup = (i: number) => ({
  first_name: 'Ada',
  email: `retry-after-${i}@example.test`,
  consent: true,
});

describe('tRPC 429 answers (F4)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('carry Retry-After in seconds, like the REST answers', async () => {
    const remoteAddress = '198.51.100.44';
    let last;
    // the training signup allows 10 per 10 minutes per address
    for (let i = 0; i < 11; i++) {
      last = await server.app.inject({
        method: 'POST',
        url: '/trpc/training.signup',
        payload: signup(i),
        remoteAddress,
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last!.headers['retry-after'])).toBeLessThanOrEqual(600);
    const body = JSON.parse(last!.body) as { error: { data: { httpStatus: number } } };
    expect(body.error.data.httpStatus).toBe(429);
  });

  it('a successful call carries none', async () => {
    const ok = await server.app.inject({
      method: 'POST',
      url: '/trpc/training.signup',
      payload: signup(100),
      remoteAddress: '198.51.100.45',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['retry-after']).toBeUndefined();
  });
});
