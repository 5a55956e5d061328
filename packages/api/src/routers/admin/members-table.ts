import { listConsoleMembers } from '@rhema/core';
import { ZConsoleMembersPage, ZConsoleMembersRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { staffProcedure } from '../../trpc';

/** The console's members table: every member, filtered, by joined date or name, paged by keyset. */
export const adminMembersTableProcedure = staffProcedure
  .input(ZConsoleMembersRequest)
  .output(ZConsoleMembersPage)
  .query(({ ctx, input }) => listConsoleMembers({ ...useCaseDeps(ctx), input }));
