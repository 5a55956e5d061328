// The one definition of the 6-character codes people read out and type by hand: a member's contact reference
// (the private-match page) and the suggestion codes consultants attach to an introduction (a code
// input of length 6). Generators (packages/auth randomReference, packages/seed contactReferenceFor) and
// readers (the match lookup) all use these.

/** Uppercase letters and digits without the look-alikes 0/O, 1/I/L: 31 symbols, read out easily on the phone. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_LENGTH = 6;
export const REFERENCE_PATTERN = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

/**
 * What a person typed, as a stored reference: trimmed and upper-cased; undefined when it cannot be one (wrong
 * length or a symbol outside the alphabet), so callers answer it exactly like an unknown reference.
 */
export function normalizeReference(typed: string): string | undefined {
  const reference = typed.trim().toUpperCase();
  return REFERENCE_PATTERN.test(reference) ? reference : undefined;
}
