import { z } from 'zod';
import { zText } from './text';
import { COUNTRY_CODES } from './constants';

export const TRAINING_TOPICS = [
  { value: 'communication', label: 'Communication and conflict' },
  { value: 'readiness', label: 'Preparing for marriage' },
  { value: 'finances', label: 'Money and shared goals' },
  { value: 'faith-family', label: 'Faith, family and culture' },
  { value: 'dating-confidence', label: 'Dating with confidence' },
] as const;
export const TRAINING_TOPIC_VALUES = TRAINING_TOPICS.map((topic) => topic.value) as [
  (typeof TRAINING_TOPICS)[number]['value'],
  ...(typeof TRAINING_TOPICS)[number]['value'][],
];

/** Bump when the consent sentence on the form changes; each signup records the version it agreed to. */
export const TRAINING_CONSENT_VERSION = '2026-11-21';
export const TRAINING_CONSENT_TEXT =
  'I agree that Rhema Singles Ltd may email me about the training centre opening and its courses. I can unsubscribe at any time.';

export const ZTrainingSignupRequest = z.object({
  first_name: zText({ error: 'Please tell us your first name' })
    .trim()
    .min(1, 'Please tell us your first name')
    .max(60, 'First name must be at most 60 characters'),
  email: zText({ error: 'Please enter your email address' })
    .trim()
    .toLowerCase()
    .max(254, 'Email address is too long')
    .pipe(z.email('Please enter a valid email address')),
  country_code: z.enum(COUNTRY_CODES, { error: 'Please choose a country from the list' }).optional(),
  topics: z
    .array(z.enum(TRAINING_TOPIC_VALUES, { error: 'Unknown topic' }))
    .max(TRAINING_TOPICS.length)
    .default([]),
  consent: z.literal(true, { error: 'Please agree to be emailed about the training centre' }),
});
export type TTrainingSignupRequest = z.input<typeof ZTrainingSignupRequest>;

/** The same friendly answer whether or not the email was already on the list (nothing to learn from it). */
export const ZTrainingSignupResponse = z.object({ message: z.string() });
export const TRAINING_SIGNUP_MESSAGE =
  "Thank you! You're on the early list: we'll email you as soon as bookings for the July opening start.";

/** The public pages' answer past their per-IP limits (the training signup and its form without the app show it too). */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests; please wait a minute and try again.';

/** Where the signup form, posted without the app (apps/server/src/routes/training-form.ts), is sent. */
export const TRAINING_FORM_PATH = '/training';

/** The form's fields, as named in its posted body and in ZTrainingSignupRequest. */
export const TRAINING_FORM_FIELDS = ['first_name', 'email', 'country_code', 'topics', 'consent'] as const;

/**
 * What the server's answer to the posted form brings back to /training in its query string: how it went, the
 * fields the schema refused, and the values worth showing again. Not the email: an address in a URL stays in the
 * history and in logs, so it is typed again. Read by the page's validateSearch, which drops anything else.
 */
export const ZTrainingSignupOutcome = z.object({
  signup: z.enum(['done', 'invalid', 'limited', 'failed']).optional().catch(undefined),
  invalid: z.array(z.enum(TRAINING_FORM_FIELDS)).max(TRAINING_FORM_FIELDS.length).optional().catch(undefined),
  first_name: z.string().max(200).optional().catch(undefined),
  country_code: z.string().max(8).optional().catch(undefined),
  topics: z.array(z.string().max(40)).max(TRAINING_TOPICS.length).optional().catch(undefined),
});
export type TTrainingSignupOutcome = z.infer<typeof ZTrainingSignupOutcome>;

/**
 * The page address of an outcome, each value JSON-encoded as the app's router writes and reads search parameters
 * (so the page reads it the same whether the server or the router made it).
 */
export function trainingSignupOutcomePath(outcome: TTrainingSignupOutcome): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(outcome))
    if (value !== undefined) query.set(key, JSON.stringify(value));
  return `${TRAINING_FORM_PATH}?${query.toString()}`;
}
