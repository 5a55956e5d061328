import { z } from 'zod';
import { zText } from './text';

// The console's one search box, on top of every console page: what it parses as the consultant types. A module
// of its own, loaded when the box is first used (docs/decisions/205-fewer-schemas-on-first-screen.md); the
// answer's shape is in console.ts, the matched fields' labels in constants.ts.

/** The console's one search box: a name, an email, a phone number, a contact or a payment reference. */
export const ZConsoleSearchRequest = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    zText({ error: 'Please type a name, email, phone or reference' })
      .min(2, 'Please type at least 2 characters')
      .max(100, 'Please type at most 100 characters'),
  ),
});
export type TConsoleSearchRequest = z.input<typeof ZConsoleSearchRequest>;

/** At most this many results: the box opens a member, it is not a list to page through. */
export const CONSOLE_SEARCH_LIMIT = 10;
