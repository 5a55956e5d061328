// The user roles, apart from ./constants.ts so the web app's entry chunk takes only these.
export const ROLES = ['member', 'consultant', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** The roles of the Management Console (admin21): the one list every staff check reads. */
export const STAFF_ROLES = ['consultant', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}
