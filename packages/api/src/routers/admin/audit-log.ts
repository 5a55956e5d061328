import { listAuditLog } from '@rhema/core';
import { ZAuditLogPage, ZAuditLogRequest } from '@rhema/schemas';
import { useCaseDeps } from '../../deps';
import { adminProcedure } from '../../trpc';

/**
 * The audit log, newest first: admins only (consultants get 403), since it holds what staff changed about members
 * (docs/security.md, "What only an admin may do").
 */
export const adminAuditLogProcedure = adminProcedure
  .input(ZAuditLogRequest)
  .output(ZAuditLogPage)
  .query(({ ctx, input }) => listAuditLog({ ...useCaseDeps(ctx), input }));
