// docs/security.md, F21: sign-ups from many addresses sent one third-party address eight code
// mails within seconds, since only the sign-up's IP was limited. Mails to one address are spaced as reset mails
// are: 60 s apart and 5 an hour, whatever the IP.
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

const MINUTE = 60_000;

function registration(email: string) {
  return {
    email,
    password: 'a long and unusual passphrase',
    first_name: 'Chidi',
    last_name: 'Anagonye',
    gender: 'male' as const,
    date_of_birth: '1990-05-17',
    country_code: 'NG',
    phone: '+2348012345678',
  };
}

describe('sign-up mails per address (F21)', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  const mailsTo = (email: string) => h.mailer.messages.filter((m) => m.to === email).length;

  it('8 sign-ups for one address from 8 IPs within seconds: one mail, the others 429 with Retry-After', async () => {
    const email = 'victim@example.test';
    const outcomes = [];
    for (let i = 0; i < 8; i++) {
      outcomes.push(
        await h
          .anonymous({ ip: `203.0.113.${10 + i}` })
          .auth.register(registration(i % 2 ? ' VICTIM@example.test' : email))
          .then(
            () => 'sent',
            (error: unknown) => rejection(Promise.reject(error)),
          ),
      );
      h.advance(1000);
    }
    expect(outcomes[0]).toBe('sent');
    for (const refused of outcomes.slice(1)) {
      expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
      expect((refused as { retryAfter?: number }).retryAfter).toBeGreaterThan(0);
    }
    expect(mailsTo(email)).toBe(1);
  });

  it('60 s apart they pass, and at most 5 an hour', async () => {
    const email = 'spaced@example.test';
    const answers: string[] = [];
    for (let i = 0; i < 7; i++) {
      const outcome = await h
        .anonymous({ ip: `198.51.100.${40 + i}` })
        .auth.register(registration(email))
        .then(
          () => 'sent',
          async (error: unknown) => (await rejection(Promise.reject(error))).code,
        );
      answers.push(outcome);
      h.advance(MINUTE + 1000);
    }
    expect(answers).toEqual([
      'sent',
      'sent',
      'sent',
      'sent',
      'sent',
      'TOO_MANY_REQUESTS',
      'TOO_MANY_REQUESTS',
    ]);
    expect(mailsTo(email)).toBe(5);
  });

  it('a refused form (under 18) does not use up the address', async () => {
    const email = 'young@example.test';
    const young = { ...registration(email), date_of_birth: '2015-01-01' };
    expect((await rejection(h.anonymous({ ip: '198.51.100.60' }).auth.register(young))).code).toBe(
      'BAD_REQUEST',
    );
    await expect(
      h.anonymous({ ip: '198.51.100.61' }).auth.register(registration(email)),
    ).resolves.toBeTruthy();
  });
});
