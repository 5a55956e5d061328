import { MAX_DEMO_MEMBERS } from './demo-accounts';

/** `--members` as given on the command line: a whole number from 0 to 1,000,000 (underscores allowed). */
export function parseMembers(raw: string | undefined): number {
  if (raw === undefined) return 200;
  const value = raw.replace(/_/g, '');
  if (!/^\d+$/.test(value) || Number(value) > MAX_DEMO_MEMBERS) {
    throw new Error(`--members must be a whole number from 0 to ${MAX_DEMO_MEMBERS}, got '${raw}'`);
  }
  return Number(value);
}
