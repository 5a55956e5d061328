import { sha256Hex } from '@rhema/auth';
import { RESET_CODE_TTL_MS, resetCodeHash } from '@rhema/core';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, rejection, TEST_PASSWORD } from '../../test/harness';

const NEW_PASSWORD = 'a brand new passphrase';
const MINUTE = 60_000;

function codeFrom(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error('no code in the email');
  return match[1]!;
}

describe('password reset', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let n = 0;
  /** every test its own member and its own address (limits are per email and per IP) */
  let email: string;
  let ip: string;

  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    n++;
    email = `reset-${n}@example.test`;
    ip = `192.0.2.${n}`;
    h.mailer.messages.length = 0;
    await h.user({ email, first_name: 'Ngozi' });
  });

  async function requestCode() {
    const { token } = await h.anonymous({ ip }).password.request({ email });
    const mail = h.mailer.messages.at(-1);
    if (!mail) throw new Error('no email was sent');
    return { token, code: codeFrom(mail.text), mail };
  }

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a 6-digit code, stores only hashes, and resets with the code and token', async () => {
    const { token, code, mail } = await requestCode();
    expect(mail.to).toBe(email);
    expect(mail.subject).toMatch(/password reset code/);
    expect(mail.html).toContain(code);
    expect(token.length * 5).toBeGreaterThanOrEqual(256);
    const row = await handle.db
      .selectFrom('password_reset_requests')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(token));
    expect(row.code_hash).toBe(resetCodeHash(token, code));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.expires_at.getTime() - h.clock.now.getTime()).toBe(RESET_CODE_TTL_MS);

    await h.anonymous({ ip }).password.reset({ email, code, password_reset: NEW_PASSWORD, token });
    await expect(h.anonymous({ ip }).auth.login({ email, password: NEW_PASSWORD })).resolves.toHaveProperty(
      'token',
    );
    const old = await rejection(h.anonymous({ ip }).auth.login({ email, password: TEST_PASSWORD }));
    expect(old.code).toBe('UNAUTHORIZED');
  });

  it('codes come from a CSPRNG: 6 digits, leading zeros kept, spread over the range', async () => {
    const { randomDigits } = await import('@rhema/auth');
    const codes = Array.from({ length: 2000 }, () => randomDigits(6));
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  it('a code works once', async () => {
    const { token, code } = await requestCode();
    await h.anonymous({ ip }).password.reset({ email, code, password_reset: NEW_PASSWORD, token });
    const again = await rejection(
      h.anonymous({ ip }).password.reset({ email, code, password_reset: 'another new passphrase', token }),
    );
    expect(again).toMatchObject({ code: 'BAD_REQUEST', field: 'code' });
  });

  it('a code is bound to the token of its request and to the email', async () => {
    const { code } = await requestCode();
    const other = await rejection(
      h
        .anonymous({ ip })
        .password.reset({ email, code, password_reset: NEW_PASSWORD, token: 'a'.repeat(52) }),
    );
    expect(other.code).toBe('BAD_REQUEST');
    h.advance(MINUTE);
    const second = await requestCode();
    const wrongEmail = await rejection(
      h.anonymous({ ip }).password.reset({
        email: 'someone-else@example.test',
        code: second.code,
        password_reset: NEW_PASSWORD,
        token: second.token,
      }),
    );
    expect(wrongEmail.code).toBe('BAD_REQUEST');
  });

  it('expires after 10 minutes', async () => {
    const { token, code } = await requestCode();
    h.advance(RESET_CODE_TTL_MS + 1000);
    const expired = await rejection(
      h.anonymous({ ip }).password.reset({ email, code, password_reset: NEW_PASSWORD, token }),
    );
    expect(expired.message).toMatch(/request a new code/);
  });

  it('the 6th wrong code kills it: even the right code fails afterwards', async () => {
    const { token, code } = await requestCode();
    for (let i = 1; i <= 5; i++) {
      const error = await rejection(
        h
          .anonymous({ ip })
          .password.reset({ email, code: wrongCode(code), password_reset: NEW_PASSWORD, token }),
      );
      expect(error).toMatchObject({ code: 'BAD_REQUEST', field: 'code' });
      if (i < 5) expect(error.message).toMatch(new RegExp(`${5 - i} tr(y|ies) left`));
    }
    const sixth = await rejection(
      h.anonymous({ ip }).password.reset({ email, code, password_reset: NEW_PASSWORD, token }),
    );
    expect(sixth.message).toMatch(/request a new code/);
    const row = await handle.db
      .selectFrom('password_reset_requests')
      .select(['attempts', 'invalidated_at', 'used_at'])
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(row.invalidated_at).not.toBeNull();
    expect(row.used_at).toBeNull();
  });

  it('50 concurrent wrong guesses evaluate at most 5 codes', async () => {
    const { token, code } = await requestCode();
    const guesses = Array.from({ length: 50 }, (_, i) =>
      rejection(
        h.anonymous({ ip: `198.18.0.${i}` }).password.reset({
          email,
          code: wrongCode(String((Number(code) + i) % 1_000_000)),
          password_reset: NEW_PASSWORD,
          token,
        }),
      ),
    );
    const results = await Promise.all(guesses);
    const evaluated = results.filter((r) => /not correct/.test(r.message));
    expect(evaluated.length).toBeLessThanOrEqual(5);
    const row = await handle.db
      .selectFrom('password_reset_requests')
      .select(['attempts'])
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    const right = await rejection(
      h.anonymous({ ip }).password.reset({ email, code, password_reset: NEW_PASSWORD, token }),
    );
    expect(right.code).toBe('BAD_REQUEST');
  });

  it('a new request invalidates the older code', async () => {
    const first = await requestCode();
    h.advance(61_000);
    const second = await requestCode();
    const old = await rejection(
      h
        .anonymous({ ip })
        .password.reset({ email, code: first.code, password_reset: NEW_PASSWORD, token: first.token }),
    );
    expect(old.code).toBe('BAD_REQUEST');
    await h.anonymous({ ip }).password.reset({
      email,
      code: second.code,
      password_reset: NEW_PASSWORD,
      token: second.token,
    });
  });

  it('emails are at least 60 s apart and at most 5 an hour, for known and unknown emails alike', async () => {
    const unknown = `nobody-${n}@example.test`;
    for (const address of [email, unknown]) {
      const start = new Date(h.clock.now);
      await h.anonymous({ ip }).password.request({ email: address });
      const soon = await rejection(h.anonymous({ ip }).password.request({ email: address }));
      expect(soon).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429, retryAfter: 60 });
      for (let i = 0; i < 4; i++) {
        h.advance(61_000);
        await h.anonymous({ ip }).password.request({ email: address });
      }
      h.advance(61_000);
      const sixth = await rejection(h.anonymous({ ip }).password.request({ email: address }));
      expect(sixth.code).toBe('TOO_MANY_REQUESTS');
      expect(sixth.retryAfter).toBeGreaterThan(60 * 50);
      h.clock.now = start;
    }
    // 5 mails for the known address, none for the unknown one
    expect(h.mailer.messages.filter((m) => m.to === email)).toHaveLength(5);
    expect(h.mailer.messages.filter((m) => m.to === unknown)).toHaveLength(0);
    h.advance(2 * 60 * MINUTE);
  });

  it('an unknown email gets the same answer as a known one', async () => {
    const known = await h.anonymous({ ip }).password.request({ email });
    const unknown = await h.anonymous({ ip }).password.request({ email: `ghost-${n}@example.test` });
    expect(Object.keys(unknown)).toEqual(Object.keys(known));
    expect(unknown.token).toMatch(/^[a-z2-7]{52}$/);
    expect(known.token).toMatch(/^[a-z2-7]{52}$/);
    const attempt = await rejection(
      h.anonymous({ ip }).password.reset({
        email: `ghost-${n}@example.test`,
        code: '123456',
        password_reset: NEW_PASSWORD,
        token: unknown.token,
      }),
    );
    expect(attempt.code).toBe('BAD_REQUEST');
  });

  it('a completed reset revokes every session of the account and mails a notice', async () => {
    const a = await h.anonymous().auth.login({ email, password: TEST_PASSWORD });
    const b = await h.anonymous().auth.login({ email, password: TEST_PASSWORD });
    await expect((await h.withToken(a.token!)).auth.me()).resolves.toBeTruthy();
    const { token, code } = await requestCode();
    await h.anonymous({ ip }).password.reset({ email, code, password_reset: NEW_PASSWORD, token });
    for (const t of [a.token!, b.token!]) {
      expect((await rejection((await h.withToken(t)).auth.me())).code).toBe('UNAUTHORIZED');
    }
    const { rows } = await sql<{ count: string }>`
      select count(*)::text as count from sessions s join users u on u.id = s.user_id where u.email = ${email}`.execute(
      handle.db,
    );
    expect(rows[0]!.count).toBe('0');
    const notice = h.mailer.messages.at(-1)!;
    expect(notice.to).toBe(email);
    expect(notice.subject).toMatch(/password was changed/);
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
  });

  it('refuses a too common new password without spending an attempt', async () => {
    const { token, code } = await requestCode();
    const common = await rejection(
      h.anonymous({ ip }).password.reset({ email, code, password_reset: 'password123', token }),
    );
    expect(common).toMatchObject({ code: 'BAD_REQUEST', field: 'password_reset' });
    const short = await rejection(
      h.anonymous({ ip }).password.reset({ email, code, password_reset: 'short', token }),
    );
    expect(short.field).toBe('password_reset');
    await h.anonymous({ ip }).password.reset({ email, code, password_reset: NEW_PASSWORD, token });
  });

  it('limits wrong codes per IP across requests (429 with Retry-After)', async () => {
    const attackerIp = '203.0.113.200';
    const results = [];
    for (let i = 0; i < 31; i++) {
      results.push(
        await rejection(
          h.anonymous({ ip: attackerIp }).password.reset({
            email,
            code: '000000',
            password_reset: NEW_PASSWORD,
            token: `${'b'.repeat(50)}${i}`,
          }),
        ),
      );
    }
    expect(results.slice(0, 30).every((r) => r.code === 'BAD_REQUEST')).toBe(true);
    expect(results[30]).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(results[30]!.retryAfter).toBeGreaterThan(0);
  });
});

describe('change password', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  it('needs the current password, keeps this session, ends the others and mails a notice', async () => {
    const { user, token } = await h.signedIn({ email: 'change@example.test' });
    const other = await h.anonymous().auth.login({ email: user.email, password: TEST_PASSWORD });
    const caller = await h.withToken(token);
    const wrong = await rejection(
      caller.password.change({ current_password: 'not my password', new_password: NEW_PASSWORD }),
    );
    expect(wrong).toMatchObject({ code: 'BAD_REQUEST', field: 'current_password' });
    await caller.password.change({ current_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    await expect((await h.withToken(token)).auth.me()).resolves.toBeTruthy();
    expect((await rejection((await h.withToken(other.token!)).auth.me())).code).toBe('UNAUTHORIZED');
    expect(h.mailer.messages.at(-1)).toMatchObject({ to: 'change@example.test' });
    await expect(
      h.anonymous().auth.login({ email: user.email, password: NEW_PASSWORD }),
    ).resolves.toBeTruthy();
  });

  it('anonymous callers get 401', async () => {
    const error = await rejection(
      h.anonymous().password.change({ current_password: TEST_PASSWORD, new_password: NEW_PASSWORD }),
    );
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });
});
