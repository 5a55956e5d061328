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

/**
 * Hashes and verifications running at once in this process; the others wait their turn, in order. Each holds its
 * 19 MiB while it runs, on one of the four threads of Node's pool, which also write the log and compress answers:
 * four logins at once took the server's resident memory up by ~53 MB and held the whole pool, two leave two
 * threads free and hold 38 MiB (bench/results/2026-11-29-overhead-and-memory.md). A 2-core machine computes no
 * more hashes a second with four at once than with two.
 */
export const PASSWORD_HASHES_AT_ONCE = 2;

const waiting: (() => void)[] = [];
let running = 0;
let peak = 0;

async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  // a finishing task hands its place over: `running` already counts this one when it wakes
  if (running >= PASSWORD_HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  peak = Math.max(peak, running);
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Hashes running and waiting now, and the most that ever ran at once (for tests and the bench). */
export function passwordHashingStats(): { running: number; waiting: number; peak: number } {
  return { running, waiting: waiting.length, peak };
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
