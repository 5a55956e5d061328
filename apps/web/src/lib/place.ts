import type { TMemberProfile } from '@rhema/schemas';

/** Where a member lives as every page writes it: "Accra, Ghana", or the country alone when they gave no town. */
export const placeOf = (member: Pick<TMemberProfile, 'city' | 'country'>) =>
  member.city ? `${member.city}, ${member.country}` : member.country;
