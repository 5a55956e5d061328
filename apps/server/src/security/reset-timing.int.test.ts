// docs/security.md, F5: a reset request for a known email took 51 ms and for an unknown one 17 ms (the
// code was stored and the mail sent inside the request). Now both do the same work, one job row, and the job
// (packages/core/src/password/request-password-reset.ts, runPasswordResetJob) does the rest after the answer.
import { jobQueries } from '@rhema/db';
import { seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

describe('password reset requests answer alike for known and unknown emails (F5)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    // 'manual': jobs wait for drain(), so the test sees what the request itself did
    server = await createTestServer({}, { jobs: 'manual' });
    await seedUser(server.db, { email: 'known-reset@example.test', first_name: 'Known' });
  });
  afterAll(() => server.close());

  const request = (email: string, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/password/request',
      payload: { email },
      remoteAddress,
    });

  it('the request stores one job and nothing else, whether the email is known or not; the job mails after', async () => {
    const resets = () => server.db.selectFrom('password_reset_requests').select('id').execute();
    const known = await request('known-reset@example.test', '198.51.100.71');
    const unknown = await request('nobody-reset@example.test', '198.51.100.72');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(known.json())).toEqual(Object.keys(unknown.json()));
    // at the answer: no code stored, no mail, one job each
    expect(await resets()).toEqual([]);
    expect(server.mailer.messages).toEqual([]);
    expect(await jobQueries.countJobs(server.db)).toEqual({ total: 2, failed: 0 });

    expect(await server.app.jobs.drain()).toBe(2);
    expect(await resets()).toHaveLength(1);
    expect(server.mailer.messages.map((m) => m.to)).toEqual(['known-reset@example.test']);
    expect(await jobQueries.countJobs(server.db)).toEqual({ total: 0, failed: 0 });
  });
  // the timing this makes equal is printed by `pnpm bench:timing` (tests/perf/timing.ts), not asserted here
});
