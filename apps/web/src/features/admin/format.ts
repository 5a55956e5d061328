import { COUNTRY_NAME, type TIntroductionStatus } from '@rhema/schemas';

export function countryName(countryCode: string): string {
  return COUNTRY_NAME[countryCode.trim()] ?? countryCode;
}

/** The product's 'Not provided' for an empty preference. */
export function orNotProvided(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? 'Not provided' : String(value);
}

/**
 * An introduction's stage in the console's words: the members' pages call an open introduction 'Active', which in
 * the console would read as the switch (ACTIVE), shown beside it.
 */
export const STAGE_LABEL: Record<TIntroductionStatus, string> = {
  open: 'Open',
  requested: 'Requested',
  accepted: 'Accepted',
  rejected: 'Rejected',
};
