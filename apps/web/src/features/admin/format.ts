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

/** The consultant's switch in the console's words: the ACTIVE badge, or SWITCHED OFF. */
export const switchLabel = (active: boolean) => (active ? 'ACTIVE' : 'SWITCHED OFF');

/**
 * An introduction's state in one line, the same on every console page: its stage and its switch, so a switched-off
 * introduction never reads 'Active' (docs/decisions/160-console-pairing.md).
 */
export function introductionState(introduction: { status: TIntroductionStatus; is_active: boolean }): string {
  return `${STAGE_LABEL[introduction.status]} · ${switchLabel(introduction.is_active)}`;
}
