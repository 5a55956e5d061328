import { auditQueries } from '@rhema/db';
import { AUDIT_LOG_PAGE_SIZE, paginatorFor, type Role, type TAuditEntry } from '@rhema/schemas';
import type { UseCaseDeps } from '../deps';
import { iso } from '../iso';

/**
 * One page of the audit log, newest first: an admin's read only (docs/security.md, "What only an admin may do"),
 * since its details hold what staff changed about members (notes before and after, suspension reasons).
 */
export async function listAuditLog(
  deps: Pick<UseCaseDeps, 'db'> & { input: { page: number; action?: string | undefined } },
) {
  const { page, action } = deps.input;
  const { rows, total } = await auditQueries.listAuditPage(deps.db, {
    action,
    limit: AUDIT_LOG_PAGE_SIZE,
    offset: (page - 1) * AUDIT_LOG_PAGE_SIZE,
  });
  const data: TAuditEntry[] = rows.map((row) => ({
    _id: String(row.id),
    actor:
      row.actor_id && row.actor_first_name !== null && row.actor_role !== null
        ? { _id: row.actor_id, first_name: row.actor_first_name, role: row.actor_role as Role }
        : null,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    details:
      row.details && typeof row.details === 'object' && !Array.isArray(row.details)
        ? (row.details as Record<string, unknown>)
        : {},
    created_at: iso(row.created_at),
  }));
  return { data, paginator: paginatorFor({ page, pageSize: AUDIT_LOG_PAGE_SIZE, total }) };
}
