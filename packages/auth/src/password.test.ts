import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import { hashPassword, PASSWORD_HASHES_AT_ONCE, passwordHashingStats, verifyPassword } from './password';

describe('password hashing (docs/security.md target 1)', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 and a random salt', async () => {
    const a = await hashPassword('some passphrase');
    const b = await hashPassword('some passphrase');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'some passphrase')).toBe(true);
    expect(await verifyPassword(a, 'some passphrasE')).toBe(false);
  });

  it('never truncates: a 256-character password differs from its first 255 characters', async () => {
    const long = 'x'.repeat(255) + 'y';
    const hash = await hashPassword(long);
    expect(await verifyPassword(hash, long)).toBe(true);
    expect(await verifyPassword(hash, long.slice(0, 255))).toBe(false);
    expect(await verifyPassword(hash, `${long}z`)).toBe(false);
  });

  it('runs at most PASSWORD_HASHES_AT_ONCE at once (19 MiB each), the others in turn, every one answered', async () => {
    const stored = await hashPassword('some passphrase');
    const guesses = ['some passphrase', 'wrong 1', 'wrong 2', 'some passphrase', 'wrong 3', 'wrong 4'];
    const pending = guesses.map((guess) => verifyPassword(stored, guess));
    // the calls above started what they could at once: the rest wait
    expect(passwordHashingStats()).toMatchObject({
      running: PASSWORD_HASHES_AT_ONCE,
      waiting: guesses.length - PASSWORD_HASHES_AT_ONCE,
    });
    expect(await Promise.all(pending)).toEqual([true, false, false, true, false, false]);
    expect(passwordHashingStats()).toMatchObject({ running: 0, waiting: 0, peak: PASSWORD_HASHES_AT_ONCE });
    // a failing verification (a malformed hash) gives its place back too
    await Promise.all([
      verifyPassword('not-a-hash', 'x'),
      verifyPassword('not-a-hash', 'y'),
      hashPassword('z'),
    ]);
    expect(passwordHashingStats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('a malformed stored hash is a failed verification, not a crash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('knows the most common passwords, in any case', () => {
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('PASSWORD123')).toBe(true);
    expect(isCommonPassword('12345678')).toBe(true);
    expect(isCommonPassword('tangerine kettle obelisk')).toBe(false);
  });
});
