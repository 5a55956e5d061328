// How a load run is set up: its environment variables with their defaults.
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

export function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${raw}`);
  return value;
}

export const P99_LIMIT_MS = numberEnv('LOAD_P99_MS', 250);
export const STEP_SECONDS = numberEnv('LOAD_STEP_SECONDS', 5);
export const HOLD_SECONDS = numberEnv('LOAD_HOLD_SECONDS', 15);
export const CONNECTIONS = Math.round(numberEnv('LOAD_CONNECTIONS', 64));
export const MEMBERS = Math.round(numberEnv('LOAD_MEMBERS', 200));
export const PORT = Math.round(numberEnv('LOAD_PORT', 3410));
export const FIXED_RATE = process.env.LOAD_RATE ? numberEnv('LOAD_RATE', 1) : undefined;
export const REQUEST_TIMEOUT_MS = 10_000;
