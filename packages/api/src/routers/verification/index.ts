import { router } from '../../trpc';
import { myVerificationProcedure } from './mine';
import { revokeVerificationProcedure } from './revoke';
import { startVerificationProcedure } from './start';

/** Identity verification by a third-party provider (docs/decisions/171-identity-verification-provider.md). */
export const verificationRouter = router({
  mine: myVerificationProcedure,
  start: startVerificationProcedure,
  revoke: revokeVerificationProcedure,
});
