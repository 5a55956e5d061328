import { router } from '../../trpc';
import { changePasswordProcedure } from './change';
import { requestPasswordResetProcedure } from './request';
import { resetPasswordProcedure } from './reset';

export const passwordRouter = router({
  request: requestPasswordResetProcedure,
  reset: resetPasswordProcedure,
  change: changePasswordProcedure,
});
