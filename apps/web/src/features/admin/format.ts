import { COUNTRY_NAME } from '@rhema/schemas';

/** A country's flag as emoji (regional indicators); the product's SW is Sweden, ISO SE. */
export function flagOf(countryCode: string): string {
  const code = countryCode.trim().toUpperCase() === 'SW' ? 'SE' : countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export function countryName(countryCode: string): string {
  return COUNTRY_NAME[countryCode.trim()] ?? countryCode;
}

/** The spec's 'Not provided' for an empty preference. */
export function orNotProvided(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? 'Not provided' : String(value);
}
