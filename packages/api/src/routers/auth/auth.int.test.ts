import { sha256Hex } from '@rhema/auth';
import { INVALID_CREDENTIALS_MESSAGE, REGISTRATION_STARTED_MESSAGE } from '@rhema/core';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection, TEST_PASSWORD } from '../../test/harness';

const MINUTE = 60_000;

function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: `new-${Math.random().toString(36).slice(2, 10)}@example.test`,
    password: 'a long and unusual passphrase',
    first_name: 'Chidi',
    last_name: 'Anagonye',
    gender: 'male',
    date_of_birth: '1990-05-17',
    country_code: 'NG',
    phone: '+2348012345678',
    ...overrides,
  } as RegisterInput;
}

interface RegisterInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  gender: 'male' | 'female';
  date_of_birth: string;
  country_code: string;
  phone: string;
}

describe('auth procedures', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  /** The two steps of a sign-up: the form, then the code from the mail (the harness runs jobs before answering). */
  async function signUp(input: RegisterInput) {
    const started = await h.anonymous().auth.register(input);
    expect(started.message).toBe(REGISTRATION_STARTED_MESSAGE);
    const email = input.email.trim().toLowerCase();
    const mail = h.mailer.messages.findLast((m) => m.to === email && /sign-up code/.test(m.subject));
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code, `a sign-up code mailed to ${email}`).toBeDefined();
    return h.anonymous().auth.confirmRegistration({ email, code: code! });
  }

  describe('register (two steps: the form, then the mailed code)', () => {
    it('creates a member with a verified address, signs them in and stores an argon2id hash', async () => {
      const input = registration({ email: 'Ada.Obi@Example.test' });
      const result = await signUp(input);
      expect(result.user).toMatchObject({
        first_name: 'Chidi',
        role: 'member',
        email: 'ada.obi@example.test',
      });
      expect(result.token).toMatch(/^[a-z2-7]+\.[a-z2-7]+$/);
      const row = await handle.db
        .selectFrom('users')
        .select(['password_hash', 'role', 'status', 'phone', 'contact_reference', 'email_verified_at'])
        .where('email', '=', 'ada.obi@example.test')
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password_hash).not.toContain(input.password);
      expect(row).toMatchObject({ role: 'member', status: 'active', phone: '+2348012345678' });
      expect(row.email_verified_at).not.toBeNull();
      expect(row.contact_reference).toMatch(/^[A-Z2-9]{6}$/);
    });

    it('no account exists before the code comes back; a wrong code counts down, then dies', async () => {
      const input = registration({ email: 'pending@example.test' });
      await h.anonymous().auth.register(input);
      const before = await handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'pending@example.test')
        .execute();
      expect(before).toEqual([]);
      const mail = h.mailer.messages.findLast((m) => m.to === 'pending@example.test')!;
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const first = await rejection(
        h.anonymous().auth.confirmRegistration({ email: 'pending@example.test', code: wrong }),
      );
      expect(first).toMatchObject({ code: 'BAD_REQUEST', field: 'code' });
      expect(first.message).toMatch(/4 tries left/);
      for (let i = 0; i < 4; i++) {
        await rejection(
          h.anonymous().auth.confirmRegistration({ email: 'pending@example.test', code: wrong }),
        );
      }
      // five wrong codes: even the right one is refused now
      const dead = await rejection(
        h.anonymous().auth.confirmRegistration({ email: 'pending@example.test', code }),
      );
      expect(dead.message).toMatch(/^code: This code is not valid any more/);
    });

    it('a taken address gets the same answer and a notice by mail, never a code (no enumeration)', async () => {
      const owner = await h.user({ email: 'taken@example.test', first_name: 'Owner' });
      const fresh = await h.anonymous().auth.register(registration({ email: 'fresh@example.test' }));
      const taken = await h.anonymous().auth.register(registration({ email: ' TAKEN@example.test' }));
      expect(taken).toEqual(fresh);
      const notice = h.mailer.messages.findLast((m) => m.to === owner.email)!;
      expect(notice.subject).toMatch(/Someone tried to create/);
      expect(notice.text).toContain('Someone tried to register with your address');
      expect(notice.text).not.toMatch(/\b\d{6}\b/);
      // and no code works for it
      const refused = await rejection(
        h.anonymous().auth.confirmRegistration({ email: owner.email, code: '123456' }),
      );
      expect(refused).toMatchObject({ code: 'BAD_REQUEST', field: 'code' });
    });

    it('never takes role, status, premium or verification from the input (mass assignment)', async () => {
      const input = {
        ...registration({ email: 'sneaky@example.test' }),
        role: 'admin',
        status: 'active',
        premium: true,
        email_verified_at: '2020-01-01',
        identity_verified_at: '2020-01-01',
        id: '00000000-0000-0000-0000-000000000001',
      };
      const result = await signUp(input as never);
      expect(result.user.role).toBe('member');
      const row = await handle.db
        .selectFrom('users')
        .select(['id', 'role', 'identity_verified_at'])
        .where('email', '=', 'sneaky@example.test')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: 'member', identity_verified_at: null });
      expect(row.id).not.toBe('00000000-0000-0000-0000-000000000001');
    });

    it('enforces 18+ on the server from the date of birth', async () => {
      const today = h.clock.now;
      const y = today.getUTCFullYear() - 18;
      const pad = (n: number) => String(n).padStart(2, '0');
      const tomorrow18 = `${y}-${pad(today.getUTCMonth() + 1)}-${pad(today.getUTCDate() + 1)}`;
      const today18 = `${y}-${pad(today.getUTCMonth() + 1)}-${pad(today.getUTCDate())}`;
      const tooYoung = await rejection(
        h.anonymous().auth.register(registration({ date_of_birth: tomorrow18 })),
      );
      expect(tooYoung).toMatchObject({ code: 'BAD_REQUEST', field: 'date_of_birth' });
      expect(tooYoung.message).toBe('date_of_birth: You must be at least 18 years old to join.');
      await expect(signUp(registration({ date_of_birth: today18 }))).resolves.toBeTruthy();
    });

    it('accepts 8 to 256 characters, refuses 7 and 257, and never truncates', async () => {
      expect((await rejection(h.anonymous().auth.register(registration({ password: 'x7#kq2p' })))).code).toBe(
        'BAD_REQUEST',
      );
      expect(
        (
          await rejection(
            h.anonymous().auth.register(registration({ password: 'a'.repeat(200) + 'b'.repeat(57) })),
          )
        ).code,
      ).toBe('BAD_REQUEST');
      const long = `${'lorem ipsum '.repeat(21)}dolo`; // 256 characters
      expect(long).toHaveLength(256);
      const { user } = await signUp(registration({ email: 'long@example.test', password: long }));
      expect(user.first_name).toBe('Chidi');
      // the 256th character matters: one less or a different last character fails
      const wrong = await rejection(
        h.anonymous().auth.login({ email: 'long@example.test', password: long.slice(0, 255) }),
      );
      expect(wrong.code).toBe('UNAUTHORIZED');
      await expect(
        h.anonymous().auth.login({ email: 'long@example.test', password: long }),
      ).resolves.toHaveProperty('token');
      // 8 characters, no composition rules
      await expect(h.anonymous().auth.register(registration({ password: 'zebrafox' }))).resolves.toBeTruthy();
    });

    it('refuses the most common passwords, whatever their case', async () => {
      for (const password of ['password123', 'Password1', 'QWERTYUIOP', '123456789']) {
        const error = await rejection(h.anonymous().auth.register(registration({ password })));
        expect(error).toMatchObject({ code: 'BAD_REQUEST', field: 'password' });
        expect(error.message).toMatch(/too common/);
      }
    });

    it('names the bad field for bad input', async () => {
      const phone = await rejection(h.anonymous().auth.register(registration({ phone: '07700 900123' })));
      expect(phone).toMatchObject({ code: 'BAD_REQUEST' });
      expect(phone.message).toMatch(/^phone: .*international format/);
      const country = await rejection(h.anonymous().auth.register(registration({ country_code: 'XX' })));
      expect(country.message).toMatch(/^country_code:/);
    });

    it('maps Sweden SE to the product code SW', async () => {
      const { user } = await signUp(registration({ email: 'sven@example.test', country_code: 'se' }));
      const row = await handle.db
        .selectFrom('users')
        .select('country_code')
        .where('id', '=', user._id)
        .executeTakeFirstOrThrow();
      expect(row.country_code).toBe('SW');
    });
  });

  describe('login and sessions', () => {
    it('gives the same answer for an unknown email and a wrong password', async () => {
      const user = await h.user({ email: 'known@example.test' });
      const unknown = await rejection(
        h.anonymous({ ip: '10.0.0.1' }).auth.login({ email: 'nobody@example.test', password: 'whatever-1' }),
      );
      const wrong = await rejection(
        h.anonymous({ ip: '10.0.0.1' }).auth.login({ email: user.email, password: 'whatever-1' }),
      );
      expect(unknown).toEqual(wrong);
      expect(unknown).toMatchObject({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS_MESSAGE });
    });

    it('issues a new high-entropy token at every login and stores only its SHA-256', async () => {
      const user = await h.user({ email: 'tokens@example.test' });
      const first = await h.anonymous().auth.login({ email: user.email, password: TEST_PASSWORD });
      const second = await h.anonymous().auth.login({ email: user.email, password: TEST_PASSWORD });
      expect(first.token).not.toBe(second.token);
      const [id, secret] = first.token!.split('.') as [string, string];
      // base32: 5 bits a character; 52 characters = 260 bits of secret (>= 128)
      expect(secret.length * 5).toBeGreaterThanOrEqual(256);
      const row = await handle.db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Buffer.from(row.secret_hash).toString('hex')).toBe(sha256Hex(secret));
      const dump = JSON.stringify(
        (await sql<{ t: unknown }>`select row_to_json(s) as t from sessions s`.execute(handle.db)).rows,
      );
      expect(dump).not.toContain(secret);
      expect(dump).not.toContain(first.token);
    });

    it('logout makes the token unusable (401), on the server', async () => {
      const { token } = await h.signedIn({ email: 'logout@example.test' });
      const caller = await h.withToken(token);
      await expect(caller.auth.me()).resolves.toMatchObject({ user: { email: 'logout@example.test' } });
      await caller.auth.logout();
      const after = await h.withToken(token);
      expect((await rejection(after.auth.me())).code).toBe('UNAUTHORIZED');
      expect(await after.auth.session()).toEqual({ user: null });
    });

    it('a login from a signed-in caller ends the old session', async () => {
      const { user, token } = await h.signedIn({ email: 'relogin@example.test' });
      const caller = await h.withToken(token);
      const next = await caller.auth.login({ email: user.email, password: TEST_PASSWORD });
      expect((await rejection((await h.withToken(token)).auth.me())).code).toBe('UNAUTHORIZED');
      await expect((await h.withToken(next.token!)).auth.me()).resolves.toBeTruthy();
    });

    it('suspended and terminated accounts cannot sign in, and lose their open sessions', async () => {
      const { user, token } = await h.signedIn({ email: 'suspended@example.test' });
      await handle.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
      expect((await rejection((await h.withToken(token)).auth.me())).code).toBe('UNAUTHORIZED');
      const suspended = await rejection(
        h.anonymous().auth.login({ email: user.email, password: TEST_PASSWORD }),
      );
      expect(suspended).toMatchObject({ code: 'FORBIDDEN' });
      expect(suspended.message).toMatch(/suspended/);
      const terminated = await h.user({ email: 'terminated@example.test', status: 'terminated' });
      const closed = await rejection(
        h.anonymous().auth.login({ email: terminated.email, password: TEST_PASSWORD }),
      );
      expect(closed).toMatchObject({ code: 'FORBIDDEN' });
      expect(closed.message).toMatch(/terminated/);
    });

    it('member sessions slide for 30 days; staff sessions end 12 hours after sign-in', async () => {
      const member = await h.signedIn({ email: 'slide@example.test' });
      const staff = await h.signedIn({ email: 'staff@example.test', role: 'consultant' });
      const start = new Date(h.clock.now);
      try {
        h.advance(11 * 60 * MINUTE);
        await expect((await h.withToken(staff.token)).auth.me()).resolves.toBeTruthy();
        h.advance(61 * MINUTE);
        expect((await rejection((await h.withToken(staff.token)).auth.me())).code).toBe('UNAUTHORIZED');
        // the member is still in; 20 days on the use pushes the expiry forward, so day 45 still works
        h.clock.now = new Date(start.getTime() + 20 * 24 * 60 * MINUTE);
        await expect((await h.withToken(member.token)).auth.me()).resolves.toBeTruthy();
        h.clock.now = new Date(start.getTime() + 45 * 24 * 60 * MINUTE);
        await expect((await h.withToken(member.token)).auth.me()).resolves.toBeTruthy();
        // 31 idle days later it has expired
        h.clock.now = new Date(start.getTime() + 77 * 24 * 60 * MINUTE);
        expect((await rejection((await h.withToken(member.token)).auth.me())).code).toBe('UNAUTHORIZED');
      } finally {
        h.clock.now = start;
      }
    });

    it('me tells the introductions flag the app uses to pick the landing page', async () => {
      const { user, token } = await h.signedIn({ email: 'intro-owner@example.test' });
      expect((await (await h.withToken(token)).auth.me()).user.introductions).toBe(false);
      await handle.db.insertInto('introductions').values({ owner_id: user.id }).execute();
      expect((await (await h.withToken(token)).auth.me()).user.introductions).toBe(true);
    });
  });

  describe('login rate limits', () => {
    it('answers the 11th failure from one IP within 10 minutes with 429 and Retry-After', async () => {
      const ip = '198.51.100.7';
      const user = await h.user({ email: 'bruteforce@example.test' });
      const start = new Date(h.clock.now);
      try {
        for (let i = 0; i < 10; i++) {
          expect(
            (
              await rejection(
                h.anonymous({ ip }).auth.login({ email: user.email, password: `guess-${i}-xx` }),
              )
            ).code,
          ).toBe('UNAUTHORIZED');
          h.advance(10_000);
        }
        const limited = await rejection(
          h.anonymous({ ip }).auth.login({ email: user.email, password: TEST_PASSWORD }),
        );
        expect(limited.code).toBe('TOO_MANY_REQUESTS');
        // the first failure leaves the window 10 minutes after it happened: 600 s - 100 s elapsed
        expect(limited.retryAfter).toBe(500);
        // another address is not affected, and the right password still works there (no lockout)
        await expect(
          h.anonymous({ ip: '198.51.100.8' }).auth.login({ email: user.email, password: TEST_PASSWORD }),
        ).resolves.toHaveProperty('token');
        // when the window has moved on, the same address may try again
        h.advance(10 * MINUTE);
        await expect(
          h.anonymous({ ip }).auth.login({ email: user.email, password: TEST_PASSWORD }),
        ).resolves.toHaveProperty('token');
      } finally {
        h.clock.now = start;
      }
    });

    it('allows at most 100 failures per account per hour, from any number of addresses', async () => {
      const user = await h.user({ email: 'distributed@example.test' });
      const start = new Date(h.clock.now);
      try {
        // 100 recorded failures (written directly: 100 argon2 verifications would slow the suite for nothing)
        const { emailSubject, RATE_LIMITS, consumeRateLimit, createPostgresRateLimitStore } =
          await import('@rhema/auth');
        const store = createPostgresRateLimitStore(handle.db);
        for (let i = 0; i < 100; i++) {
          await consumeRateLimit(
            store,
            RATE_LIMITS.loginFailuresPerAccount,
            emailSubject(user.email),
            h.clock.now,
          );
        }
        const limited = await rejection(
          h.anonymous({ ip: '203.0.113.99' }).auth.login({ email: user.email, password: TEST_PASSWORD }),
        );
        expect(limited.code).toBe('TOO_MANY_REQUESTS');
        expect(limited.retryAfter).toBe(3600);
        h.advance(61 * MINUTE);
        await expect(
          h.anonymous({ ip: '203.0.113.99' }).auth.login({ email: user.email, password: TEST_PASSWORD }),
        ).resolves.toHaveProperty('token');
      } finally {
        h.clock.now = start;
      }
    });
  });
});
