import { z } from 'zod';
import { MIN_AGE_ABOVE_MAX_MESSAGE, ZAdminPaginator, filterShape } from './console-query';
import { blankToUndefined } from './query-text';
import { ageRangeInOrder } from './age';
import { CONSOLE_MEMBER_SORTS, CONSOLE_SEARCH_KEYS, SORT_DIRECTIONS, USER_STATUSES } from './constants';
import { ZCursorId, ZCursorInstant } from './cursor';
import { ZProfileVisibility } from './profile';
import { zText } from './text';

// The console's members table (/admin21/users) and its one search box: what the procedures parse and what the
// console's address keeps (the route's validateSearch reads the same schema).

/** Each field of the members table's address read on its own (a bad one is a message, never a crash). */
export const ZConsoleMembersFields = z.object({
  sort: z.preprocess(
    blankToUndefined,
    z.enum(CONSOLE_MEMBER_SORTS, { error: "sort must be 'joined' or 'name'" }).optional(),
  ),
  dir: z.preprocess(
    blankToUndefined,
    z.enum(SORT_DIRECTIONS, { error: "dir must be 'asc' or 'desc'" }).optional(),
  ),
  status: z.preprocess(
    blankToUndefined,
    z.enum(USER_STATUSES, { error: "status must be 'active', 'suspended' or 'terminated'" }).optional(),
  ),
  gender: filterShape.gender,
  country_code: filterShape.country_code,
  min_age: filterShape.min_age,
  max_age: filterShape.max_age,
  page: filterShape.page,
  after: filterShape.after,
  before: filterShape.before,
});
/** The members table's request: the fields and the rule between them (min_age <= max_age). */
export const ZConsoleMembersRequest = ZConsoleMembersFields.refine(ageRangeInOrder, {
  message: MIN_AGE_ABOVE_MAX_MESSAGE,
  path: ['min_age'],
});
export type TConsoleMembersRequest = z.input<typeof ZConsoleMembersRequest>;
export type TConsoleMembers = z.output<typeof ZConsoleMembersRequest>;

/** Where a page of the members table starts or ends, joined order: its edge row's instant (to the microsecond). */
export const ZConsoleJoinedKey = z.object({ joined: ZCursorInstant, id: ZCursorId });
/** The same by name: its edge row's lower-cased full name. */
export const ZConsoleNameKey = z.object({ name: zText().max(200), id: ZCursorId });
export const ZConsoleMemberKey = z.union([ZConsoleJoinedKey, ZConsoleNameKey]);
export type TConsoleMemberKey = z.infer<typeof ZConsoleMemberKey>;

/** One row of the members table: who they are, how to reach them, and how many introductions they own. */
export const ZConsoleMemberRow = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  contact_reference: z.string(),
  gender: z.string(),
  age: z.number().int(),
  country_code: z.string(),
  status: z.string(),
  /** consultants see hidden and paused members, marked (docs/decisions/172-profile-visibility.md) */
  profile_visibility: ZProfileVisibility,
  /** the verified badge (users.identity_verified_at, docs/decisions/171-identity-verification-provider.md) */
  identity_verified: z.boolean(),
  joined_at: z.string(),
  introductions: z.number().int(),
});
export type TConsoleMemberRow = z.infer<typeof ZConsoleMemberRow>;
export const ZConsoleMembersPage = z.object({ data: z.array(ZConsoleMemberRow), paginator: ZAdminPaginator });
export type TConsoleMembersPage = z.infer<typeof ZConsoleMembersPage>;

export const ZConsoleSearchResult = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  contact_reference: z.string(),
  status: z.string(),
  profile_visibility: ZProfileVisibility,
  matched: z.enum(CONSOLE_SEARCH_KEYS),
});
export type TConsoleSearchResult = z.infer<typeof ZConsoleSearchResult>;
export const ZConsoleSearchAnswer = z.object({ data: z.array(ZConsoleSearchResult) });
