import type { MailMessage } from '@rhema/core';
import type { Database } from '@rhema/db';
import type { Role } from '@rhema/schemas';
import type { SeededUser, SeedUserOptions } from '@rhema/seed';
import type { RestRouteKey } from './routes';

// A sample request for every row of the REST table, keyed `METHOD /url`: the contract test
// (contract.int.test.ts) sends each one to a real server, expects 200 and validates the answer against the
// OpenAPI document. The type below makes a row without an example (or an example without a row) a type error.
// Test code only: nothing here is imported by the server.

export interface ExampleRequest {
  /** values of the row's :params */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** sent as `Authorization: Bearer <token>`; the test also sends the request without it to see the 401 */
  token?: string;
}

export interface ExampleContext {
  /** the server's database; the demo content (FAQs, questions, communities) is seeded */
  db: Database;
  /** seeds a user whose password is TEST_PASSWORD (packages/api/src/testing.ts) */
  user(options?: SeedUserOptions & { role?: Role }): Promise<SeededUser>;
  /** seeds a user with this role and signs them in: the token to send */
  signIn(role: Role, options?: SeedUserOptions): Promise<{ user: SeededUser; token: string }>;
  /** sends another row's request and returns its answer's body (for a value an earlier step hands out) */
  call(key: RestRouteKey, request: ExampleRequest): Promise<Record<string, unknown>>;
  /** the mail the server has sent, newest last */
  mail: readonly MailMessage[];
  /** the password of every seeded user */
  password: string;
}

export type RestExample = (context: ExampleContext) => Promise<ExampleRequest> | ExampleRequest;

export const restExamples: Record<RestRouteKey, RestExample> = {
  'GET /faqs': () => ({ query: { faq_type: 'faqs' } }),
  'GET /search/match': async ({ user }) => {
    const member = await user({
      photos: 2,
      citizenships: ['NG', 'GB'],
      answers: { occupation: 'Architect' },
    });
    return { query: { contact_reference: member.contact_reference } };
  },
  'POST /password/request': async ({ user }) => ({ body: { email: (await user()).email } }),
  'POST /password': async ({ user, call, mail }) => {
    const { email } = await user();
    const { token } = await call('POST /password/request', { body: { email } });
    const code = /\b(\d{6})\b/.exec(mail.at(-1)?.text ?? '')?.[1] ?? '';
    return { body: { email, code, token, password_reset: 'a brand new passphrase' } };
  },
  'POST /auth/register': () => ({
    body: {
      email: 'contract.register@example.test',
      password: 'a long enough passphrase',
      first_name: 'Ngozi',
      last_name: 'Eze',
      gender: 'female',
      date_of_birth: '1992-04-12',
      country_code: 'GB',
      phone: '+447700900555',
    },
  }),
  'POST /auth/login': async ({ user, password }) => ({ body: { email: (await user()).email, password } }),
  'POST /auth/logout': async ({ signIn }) => ({ token: (await signIn('member')).token, body: {} }),
  'GET /auth/me': async ({ signIn }) => ({ token: (await signIn('member')).token }),
  // introductions (issue 9): each example makes its own pair of members and a consultant's introduction
  'PATCH /user-introductions/:matchId/request': async (context) => {
    const { owner, matchId } = await introductionFor(context, 'open');
    await context.db
      .insertInto('subscriptions')
      .values({ user_id: owner.user.id, introduction_id: matchId, status: 'active' })
      .execute();
    return { token: owner.token, params: { matchId }, body: { message: 'I would love to meet you' } };
  },
  'PATCH /user-introductions/:matchId/accept': async (context) => {
    const { contact, matchId } = await introductionFor(context, 'requested');
    return { token: contact.token, params: { matchId }, body: { message: 'Happy to talk' } };
  },
  'PATCH /user-introductions/:matchId/reject': async (context) => {
    const { contact, matchId } = await introductionFor(context, 'requested');
    return { token: contact.token, params: { matchId }, body: {} };
  },
  'POST /user-introductions/:id/request': async (context) => {
    const owner = await context.user();
    const [row] = await context.db
      .insertInto('introductions')
      .values({ owner_id: owner.id, is_public: true, is_active: true })
      .returning('id')
      .execute();
    const requester = await context.signIn('member');
    return { token: requester.token, params: { id: row!.id }, body: { message: 'I am interested' } };
  },
  'GET /user-introductions': async (context) => ({
    token: (await introductionFor(context, 'accepted')).owner.token,
  }),
  'GET /user-introductions/introduction/list/:matchId': async (context) => {
    const { contact, matchId } = await introductionFor(context, 'accepted');
    return { token: contact.token, params: { matchId } };
  },
  'POST /user-subscriptions/premium': async (context) => {
    const { owner, matchId } = await introductionFor(context, 'open');
    return { token: owner.token, query: { matchId }, body: {} };
  },
};

/** Two signed-in members and an active introduction between them in `status`. */
async function introductionFor(context: ExampleContext, status: 'open' | 'requested' | 'accepted') {
  const owner = await context.signIn('member', { answers: { occupation: 'Engineer' }, photos: 1 });
  const contact = await context.signIn('member', { answers: { occupation: 'Teacher' } });
  const [row] = await context.db
    .insertInto('introductions')
    .values({ owner_id: owner.user.id, contact_id: contact.user.id, is_active: true, status })
    .returning('id')
    .execute();
  return { owner, contact, matchId: row!.id };
}
