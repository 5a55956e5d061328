// The product's business constants. One place, shared by web, api and the REST adapter, and without zod: a page
// that only shows a label or a limit does not build the schemas (tens of ms of a phone's main thread). The roles
// (./roles.ts) and the site's links (./site.ts) are modules of their own: the web app's entry chunk, which every page
// loads, uses a few of them, and a bundler puts a whole module where it is first needed (this one's country list
// and console defaults were in every page's initial JavaScript).
import { REFERENCE_LENGTH } from './reference';

/** The product's country list, in its order. Sweden is `SW` here (ISO says SE); both are accepted. */
export const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'CA', name: 'Canada' },
  { code: 'IE', name: 'Ireland' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'SW', name: 'Sweden' },
  { code: 'AE', name: 'UAE' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'ZA', name: 'South Africa' },
  { code: 'GH', name: 'Ghana' },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]['code'];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];
export const COUNTRY_NAME: Record<string, string> = Object.fromEntries(
  COUNTRIES.map((c) => [c.code, c.name]),
);

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const USER_STATUSES = ['active', 'suspended', 'terminated'] as const;

export const MIN_AGE = 18;
export const MAX_AGE = 120;
export const APP_VERSION_HEADER = '512';

export const AGE_SLIDER = { min: 20, max: 75, step: 1 } as const;
/** The members filters' age placeholders: the slider's ends (/members, MemberFilters). */
export const MEMBERS_AGE_DEFAULTS = { min: AGE_SLIDER.min, max: AGE_SLIDER.max } as const;
export const ADMIN_FILTER_DEFAULTS = {
  minAge: 22,
  maxAge: 40,
  countryCode: 'GB',
  countryOnly: false,
} as const;
export const INTRODUCTION_DEFAULTS = { minAge: 30, maxAge: 50, distantRelationship: false } as const;
export const INTRODUCTION_STATUSES = ['open', 'requested', 'accepted', 'rejected'] as const;
/**
 * How every page and the API's `status_label` name an introduction's status: 'open' is shown as 'Active', the
 * others as they are (capitalised, as mobile clients have always received them).
 */
export const INTRODUCTION_STATUS_LABEL: Record<(typeof INTRODUCTION_STATUSES)[number], string> = {
  open: 'Active',
  requested: 'Requested',
  accepted: 'Accepted',
  rejected: 'Rejected',
};
/** The identity badge's word, beside names on cards, profiles and the console (decision 171). */
export const VERIFIED_BADGE_LABEL = 'Verified';
export const REQUEST_MESSAGE_MAX = 250;
/** suggestion codes are contact references of suggested members (./reference.ts) */
export const SUGGESTION_CODE_LENGTH = REFERENCE_LENGTH;

export const PATCH_RETRIES = 3;
export const ERROR_SNACKBAR_MS = 10_000;
export const RESET_CONFIRMATION_MS = 15_000;

export const FAQ_TYPES = ['faqs', 'points'] as const;
export type FaqType = (typeof FAQ_TYPES)[number];

/**
 * Who finds a member (the FAQ's "hide your profile"; docs/decisions/172-profile-visibility.md): visible to all
 * members; hidden from the members list and the private-match lookup (friends keep the profile); paused: gone
 * for every other member until resumed. Consultants see every member, marked with this.
 */
export const PROFILE_VISIBILITIES = ['visible', 'hidden', 'paused'] as const;
export const PROFILE_VISIBILITY_TEXT: Record<
  (typeof PROFILE_VISIBILITIES)[number],
  { label: string; description: string }
> = {
  visible: {
    label: 'Visible',
    description: 'Members find you in the members list and through your private-match link.',
  },
  hidden: {
    label: 'Hidden',
    description:
      'You are not in the members list or the private-match lookup. Your friends still see your profile.',
  },
  paused: {
    label: 'Paused',
    description:
      'A break: no member sees your profile until you make it visible again. Your consultant still can.',
  },
};

// ---- communities ----
export const COMMUNITY_KINDS = ['interest', 'faith', 'professional'] as const;
export const COMMUNITY_KIND_LABEL: Record<(typeof COMMUNITY_KINDS)[number], string> = {
  interest: 'Interest',
  faith: 'Faith',
  professional: 'Professional',
};
export type TCommunityKind = (typeof COMMUNITY_KINDS)[number];
/**
 * Belonging to a faith community says what the member believes: special-category data like the faith answer
 * itself. Joining one needs the special-category consent, and the membership is shown only where the member's
 * special-category answers would be (packages/core/src/profiles/visibility.ts).
 */
export const SPECIAL_CATEGORY_COMMUNITY_KINDS: readonly TCommunityKind[] = ['faith'];
export const isSpecialCategoryCommunity = (kind: string) =>
  (SPECIAL_CATEGORY_COMMUNITY_KINDS as readonly string[]).includes(kind);

/**
 * The separate, withdrawable consent under which special-category answers (faith, ethnicity, tribe: the questions
 * marked is_special_category) are kept (docs/security.md target 13,
 * docs/decisions/083-special-category-consent.md). The text is what the member is shown and agrees to; a
 * change of its wording is a new `textVersion`, and each consent row records the version that was shown.
 */
export const SPECIAL_CATEGORY_CONSENT = {
  purpose: 'special_category',
  textVersion: '2026-11',
  text:
    'I agree that Rhema keeps my answers about my faith, my ethnicity and my tribe, and shows them on my profile ' +
    'to signed-in members and to Rhema’s matchmaking consultants. These are special-category personal data. ' +
    'Giving this consent is up to me: without it these questions stay empty. I can withdraw it at any time on my ' +
    'profile page, and withdrawing deletes these answers at once.',
} as const;

// ---- reports (a member reports another; the console acts on them) ----
export const REPORT_REASONS = [
  { value: 'fake_profile', label: 'Fake profile or impersonation' },
  { value: 'harassment', label: 'Harassment or abuse' },
  { value: 'inappropriate_content', label: 'Inappropriate photos or content' },
  { value: 'scam', label: 'Scam, money or spam' },
  { value: 'underage', label: 'May be under 18' },
  { value: 'other', label: 'Something else' },
] as const;
export const REPORT_REASON_VALUES = REPORT_REASONS.map((r) => r.value) as [
  (typeof REPORT_REASONS)[number]['value'],
  ...(typeof REPORT_REASONS)[number]['value'][],
];
export const REPORT_DETAILS_MAX = 1000;
export const REPORT_STATUSES = ['open', 'dismissed', 'suspended'] as const;
/** where a report was made: a profile, a thread, or the question after a video call */
export const REPORT_SOURCES = ['profile', 'thread', 'call'] as const;

// ---- the console's search box ----
/** What a search result matched on, shown beside it. */
export const CONSOLE_SEARCH_KEYS = ['name', 'email', 'phone', 'reference', 'payment'] as const;
export const CONSOLE_SEARCH_KEY_LABEL: Record<(typeof CONSOLE_SEARCH_KEYS)[number], string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  reference: 'Contact reference',
  payment: 'Payment reference',
};

/** The console members table's orders: joined (newest first) or name (A to Z); `dir` turns either round. */
export const CONSOLE_MEMBER_SORTS = ['joined', 'name'] as const;
export type TConsoleMemberSort = (typeof CONSOLE_MEMBER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
/** The direction each order reads in when the address names none. */
export const DEFAULT_SORT_DIRECTION: Record<TConsoleMemberSort, (typeof SORT_DIRECTIONS)[number]> = {
  joined: 'desc',
  name: 'asc',
};
