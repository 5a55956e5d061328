import { z } from 'zod';

// Values read from an address: REST query strings and the web's search params arrive as text (or, through the web
// router's own parsing, as JSON values), so the schemas that read them share these.

export const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A yes/no switch in an address: true, 1 or on; false, 0 or off; absent or blank is off. */
export const ZQueryFlag = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    if (v === undefined) return false;
    if (v === 'true' || v === '1' || v === 'on') return true;
    if (v === 'false' || v === '0' || v === 'off') return false;
    return v;
  },
  z.boolean({ error: 'must be true or false' }),
);
