import { createPostgresRateLimitStore, rateLimitKey, RATE_LIMITS } from '@rhema/auth';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedUser } from '@rhema/seed';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContextInner } from '../../context';
import { createCaller } from '../../root';

describe('match.lookup', () => {
  let handle: DbHandle;
  let publicRef: string;
  let hiddenRef: string;
  let suspendedRef: string;
  let staffRef: string;

  beforeAll(async () => {
    handle = await createTestDb();
    const member = await seedUser(handle.db, {
      first_name: 'Adaeze',
      age: 31,
      country_code: 'GB',
      email: 'adaeze@example.com',
      phone: '+447700900123',
      photos: 3,
      citizenships: ['NG', 'GB'],
      answers: {
        occupation: 'Chartered accountant',
        languages: 'English, Igbo',
        religion: 'Christian',
        ethnicity: 'Igbo',
      },
    });
    publicRef = member.contact_reference;
    hiddenRef = (await seedUser(handle.db, { profile_visibility: 'hidden' })).contact_reference;
    suspendedRef = (await seedUser(handle.db, { status: 'suspended' })).contact_reference;
    staffRef = (await seedUser(handle.db, { role: 'consultant' })).contact_reference;
  });
  afterAll(() => handle.close());

  const callerFor = (ip: string) => createCaller(createContextInner({ db: handle.db, ip }));

  async function errorOf(promise: Promise<unknown>): Promise<TRPCError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCError);
    return error as TRPCError;
  }

  it("shows the spec's profile fields for a public reference, whatever its case", async () => {
    const profile = await callerFor('10.0.0.1').match.lookup({ contact_reference: publicRef.toLowerCase() });
    expect(profile).toMatchObject({
      contact_reference: publicRef,
      first_name: 'Adaeze',
      age: 31,
      country_code: 'GB',
      country: 'United Kingdom',
      data_occupation: { answer: 'Chartered accountant', user_data_question: { hint: 'Occupation' } },
      profile_pic_url: `/media/avatars/${publicRef}-1.jpg`,
      countries: ['Nigeria', 'United Kingdom'],
    });
    expect(profile.profile_pic_urls).toHaveLength(3);
    expect(profile.profile_pics).toEqual(profile.profile_pic_urls.map((url) => ({ url })));
    expect(profile.about_me).toEqual([
      { key: 'occupation', hint: 'Occupation', answer: 'Chartered accountant' },
      { key: 'languages', hint: 'Languages spoken', answer: 'English, Igbo' },
    ]);
  });

  it('never carries email, phone or a special-category answer', async () => {
    const profile = await callerFor('10.0.0.2').match.lookup({ contact_reference: publicRef });
    const text = JSON.stringify(profile);
    expect(text).not.toMatch(/adaeze@example\.com|email/i);
    expect(text).not.toMatch(/7700900123|phone/i);
    expect(text).not.toMatch(/Christian|religion|ethnicity/i);
    expect(Object.keys(profile).sort()).toEqual(
      [
        '_id',
        'about_me',
        'age',
        'contact_reference',
        'core_values',
        'countries',
        'country',
        'country_code',
        'data_languages',
        'data_occupation',
        'first_name',
        'identity_verified',
        'organisations',
        'profile_pic_url',
        'profile_pic_urls',
        'profile_pics',
      ].sort(),
    );
  });

  it('answers unknown, malformed, hidden, suspended and staff references with the very same 404', async () => {
    const caller = callerFor('10.0.0.3');
    const errors = await Promise.all(
      ['ZZZZZZ', 'not a reference', hiddenRef, suspendedRef, staffRef].map((reference) =>
        errorOf(caller.match.lookup({ contact_reference: reference })),
      ),
    );
    for (const error of errors) {
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe('not found');
    }
  });

  it('refuses an empty reference as bad input', async () => {
    const error = await errorOf(callerFor('10.0.0.4').match.lookup({ contact_reference: '  ' }));
    expect(error.code).toBe('BAD_REQUEST');
  });

  it('allows 60 lookups a minute per IP: the 61st is refused with a retry delay, other IPs go on', async () => {
    const caller = callerFor('10.0.0.5');
    for (let i = 0; i < 60; i++) {
      // unknown references count too, or guessing would be free
      const reference = i % 2 ? publicRef : 'ZZZZZZ';
      await caller.match.lookup({ contact_reference: reference }).catch((e: unknown) => {
        if (!(e instanceof TRPCError) || e.code !== 'NOT_FOUND') throw e;
      });
    }
    const error = await errorOf(caller.match.lookup({ contact_reference: publicRef }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = (error.cause as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    await expect(callerFor('10.0.0.6').match.lookup({ contact_reference: publicRef })).resolves.toMatchObject(
      {
        first_name: 'Adaeze',
      },
    );
  });

  it('counts concurrent lookups exactly (one shared window per IP)', async () => {
    const caller = callerFor('10.0.0.7');
    const results = await Promise.allSettled(
      Array.from({ length: 70 }, () => caller.match.lookup({ contact_reference: publicRef })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(60);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected.map((r) => (r.reason as TRPCError).code)).toEqual(Array(10).fill('TOO_MANY_REQUESTS'));
  });

  it('counts in the one rate limiter (rate_limit_hits), a sliding minute that frees a slot as it passes', async () => {
    const clock = { now: new Date('2026-06-01T12:00:00.000Z') };
    const rateLimitStore = createPostgresRateLimitStore(handle.db);
    const caller = createCaller(
      createContextInner({ db: handle.db, ip: '10.0.0.8', rateLimitStore, now: () => new Date(clock.now) }),
    );
    const lookup = () => caller.match.lookup({ contact_reference: publicRef });
    for (let i = 0; i < 60; i++) {
      clock.now = new Date(Date.parse('2026-06-01T12:00:00.000Z') + i * 500);
      await lookup();
    }
    const { count } = await handle.db
      .selectFrom('rate_limit_hits')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('key', '=', rateLimitKey(RATE_LIMITS.matchLookupsPerIp, '10.0.0.8'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(60);

    // 40 s after the first: full, and the first lookup frees its slot in 20 s
    clock.now = new Date('2026-06-01T12:00:40.000Z');
    const error = await errorOf(lookup());
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect((error.cause as { retryAfterSeconds?: number }).retryAfterSeconds).toBe(20);
    clock.now = new Date('2026-06-01T12:01:00.001Z');
    await expect(lookup()).resolves.toMatchObject({ first_name: 'Adaeze' });
    await expect(errorOf(lookup())).resolves.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
