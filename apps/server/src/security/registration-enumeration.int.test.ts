// Finding 2 of docs/security.md: a sign-up with an existing email (any case, with spaces) answered 409 "An account
// with this email already exists", 130 times in a row from one address, never limited. Now a sign-up answers the
// same for every address (same status, same body, the same work) and mails the owner of a taken one; every
// attempt counts in the per-address limit (20 an hour). The account is made by POST auth/register/confirm.
import { seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

const details = (email: string) => ({
  email,
  password: 'correct horse battery staple',
  first_name: 'Probe',
  last_name: 'Person',
  gender: 'female',
  date_of_birth: '1990-01-01',
  country_code: 'GB',
  phone: '+447700900123',
});

describe('sign-up tells nobody who has an account (finding 2)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    // jobs wait for drain(), as they run after the answer on a real server: the timings are the requests' own
    server = await createTestServer({}, { jobs: 'manual' });
    await seedUser(server.db, { email: 'existing@example.test', first_name: 'Existing' });
  });
  afterAll(() => server.close());

  const register = (email: string, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: details(email),
      remoteAddress,
    });

  it('an existing email, in any case and with spaces, answers exactly as a new one', async () => {
    const fresh = await register('brand-new@example.test', '198.51.100.81');
    for (const spelling of ['existing@example.test', ' EXISTING@Example.test ', 'Existing@example.TEST']) {
      const taken = await register(spelling, '198.51.100.81');
      expect({ status: taken.statusCode, body: taken.body }).toEqual({
        status: fresh.statusCode,
        body: fresh.body,
      });
    }
    expect(fresh.statusCode).toBe(200);
    await server.app.jobs.drain();
    // the owner hears of it; the new address gets a code
    const toOwner = server.mailer.messages.filter((m) => m.to === 'existing@example.test');
    expect(toOwner).toHaveLength(3);
    expect(toOwner[0]!.text).toContain('Someone tried to register with your address');
    expect(server.mailer.messages.find((m) => m.to === 'brand-new@example.test')?.subject).toMatch(
      /sign-up code/,
    );
  });

  it('every attempt counts: the 21st sign-up from one address in an hour is a 429, taken emails included', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const email = i % 2 ? 'existing@example.test' : `probe-${i}@example.test`;
      statuses.push((await register(email, '198.51.100.82')).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });

  it('takes similar time for a new and a taken address (both hash the password; median of 9 pairs)', async () => {
    const time = async (email: string, i: number) => {
      const start = process.hrtime.bigint();
      const res = await register(email, `198.51.102.${i}`);
      expect(res.statusCode).toBe(200);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const fresh: number[] = [];
    const taken: number[] = [];
    for (let i = 0; i < 9; i++) {
      fresh.push(await time(`timing-${i}@example.test`, 2 * i + 1));
      taken.push(await time('existing@example.test', 2 * i + 2));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(median(taken)).toBeLessThan(median(fresh) * 1.5 + 10);
    expect(median(fresh)).toBeLessThan(median(taken) * 1.5 + 10);
  });
});
