// docs/security.md, F2: a sign-up with an existing email (any case, with spaces) answered 409 "An account
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

describe('sign-up tells nobody who has an account (F2)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    // jobs wait for drain(), as they run after the answer on a real server: the timings are the requests' own
    server = await createTestServer({}, { jobs: 'manual' });
    await seedUser(server.db, { email: 'existing@example.test', first_name: 'Existing' });
    // mails to one address are spaced (60 s, 5 an hour): repeated probes of a taken address use several
    for (let i = 0; i < 50; i++) await seedUser(server.db, { email: `taken-${i}@example.test` });
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
    for (const spelling of ['existing@example.test', ' TAKEN-1@Example.test ', 'Taken-2@example.TEST']) {
      const taken = await register(spelling, '198.51.100.81');
      expect({ status: taken.statusCode, body: taken.body }).toEqual({
        status: fresh.statusCode,
        body: fresh.body,
      });
    }
    expect(fresh.statusCode).toBe(200);
    await server.app.jobs.drain();
    // the owner hears of it; the new address gets a code
    const toOwner = server.mailer.messages.filter((m) =>
      ['existing@example.test', 'taken-1@example.test', 'taken-2@example.test'].includes(m.to),
    );
    expect(toOwner).toHaveLength(3);
    expect(toOwner[0]!.text).toContain('Someone tried to register with your address');
    expect(server.mailer.messages.find((m) => m.to === 'brand-new@example.test')?.subject).toMatch(
      /sign-up code/,
    );
  });

  it('every attempt counts: the 21st sign-up from one address in an hour is a 429, taken emails included', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const email = i % 2 ? `taken-${10 + i}@example.test` : `probe-${i}@example.test`;
      statuses.push((await register(email, '198.51.100.82')).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });

  it('does the same work for a new and a taken address at the answer: one job with an argon2id hash, nothing else', async () => {
    // the timing this makes equal is printed by `pnpm bench:timing` (tests/perf/timing.ts), not asserted here
    const jobs = () => server.db.selectFrom('jobs').select(['kind', 'payload']).execute();
    await server.app.jobs.drain();
    const rows = async () => ({
      users: (await server.db.selectFrom('users').select('id').execute()).length,
      pending: (await server.db.selectFrom('pending_registrations').select('id').execute()).length,
    });
    const before = await rows();
    const written = async (email: string, ip: string) => {
      expect((await register(email, ip)).statusCode).toBe(200);
      const [job, ...more] = await jobs();
      expect(more).toEqual([]);
      const payload = (typeof job!.payload === 'string' ? JSON.parse(job!.payload) : job!.payload) as Record<
        string,
        unknown
      >;
      expect(String(payload.passwordHash)).toMatch(/^\$argon2id\$/);
      expect(await rows()).toEqual(before);
      expect(server.mailer.messages).toEqual([]);
      await server.db.deleteFrom('jobs').execute();
      return { kind: job!.kind, keys: Object.keys(payload).sort() };
    };
    server.mailer.messages.length = 0;
    const fresh = await written('same-work-new@example.test', '198.51.102.1');
    const taken = await written('taken-45@example.test', '198.51.102.2');
    expect(taken).toEqual(fresh);
  });
});
