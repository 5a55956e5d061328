import { z } from 'zod';
import { ageRangeInOrder } from './age';
import { MAX_AGE, MIN_AGE, GENDERS, USER_STATUSES } from './constants';
import { ZCountryCode } from './country';
import { ZPaginator } from './envelope';
import { blankToUndefined, ZQueryFlag } from './query-text';
import { zText } from './text';

// The console's list addresses (filters, page, keyset cursors) and the paginator its lists answer with: a console
// page parses its address with these as it loads, without building every schema of admin.ts
// (docs/decisions/205-fewer-schemas-on-first-screen.md).

/** The product's message word for word, misspellings included: clients match on it. */
export const MIN_AGE_ABOVE_MAX_MESSAGE = 'Minimun age cannot be greater that maximun age';

const ZQueryInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v;
    },
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`)
      .optional(),
  );

const ZQueryText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    zText({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} can have at most ${max} characters`)
      .optional(),
  );

/** A phone number as typed in the search: spaces, dashes, dots and brackets are dropped. */
export const ZSearchPhone = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    return typeof v === 'string' ? v.replace(/[\s\-().]/g, '') : v;
  },
  zText({ error: 'phone must be text' })
    .regex(/^\+?\d{4,15}$/, 'Please enter the phone number in international format, e.g. +447700900123')
    .optional(),
);

export const ZPageCursor = z.preprocess(
  blankToUndefined,
  zText()
    .max(400, 'cursor is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid')
    .optional(),
);

/**
 * The filters of the introduction search and the introduction lists: gender, min_age,
 * max_age, first_name (or the REST clients' `name`), my_country_only with country_code, phone (which overrides the
 * others), status, page; `after` / `before` are the keyset positions the paginator hands out; `reload` is the
 * clients' fresh-search marker and changes nothing.
 */
export const filterShape = {
  gender: z.preprocess(
    blankToUndefined,
    z.enum(GENDERS, { error: "gender must be 'male' or 'female'" }).optional(),
  ),
  min_age: ZQueryInt('min_age', MIN_AGE, MAX_AGE),
  max_age: ZQueryInt('max_age', MIN_AGE, MAX_AGE),
  first_name: ZQueryText('first_name', 60),
  name: ZQueryText('name', 60),
  my_country_only: ZQueryFlag.optional(),
  country_code: z.preprocess(blankToUndefined, ZCountryCode.optional()),
  phone: ZSearchPhone,
  page: z
    .preprocess(
      (value) => blankToUndefined(value) ?? 1,
      z.coerce
        .number({ error: 'page must be a whole number' })
        .int('page must be a whole number')
        .min(1, 'page must be at least 1')
        .max(1_000_000, 'page is too large'),
    )
    .optional(),
  after: ZPageCursor,
  before: ZPageCursor,
  reload: z.preprocess(blankToUndefined, zText().max(20).optional()),
};

/** A console list's position in its query string: the page and the paginator's keyset cursors. */
export const ZAdminPageQuery = z.object({ page: filterShape.page, after: ZPageCursor, before: ZPageCursor });

/** GET user-introductions/pre/matched: members to introduce; status is the account's (default active). */
/** The search's fields each read on its own (the form starts from them); the request adds the rule between them. */
export const ZAdminSearchFields = z.object({
  ...filterShape,
  status: z
    .preprocess(
      (value) => blankToUndefined(value) ?? 'active',
      z.enum(USER_STATUSES, { error: "status must be 'active', 'suspended' or 'terminated'" }),
    )
    .optional(),
});
export const ZAdminSearchRequest = ZAdminSearchFields.refine(ageRangeInOrder, {
  message: MIN_AGE_ABOVE_MAX_MESSAGE,
});
export type TAdminSearchRequest = z.input<typeof ZAdminSearchRequest>;
/** The search as the use cases get it: parsed and checked. */
export type TAdminSearch = z.output<typeof ZAdminSearchRequest>;

/** The console's paginator: the product's fields, the count (exact or 'about') and the keyset positions. */
export const ZAdminPaginator = ZPaginator.extend({
  total: z.number().int(),
  totalIsEstimate: z.boolean(),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
});
export type TAdminPaginator = z.infer<typeof ZAdminPaginator>;
