import { isStaffRole, type Role } from '@rhema/schemas';

/** Who is looking at a profile. */
export type ProfileViewer =
  { kind: 'anonymous' } | { kind: 'member'; userId: string } | { kind: 'staff'; userId: string };

export const ANONYMOUS: ProfileViewer = { kind: 'anonymous' };

/** The viewer a signed-in user (or nobody) is: staff by role (STAFF_ROLES in packages/schemas). */
export function viewerOf(user: { id: string; role: Role } | null | undefined): ProfileViewer {
  if (!user) return ANONYMOUS;
  return isStaffRole(user.role) ? { kind: 'staff', userId: user.id } : { kind: 'member', userId: user.id };
}

export interface ProfileFieldRules {
  /** account_email and international_phone_number */
  contact: boolean;
  /** answers to special-category questions (faith, ethnicity, the gender sought) */
  specialCategory: boolean;
}

/**
 * The one place that decides which private fields of a profile a viewer gets (docs/security.md, targets 11
 * and 13):
 * - contact details: the member themself, staff, and a member to whom they were released (a contact_disclosures
 *   row, written when an introduction is accepted); nobody else, never an anonymous visitor;
 * - special-category answers: the member themself; other signed-in viewers only while the member's separate
 *   consent stands; never an anonymous visitor.
 */
export function profileFieldRules({
  viewer,
  subjectId,
  disclosedToViewer,
  hasSpecialConsent,
}: {
  viewer: ProfileViewer;
  subjectId: string;
  disclosedToViewer: boolean;
  hasSpecialConsent: boolean;
}): ProfileFieldRules {
  if (viewer.kind === 'anonymous') return { contact: false, specialCategory: false };
  if (viewer.userId === subjectId) return { contact: true, specialCategory: true };
  if (viewer.kind === 'staff') return { contact: true, specialCategory: hasSpecialConsent };
  return { contact: disclosedToViewer, specialCategory: hasSpecialConsent };
}

/**
 * Whether another member gets a member's profile page, by the member's visibility and the relation between them
 * (a friend request either way, or a friendship): visible to all, hidden only to those already related, paused to
 * nobody (docs/decisions/172-profile-visibility.md). Staff read profiles through the console, not through this.
 */
export function profileShownTo(visibility: string, relation: string) {
  if (visibility === 'visible') return true;
  if (visibility === 'hidden') return ['incoming', 'outgoing', 'friends'].includes(relation);
  return false;
}
