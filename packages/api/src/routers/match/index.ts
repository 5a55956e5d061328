import { router } from '../../trpc';
import { matchLookupProcedure } from './lookup';

export const matchRouter = router({
  lookup: matchLookupProcedure,
});
