import { z } from 'zod';
import { ZPaginated } from './envelope';
import { ROLES } from './roles';

// The audit log as admins read it (docs/security.md, "What only an admin may do"): every audited action, newest
// first, optionally one action's entries only.

export const AUDIT_LOG_PAGE_SIZE = 50;

export const ZAuditLogRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** one action's entries only ("member.suspended", "verification.start") */
  action: z
    .string()
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, 'must be an action name such as member.suspended')
    .max(64)
    .optional(),
});

export const ZAuditEntry = z.object({
  _id: z.string(),
  /** who did it: null for the system (a provider's webhook, a job) or an erased member's tombstone */
  actor: z.object({ _id: z.string(), first_name: z.string(), role: z.enum(ROLES) }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditLogPage = ZPaginated(ZAuditEntry);
