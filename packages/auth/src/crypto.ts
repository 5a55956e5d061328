import { randomBytes, randomInt } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from '@rhema/schemas';

const encoder = new TextEncoder();

/** A random string of `bytes` bytes of entropy from the OS CSPRNG, base32 (lower case, no padding). */
export function randomToken(bytes: number): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(bytes));
}

export function sha256Bytes(value: string): Uint8Array {
  return sha256(encoder.encode(value));
}

export function sha256Hex(value: string): string {
  return encodeHexLowerCase(sha256Bytes(value));
}

export function timingSafeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  return constantTimeEqual(a, b);
}

/** Compares two strings in constant time (for equal lengths; different lengths are simply unequal). */
export function timingSafeEqualString(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  return left.length === right.length && constantTimeEqual(left, right);
}

/** A code of `length` digits from the CSPRNG, leading zeros kept (docs/security.md target 5). */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(0, 10));
  return out;
}

/** A new contact reference (the private-match page's code) from the CSPRNG, in the one format of packages/schemas. */
export function randomReference(): string {
  let out = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++)
    out += REFERENCE_ALPHABET[randomInt(0, REFERENCE_ALPHABET.length)];
  return out;
}
