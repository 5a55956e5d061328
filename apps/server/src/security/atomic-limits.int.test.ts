// docs/security.md, F3: the limits checked first and recorded afterwards, so parallel requests passed them
// together (100 parallel wrong passwords gave 15 answers of 401 against a limit of 10; 40 parallel sign-ups made
// 21 accounts against 20). Every limit now takes its slot atomically (takeRateLimits in
// packages/core/src/rate-limit/enforce.ts); a right password gives the failure slot back.
import { TEST_PASSWORD, testPasswordHash } from '@rhema/api/testing';
import { seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

describe('rate limits under parallel requests (F3)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  it('100 parallel wrong passwords from one fresh address: exactly 10 answers of 401, the rest 429', async () => {
    const user = await seedUser(server.db, {
      email: 'parallel-login@example.test',
      password_hash: await testPasswordHash(),
    });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => login(user.email, 'not the password', '198.51.100.31')),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 401: 10, 429: 90 });
    const limited = answers.find((a) => a.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a right password gives its slot back: successes never use up the failure limit', async () => {
    const user = await seedUser(server.db, {
      email: 'release-login@example.test',
      password_hash: await testPasswordHash(),
    });
    const ip = '198.51.100.32';
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'wrong', ip)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    // one failure left of ten, then the limit
    expect((await login(user.email, 'wrong', ip)).statusCode).toBe(401);
    expect((await login(user.email, 'wrong', ip)).statusCode).toBe(429);
  });

  it('40 parallel sign-ups from one address: 20 pass the limit, 20 answer 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: {
            email: `parallel-${i}@example.test`,
            password: 'correct horse battery staple',
            first_name: 'Para',
            last_name: 'Llel',
            gender: 'male',
            date_of_birth: '1990-01-01',
            country_code: 'GB',
            phone: `+4477009${String(i).padStart(5, '0')}`,
          },
          remoteAddress: '198.51.100.33',
        }),
      ),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 200: 20, 429: 20 });
  });
});
