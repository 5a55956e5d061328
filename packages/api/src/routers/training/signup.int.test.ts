import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { TRAINING_CONSENT_VERSION, TRAINING_SIGNUP_MESSAGE } from '@rhema/schemas';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContextInner } from '../../context';
import { createCaller } from '../../root';

describe('training.signup', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  const callerFor = (ip: string) => createCaller(createContextInner({ db: handle.db, ip }));
  const rows = (email: string) =>
    handle.db
      .selectFrom('training_signups')
      .select(['email', 'first_name', 'country_code', 'topics', 'consent_text_version'])
      .where('email', '=', email)
      .execute();

  it('stores a signup with the consent version it agreed to', async () => {
    const answer = await callerFor('10.1.0.1').training.signup({
      first_name: ' Kwame ',
      email: 'Kwame.Mensah@Example.com ',
      country_code: 'GH',
      topics: ['communication', 'finances', 'communication'],
      consent: true,
    });
    expect(answer).toEqual({ message: TRAINING_SIGNUP_MESSAGE });
    expect(await rows('kwame.mensah@example.com')).toEqual([
      {
        email: 'kwame.mensah@example.com',
        first_name: 'Kwame',
        country_code: 'GH',
        topics: ['communication', 'finances'],
        consent_text_version: TRAINING_CONSENT_VERSION,
      },
    ]);
  });

  it('takes a second signup of the same email kindly: same thank-you, still one row, first details kept', async () => {
    const caller = callerFor('10.1.0.2');
    await caller.training.signup({ first_name: 'Zanele', email: 'zanele@example.com', consent: true });
    const again = await caller.training.signup({
      first_name: 'Someone else',
      email: 'ZANELE@example.com',
      consent: true,
    });
    expect(again).toEqual({ message: TRAINING_SIGNUP_MESSAGE });
    expect(await rows('zanele@example.com')).toMatchObject([{ first_name: 'Zanele', country_code: null }]);
  });

  it.each([
    [{ first_name: '', email: 'a@example.com', consent: true }, 'first_name'],
    [{ first_name: 'Ama', email: 'not-an-email', consent: true }, 'email'],
    [{ first_name: 'Ama', email: 'a@example.com', consent: false }, 'consent'],
    [{ first_name: 'Ama', email: 'a@example.com', consent: true, country_code: 'XX' }, 'country_code'],
    [{ first_name: 'Ama', email: 'a@example.com', consent: true, topics: ['astrology'] }, 'topics'],
  ])('refuses bad input %#', async (input, field) => {
    const error = await callerFor('10.1.0.3')
      .training.signup(input as Parameters<ReturnType<typeof callerFor>['training']['signup']>[0])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');
    expect((error as TRPCError).message).toContain(field);
    expect(await rows('a@example.com')).toEqual([]);
  });

  it('limits signups per IP (10 per 10 minutes) with a retry delay', async () => {
    const caller = callerFor('10.1.0.4');
    for (let i = 0; i < 10; i++) {
      await caller.training.signup({ first_name: 'Ngozi', email: `ngozi${i}@example.com`, consent: true });
    }
    const error = await caller.training
      .signup({ first_name: 'Ngozi', email: 'ngozi10@example.com', consent: true })
      .catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe('TOO_MANY_REQUESTS');
    expect(await rows('ngozi10@example.com')).toEqual([]);
  });
});
