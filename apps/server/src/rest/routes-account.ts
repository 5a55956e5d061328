import type { RestRoute } from './route-shape';

/**
 * The REST table's rows for what a member does with their own account from an app (the store apps reach the
 * service only through api/v1): their data, their password, leaving, and the screens around premium and
 * introductions that the web shows beside them. Spread into the table of routes.ts like its own rows.
 */
export const accountRows = [
  {
    method: 'GET',
    url: '/auth/session',
    procedure: 'auth.session',
    reply: 'fields',
    summary: 'Who is signed in, if anyone: `user` is null for a visitor (no 401, unlike GET /auth/me)',
  },
  {
    method: 'GET',
    url: '/account/profile',
    procedure: 'account.profile',
    reply: 'data',
    summary:
      'Your own profile in the one profile shape, with your own email and phone (as others never see them)',
  },
  {
    method: 'POST',
    url: '/account/export',
    procedure: 'account.exportData',
    reply: 'data',
    summary:
      'Download everything held about you as JSON (account, profile, consents, messages, introductions, sessions), without secrets',
  },
  {
    method: 'POST',
    url: '/account/password',
    procedure: 'password.change',
    reply: { message: 'Your password has been changed' },
    errors: [429],
    summary:
      'Change your password (`current_password`, `new_password`): your other sessions end, this one stays, and a notice is mailed',
  },
  {
    method: 'POST',
    url: '/account/terminate',
    procedure: 'account.terminate',
    reply: { message: 'Your account has been terminated' },
    errors: [403],
    summary:
      'Terminate your account (`password`, `confirm: true`): everything held about you is erased at once and every session ends (staff accounts: 403)',
  },
  {
    method: 'GET',
    url: '/user-subscriptions/:subscriptionId',
    procedure: 'subscriptions.byId',
    reply: 'data',
    errors: [404],
    summary: 'One of your premium subscriptions: its state, price and how to complete the payment',
  },
  {
    method: 'GET',
    url: '/user-introductions/contact-disclosures',
    procedure: 'introductions.contactDisclosures',
    reply: 'data',
    summary: 'Who can see your phone number: each member your details were released to, with the date',
  },
  {
    method: 'POST',
    url: '/training-signups',
    procedure: 'training.signup',
    reply: 'data',
    errors: [429],
    summary:
      'Early sign-up for the singles training centre (a repeat changes nothing and gets the same thank-you)',
  },
] as const satisfies readonly RestRoute[];
