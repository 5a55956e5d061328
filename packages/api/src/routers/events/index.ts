import { router } from '../../trpc';
import { cancelRsvpProcedure } from './cancel-rsvp';
import { chooseMeetAgainProcedure } from './choose-meet-again';
import { getEventProcedure } from './get';
import { guestListProcedure } from './guest-list';
import { listEventsProcedure } from './list';
import { meetAgainProcedure } from './meet-again';
import { userEventsProcedure } from './mine';
import { rsvpProcedure } from './rsvp';
import { setGuestListProcedure } from './set-guest-list';

/** In-person meetups: members' side (docs/decisions/181-event-places-and-waitlist.md). */
export const eventsRouter = router({
  list: listEventsProcedure,
  get: getEventProcedure,
  mine: userEventsProcedure,
  rsvp: rsvpProcedure,
  cancelRsvp: cancelRsvpProcedure,
  setGuestList: setGuestListProcedure,
  meetAgain: meetAgainProcedure,
  chooseMeetAgain: chooseMeetAgainProcedure,
  guestList: guestListProcedure,
});
