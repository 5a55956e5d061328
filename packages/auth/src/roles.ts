import type { Role } from '@rhema/schemas';

export const STAFF_ROLES: readonly Role[] = ['consultant', 'admin'];

export function isStaff(role: string): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export function hasRole(role: string, allowed: readonly Role[]): boolean {
  return (allowed as readonly string[]).includes(role);
}
