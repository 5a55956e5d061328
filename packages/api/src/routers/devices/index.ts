import { router } from '../../trpc';
import { listDevicesProcedure } from './list';
import { pushPublicKeyProcedure } from './public-key';
import { registerDeviceProcedure } from './register';
import { removeDeviceProcedure } from './remove';

/** The devices pushes go to (docs/notifications.md). */
export const devicesRouter = router({
  publicKey: pushPublicKeyProcedure,
  register: registerDeviceProcedure,
  list: listDevicesProcedure,
  remove: removeDeviceProcedure,
});
