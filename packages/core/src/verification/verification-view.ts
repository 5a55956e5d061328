import type { verificationQueries } from '@rhema/db';
import type { TVerification, VerificationStatus } from '@rhema/schemas';

type VerificationRow = NonNullable<Awaited<ReturnType<typeof verificationQueries.findVerification>>>;

export const NOT_STARTED: TVerification = {
  status: 'not_started',
  reason: null,
  provider: null,
  started_at: null,
  updated_at: null,
  verified_at: null,
};

export function toVerification(row: VerificationRow | undefined): TVerification {
  if (!row) return NOT_STARTED;
  return {
    status: row.status as VerificationStatus,
    reason: row.reason,
    provider: row.provider,
    started_at: row.started_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    verified_at: row.verified_at ? row.verified_at.toISOString() : null,
  };
}
