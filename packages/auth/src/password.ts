import { hash, verify } from '@node-rs/argon2';

// docs/security.md target 1: argon2id with m=19456 KiB, t=2, p=1, set explicitly (the library's defaults differ).
// Algorithm 2 is Argon2id in @node-rs/argon2's const enum, which isolatedModules cannot import.
export const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
