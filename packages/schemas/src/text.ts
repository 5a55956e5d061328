import { z } from 'zod';

// Text a person types: one rule for every free-text input of the service (docs/security.md, F1).
// PostgreSQL cannot store U+0000 in text or jsonb (a NUL reached the database and answered 500), and the
// other C0 controls but tab, line feed and carriage return, and DEL, are never typed by a person: all are
// refused with a 400 that names the field (packages/api/src/errors.ts names the path of the first zod issue).

/** Storable text as a whole-string pattern (zod's regex check; the OpenAPI document shows it as `pattern`). */
// eslint-disable-next-line no-control-regex -- control characters are what this rule is about
const STORABLE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

export const CONTROL_CHARACTERS_MESSAGE = 'This text contains control characters that cannot be stored';

/** `z.string(params)` that refuses control characters; chain `.trim()`, `.min()`, `.max()` as on any string. */
export function zText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).regex(STORABLE_TEXT, CONTROL_CHARACTERS_MESSAGE);
}
