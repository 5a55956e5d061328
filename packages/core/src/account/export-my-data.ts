import type { RateLimitStore } from '@rhema/auth';
import { dataExportQueries, type Database } from '@rhema/db';
import { AppError } from '../errors/app-error';
import { takeDataExportLimits } from '../rate-limit/member-writes';

/** Turns rows into plain JSON values (dates as ISO strings, buffers never appear: secrets are not selected). */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/**
 * "Download my data" (docs/security.md target 14): everything held about the member, consents included; 10 an hour
 * (each reads every table that holds them: docs/security.md, F29).
 */
export async function exportMyData({
  db,
  rateLimitStore,
  userId,
  now,
}: {
  db: Database;
  rateLimitStore: RateLimitStore;
  userId: string;
  now: Date;
}) {
  await takeDataExportLimits({ rateLimitStore, now }, userId);
  const data = await dataExportQueries.exportUserData(db, userId);
  if (!data) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  // self-matching: friendships, messages, reports made and blocks; memberships are `communities`
  const social = await dataExportQueries.exportSocialData(db, userId);
  return {
    exported_at: now.toISOString(),
    format: 'rhema-member-data/1' as const,
    data: toJson({ ...data, ...social }) as Record<string, unknown>,
  };
}
