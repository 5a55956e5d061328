import { z } from 'zod';

// The parts of a keyset cursor (a page link's position), checked as PostgreSQL will read them: a cursor is text
// from the URL, and an impossible date ("2024-13-45", "1", year 0) or a malformed id must be a 400 here, not an
// error of the query.

/** Year 0 passes ISO 8601 but not PostgreSQL's date. */
const fromYearOne = (value: string) => !value.startsWith('0000');

/** A calendar date that exists: YYYY-MM-DD. */
export const ZCursorDate = z.iso.date().refine(fromYearOne);
/** A UTC instant as the keyset writes it, to the microsecond at most: YYYY-MM-DDTHH:MM:SS[.ffffff]Z. */
export const ZCursorInstant = z.iso
  .datetime()
  .refine((value) => fromYearOne(value) && /(:\d{2}|\.\d{1,6})Z$/.test(value));
/** A row id: any 8-4-4-4-12 hexadecimal uuid, as PostgreSQL's uuid type takes it. */
export const ZCursorId = z.guid();
