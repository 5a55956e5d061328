import { z } from 'zod';
import { zText } from './text';
import { profileSchema } from './profile';

/** The reference a visitor types (6 characters in the product; anything else simply matches nobody). */
export const ZMatchLookupRequest = z.object({
  contact_reference: zText({ error: 'contact_reference is required' })
    .trim()
    .min(1, 'contact_reference is required')
    .max(64, 'contact_reference is too long'),
});
export type TMatchLookupRequest = z.infer<typeof ZMatchLookupRequest>;

/**
 * The public private-match profile: the one profile shape (./profile.ts) as an anonymous visitor sees it, so no
 * email, phone or special-category answer, plus the reference that was looked up.
 */
export const ZMatchProfile = profileSchema({ contact_reference: z.string() });
export type TMatchProfile = z.infer<typeof ZMatchProfile>;
