import { searchConsole } from '@rhema/core';
import { CONSOLE_SEARCH_LIMIT, ZConsoleSearchAnswer, ZConsoleSearchRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** The console's one search box: a member by name, email, phone, contact or payment reference. */
export const adminConsoleSearchProcedure = staffProcedure
  .input(ZConsoleSearchRequest)
  .output(ZConsoleSearchAnswer)
  .query(({ ctx, input }) => searchConsole({ ...useCaseDeps(ctx), input, limit: CONSOLE_SEARCH_LIMIT }));
