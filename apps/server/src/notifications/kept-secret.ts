import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateVapidKeys } from '@rhema/core';

/**
 * A secret generated once and kept in a file (development and single-host installs): every instance of one host
 * then signs alike. Several hosts set the variable instead (README, notifications).
 */
export function keptSecret(file: string): string {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The VAPID key pair of a development host, generated once and kept in `file` (null: a new pair, kept nowhere). */
export function keptVapidKeys(file: string | null): { publicKey: string; privateKey: string } {
  if (file) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
      if (kept.publicKey && kept.privateKey)
        return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    } catch {
      // not there yet
    }
  }
  const keys = generateVapidKeys();
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  }
  return keys;
}
