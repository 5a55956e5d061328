import { z } from 'zod';
import { zText } from './text';

// The console's one search box, on top of every console page: what it parses as the consultant types builds two
// schemas, not the console's (docs/decisions/205-fewer-schemas-on-first-screen.md). The answer's shape is in
// console.ts.

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

/** What a search result matched on, shown beside it. */
export const CONSOLE_SEARCH_KEYS = ['name', 'email', 'phone', 'reference', 'payment'] as const;
export const CONSOLE_SEARCH_KEY_LABEL: Record<(typeof CONSOLE_SEARCH_KEYS)[number], string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  reference: 'Contact reference',
  payment: 'Payment reference',
};

/** At most this many results: the box opens a member, it is not a list to page through. */
export const CONSOLE_SEARCH_LIMIT = 10;
