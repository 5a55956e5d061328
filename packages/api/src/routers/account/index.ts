import { router } from '../../trpc';
import { exportMyDataProcedure } from './export';
import { myProfileProcedure } from './profile';
import { terminateAccountProcedure } from './terminate';

export const accountRouter = router({
  profile: myProfileProcedure,
  exportData: exportMyDataProcedure,
  terminate: terminateAccountProcedure,
});
