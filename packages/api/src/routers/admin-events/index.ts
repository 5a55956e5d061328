import { router } from '../../trpc';
import { adminCancelEventProcedure } from './cancel';
import { adminCheckInProcedure } from './check-in';
import { adminCreateEventProcedure } from './create';
import { adminGetEventProcedure } from './get';
import { adminListEventsProcedure } from './list';
import { adminPublishEventProcedure } from './publish';
import { adminUpdateEventProcedure } from './update';

/** The console's events (/admin21/events): staff only, every change audited. */
export const adminEventsRouter = router({
  list: adminListEventsProcedure,
  get: adminGetEventProcedure,
  create: adminCreateEventProcedure,
  update: adminUpdateEventProcedure,
  publish: adminPublishEventProcedure,
  cancel: adminCancelEventProcedure,
  checkIn: adminCheckInProcedure,
});
