import { router } from '../../trpc';
import { getMemberProcedure } from './get';
import { listMembersProcedure } from './list';
import { memberPreferencesProcedure } from './preferences';
import { saveMemberPreferencesProcedure } from './save-preferences';

export const membersRouter = router({
  list: listMembersProcedure,
  get: getMemberProcedure,
  preferences: memberPreferencesProcedure,
  savePreferences: saveMemberPreferencesProcedure,
});
