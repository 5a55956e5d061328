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
