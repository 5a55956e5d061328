import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './password';

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
