import { router } from '../../trpc';
import { getCommunityProcedure } from './get';
import { joinCommunityProcedure } from './join';
import { leaveCommunityProcedure } from './leave';
import { listCommunitiesProcedure } from './list';

export const communitiesRouter = router({
  list: listCommunitiesProcedure,
  get: getCommunityProcedure,
  join: joinCommunityProcedure,
  leave: leaveCommunityProcedure,
});
