import { type Role, STAFF_ROLES } from '@rhema/schemas';

// one list for server and web (packages/schemas/src/constants.ts)
export { STAFF_ROLES };

export function isStaff(role: string): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export function hasRole(role: string, allowed: readonly Role[]): boolean {
  return (allowed as readonly string[]).includes(role);
}
