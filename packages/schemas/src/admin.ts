import { z } from 'zod';
import { ZCountryCode } from './auth';
import { paginatorSchema } from './envelope';
import { GENDERS, MAX_AGE, MIN_AGE, USER_STATUSES } from './constants';

// The consultants' console (issue 10): inputs of the admin procedures, shared by the procedures, the console's
// forms and the REST rows. REST query strings arrive as strings, so numbers and flags are read from text too.

/** The spec's message, misspellings included (section 5, "wording as in the product"). */
export const MIN_AGE_ABOVE_MAX_MESSAGE = 'Minimun age cannot be greater that maximun age';

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

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

const ZQueryFlag = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    if (v === undefined) return false;
    if (v === 'true' || v === '1' || v === 'on') return true;
    if (v === 'false' || v === '0' || v === 'off') return false;
    return v;
  },
  z.boolean({ error: 'must be true or false' }),
);

const ZQueryText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
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
  z
    .string({ error: 'phone must be text' })
    .regex(/^\+?\d{4,15}$/, 'Please enter the phone number in international format, e.g. +447700900123')
    .optional(),
);

export const ZPageCursor = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(400, 'cursor is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid')
    .optional(),
);

/**
 * The filters of the introduction search and the introduction lists (spec sections 2 and 7): gender, min_age,
 * max_age, first_name (or the REST clients' `name`), my_country_only with country_code, phone (which overrides the
 * others), status, page; `after` / `before` are the keyset positions the paginator hands out; `reload` is the
 * spec's fresh-search marker and changes nothing.
 */
const filterShape = {
  gender: z.preprocess(
    blankToUndefined,
    z.enum(GENDERS, { error: "gender must be 'male' or 'female'" }).optional(),
  ),
  min_age: ZQueryInt('min_age', MIN_AGE, MAX_AGE),
  max_age: ZQueryInt('max_age', MIN_AGE, MAX_AGE),
  first_name: ZQueryText('first_name', 60),
  name: ZQueryText('name', 60),
  my_country_only: ZQueryFlag,
  country_code: z.preprocess(blankToUndefined, ZCountryCode.optional()),
  phone: ZSearchPhone,
  page: z.preprocess(
    (value) => blankToUndefined(value) ?? 1,
    z.coerce
      .number({ error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(1_000_000, 'page is too large'),
  ),
  after: ZPageCursor,
  before: ZPageCursor,
  reload: z.preprocess(blankToUndefined, z.string().max(20).optional()),
};

function minNotAboveMax(value: { min_age?: number | undefined; max_age?: number | undefined }) {
  return value.min_age === undefined || value.max_age === undefined || value.min_age <= value.max_age;
}

/** GET user-introductions/pre/matched: members to introduce; status is the account's (default active). */
export const ZAdminSearchRequest = z
  .object({
    ...filterShape,
    status: z.preprocess(
      (value) => blankToUndefined(value) ?? 'active',
      z.enum(USER_STATUSES, { error: "status must be 'active', 'suspended' or 'terminated'" }),
    ),
  })
  .refine(minNotAboveMax, { message: MIN_AGE_ABOVE_MAX_MESSAGE });
export type TAdminSearchRequest = z.input<typeof ZAdminSearchRequest>;

/** The console's paginator: the spec's fields, the count (exact or 'about') and the keyset positions. */
export const ZAdminPaginator = paginatorSchema.extend({
  total: z.number().int(),
  totalIsEstimate: z.boolean(),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
});
export type TAdminPaginator = z.infer<typeof ZAdminPaginator>;
