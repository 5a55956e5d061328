import { dataExportQueries, type Database } from '@rhema/db';
import { AppError } from '../errors/app-error';

/** Turns rows into plain JSON values (dates as ISO strings, buffers never appear: secrets are not selected). */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** "Download my data" (docs/security.md target 14): everything held about the member, consents included. */
export async function exportMyData({ db, userId, now }: { db: Database; userId: string; now: Date }) {
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
