import { z } from 'zod';
import { zText } from './text';
import { GENDERS } from './constants';
import { ZCountryCode } from './country';
import { ROLES } from './roles';
import { profileSchema, ZProfileVisibility } from './profile';

// Accounts, sessions and password reset. One schema per input, shared by the procedures, the web forms
// and the REST adapter. Unknown keys are stripped: role, status and the like can never come in (docs/security.md target 7).

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** Digits of the codes mailed for sign-up and password reset. */
export const MAILED_CODE_LENGTH = 6;

export const ZEmail = zText({ error: 'Please enter your email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your email address')
  .max(254, 'This email address is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** docs/security.md target 1: 8 to 256 characters, no composition rules, never trimmed or truncated. */
export const ZNewPassword = zText({ error: 'Please choose a password' })
  .min(PASSWORD_MIN, `Your password needs at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Your password can have at most ${PASSWORD_MAX} characters`);

/** At sign-in only the upper bound matters (a longer input is never hashed). */
export const ZPassword = zText({ error: 'Please enter your password' })
  .min(1, 'Please enter your password')
  .max(PASSWORD_MAX, `Your password can have at most ${PASSWORD_MAX} characters`);

const ZName = (label: string) =>
  zText({ error: `Please enter your ${label}` })
    .trim()
    .min(1, `Please enter your ${label}`)
    .max(60, `Your ${label} can have at most 60 characters`);

/** E.164: '+', country code, subscriber number; spaces, dashes and brackets typed by people are dropped. */
export const ZPhone = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[\s\-().]/g, '') : value),
  zText({ error: 'Please enter your phone number' }).regex(
    /^\+[1-9]\d{7,14}$/,
    'Please enter your phone number in international format, e.g. +447700900123',
  ),
);

export const ZDateOfBirth = zText({ error: 'Please enter your date of birth' })
  .min(1, 'Please enter your date of birth')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter your date of birth as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Please enter a real date of birth');

export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: ZNewPassword,
  first_name: ZName('first name'),
  last_name: ZName('last name'),
  gender: z.enum(GENDERS, { error: 'Please choose male or female' }),
  date_of_birth: ZDateOfBirth,
  country_code: ZCountryCode,
  phone: ZPhone,
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** POST auth/register answers this for every address, new or taken (docs/security.md, F2). */
export const ZRegisterStarted = z.object({ message: z.string() });

export const ZLoginRequest = z.object({ email: ZEmail, password: ZPassword });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** The signed-in user as clients see it: the product's `_id`, `first_name` and introductions flag. */
export const ZSessionUser = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  introductions: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** The browser gets its token as an HttpOnly cookie, so the tRPC answer leaves it out; mobile gets it here. */
export const ZLoginResponse = z.object({ token: z.string().optional(), user: ZSessionUser });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZMeResponse = z.object({ user: ZSessionUser.nullable() });

export const ZPasswordResetRequestRequest = z.object({ email: ZEmail });
export const ZPasswordResetRequestResponse = z.object({ token: z.string() });

export const ZPasswordResetCode = zText({ error: 'Please enter the code from the email' })
  .trim()
  .regex(
    new RegExp(`^\\d{${MAILED_CODE_LENGTH}}$`),
    `The code is the ${MAILED_CODE_LENGTH} digits from the email`,
  );

/** A code from an email; clients that send it as a number get their leading zeros back. */
const ZMailedCode = z.preprocess(
  (value) => (typeof value === 'number' ? String(value).padStart(MAILED_CODE_LENGTH, '0') : value),
  ZPasswordResetCode,
);

/** POST auth/register/confirm: the address and the code mailed to it. */
export const ZRegisterConfirmRequest = z.object({ email: ZEmail, code: ZMailedCode });
export type TRegisterConfirmRequest = z.infer<typeof ZRegisterConfirmRequest>;

export const ZPasswordResetRequest = z.object({
  email: ZEmail,
  code: ZMailedCode,
  password_reset: ZNewPassword,
  token: zText({ error: 'Please request a code first' }).min(1, 'Please request a code first').max(200),
});
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

export const ZChangePasswordRequest = z.object({
  current_password: ZPassword,
  new_password: ZNewPassword,
});

export const ZTerminateAccountRequest = z.object({
  password: ZPassword,
  confirm: z.literal(true, { error: 'Please confirm that you want to terminate your account' }),
});

export const ZOkResponse = z.object({ ok: z.literal(true) });

/** The member's own profile: the one profile shape as they see it (their own email and phone included). */
export const ZMyProfile = profileSchema({
  handle: z.string().nullable(),
  gender: z.string(),
  city: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  contact_reference: z.string(),
  is_profile_public: z.boolean(),
  profile_visibility: ZProfileVisibility,
});
export type TMyProfile = z.infer<typeof ZMyProfile>;

/** "Download my data": everything held about the member, as plain JSON values. */
export const ZMyDataExport = z.object({
  exported_at: z.string(),
  format: z.literal('rhema-member-data/1'),
  data: z.record(z.string(), z.unknown()),
});
