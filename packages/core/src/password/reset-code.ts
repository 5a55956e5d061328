import { sha256Hex } from '@rhema/auth';

export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_MAX_ATTEMPTS = 5;

/**
 * The stored form of a code: SHA-256 over the request's token and the code. The token is a 256-bit secret stored
 * only as its own hash, so a leaked table does not let anyone try the million codes offline.
 */
export function resetCodeHash(token: string, code: string): string {
  return sha256Hex(`${token}:${code}`);
}
