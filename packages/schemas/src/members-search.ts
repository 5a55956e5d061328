import { z } from 'zod';
import { ageRangeInOrder } from './age';
import { COUNTRY_CODES, GENDERS, MAX_AGE, MIN_AGE } from './constants';
import { ZQueryFlag } from './query-text';
import { zText } from './text';

// The members list's search (/members' address, its filters, the saved preferences): a module of its own, apart
// from the rest of self-matching (./social.ts), because the web app imports it on its own (/members' address and
// forms, after the page has loaded) and zod builds every schema of a module it loads, on the page's main thread.

export const MEMBERS_PAGE_SIZE = 12;

/** A community's address name, as in /communities/{slug}. */
export const ZCommunitySlug = zText()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'Unknown community');
/** A page of a list, from 1. */
export const ZListPage = z.coerce.number().int().min(1).max(100_000).default(1);

const ZAge = z.coerce
  .number({ error: 'Please enter an age' })
  .int()
  .min(MIN_AGE, `Ages start at ${MIN_AGE}`)
  .max(MAX_AGE, `Ages end at ${MAX_AGE}`);

/** A name search: part of a first name, matched case-insensitively anywhere in it. */
export const MEMBER_NAME_SEARCH_MAX = 50;
const ZNameSearch = zText()
  .trim()
  .max(MEMBER_NAME_SEARCH_MAX, `Please keep the name to ${MEMBER_NAME_SEARCH_MAX} characters`);
/** The members list's name search box. */
export const ZMemberNameSearch = z.object({ name: ZNameSearch });

/**
 * The filters a member chooses on /members, and saves as their search preferences (remembered between visits).
 * Every filter is optional: none means everybody.
 */
export const memberFilterShape = {
  community: ZCommunitySlug.optional(),
  country_code: z.enum(COUNTRY_CODES).optional(),
  gender: z.enum(GENDERS).optional(),
  min_age: ZAge.optional(),
  max_age: ZAge.optional(),
  /** only members with the verified badge (users.identity_verified_at, docs/decisions/171-identity-verification-provider.md) */
  verified_only: ZQueryFlag.optional(),
};
const ageRangeRule = {
  message: 'The minimum age cannot be above the maximum age',
  path: ['min_age'],
};

export const ZMemberSearchPreferences = z.object(memberFilterShape).refine(ageRangeInOrder, ageRangeRule);
export type TMemberSearchPreferences = z.infer<typeof ZMemberSearchPreferences>;
/** The saved preferences as read back: the filters, and when they were saved (null: never). */
export const ZSavedMemberSearchPreferences = z.object({
  ...memberFilterShape,
  updated_at: z.string().nullable(),
});
export type TSavedMemberSearchPreferences = z.infer<typeof ZSavedMemberSearchPreferences>;

/**
 * /members' address (`?country_code=GH&verified_only=true&name=ada&page=2`): the filters, a name search and the page, read from text.
 * The web route and the list procedure parse with it; a value that does not parse is dropped by the route.
 */
export const ZMembersListRequest = z
  .object({
    ...memberFilterShape,
    name: ZNameSearch.optional(),
    page: ZListPage,
  })
  .refine(ageRangeInOrder, ageRangeRule);
export type TMembersListRequest = z.input<typeof ZMembersListRequest>;
