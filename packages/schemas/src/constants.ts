// The product's business constants. One place, shared by web, api and the REST adapter. The roles
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
export const ADMIN_FILTER_DEFAULTS = {
  minAge: 22,
  maxAge: 40,
  countryCode: 'GB',
  countryOnly: false,
} as const;
export const INTRODUCTION_DEFAULTS = { minAge: 30, maxAge: 50, distantRelationship: false } as const;
export const INTRODUCTION_STATUSES = ['open', 'requested', 'accepted', 'rejected'] as const;
export const REQUEST_MESSAGE_MAX = 250;
/** suggestion codes are contact references of suggested members (./reference.ts) */
export const SUGGESTION_CODE_LENGTH = REFERENCE_LENGTH;

export const PATCH_RETRIES = 3;
export const ERROR_SNACKBAR_MS = 10_000;
export const RESET_CONFIRMATION_MS = 15_000;

export const FAQ_TYPES = ['faqs', 'points'] as const;
export type FaqType = (typeof FAQ_TYPES)[number];
