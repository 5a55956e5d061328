import { z } from 'zod';
import { COUNTRY_CODES } from './constants';

// A module of its own: the profile form and the console's filters read a country without building the sign-up's
// schemas (docs/decisions/205-fewer-schemas-on-first-screen.md).

/** The product's country list; Sweden may come as SE or SW and is stored as SW. */
export const ZCountryCode = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase().replace(/^SE$/, 'SW') : value),
  z.enum(COUNTRY_CODES, { error: 'Please choose your country from the list' }),
);
