import { z } from 'zod';
import { ZUserIdRequest } from './admin';

// Identity verification by a third-party provider (docs/decisions/171-identity-verification-provider.md): where the
// member stands, as /account/verification and GET /api/v1/user-verification show it.
export const VERIFICATION_STATUSES = [
  'not_started',
  'pending',
  'verified',
  'declined',
  'expired',
  'revoked',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const ZVerification = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  /** the provider's reason for a decline, or the staff's reason for a revocation */
  reason: z.string().nullable(),
  /** who checks: 'stripe', or 'development' where no provider key is configured */
  provider: z.string().nullable(),
  started_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  verified_at: z.string().nullable(),
});
export type TVerification = z.infer<typeof ZVerification>;

/** A started session: the state, and where the member goes to verify with the provider. */
export const ZStartedVerification = ZVerification.extend({ url: z.string() });
export type TStartedVerification = z.infer<typeof ZStartedVerification>;

export const ZRevokeVerificationRequest = ZUserIdRequest.extend({
  reason: z
    .string()
    .trim()
    .min(3, 'Please give the reason (the member reads it)')
    .max(300, 'At most 300 characters'),
});
export type TRevokeVerificationRequest = z.input<typeof ZRevokeVerificationRequest>;

/** What the member reads on /account/verification. */
export const VERIFICATION_REQUIRED_MESSAGE =
  'This introduction requires both members to have verified their identity.';
