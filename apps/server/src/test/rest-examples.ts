import type { MailMessage } from '@rhema/core';
import type { Database } from '@rhema/db';
import { SPECIAL_CATEGORY_CONSENT, type Role } from '@rhema/schemas';
import { seedEvent, seedFriendship, type SeededUser, type SeedUserOptions } from '@rhema/seed';
import type { RestRouteKey } from '../rest/routes';
import { accountExamples } from './rest-examples-account';
import { callExamples } from './rest-examples-calls';

// A sample request for every row of the REST table, keyed `METHOD /url`: the contract test
// (rest/contract.int.test.ts) sends each one to a real server, expects 200 and validates the answer against the
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
  /** seeds a user whose password is TEST_PASSWORD (packages/api/src/test/harness.ts) */
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
  ...accountExamples,
  ...callExamples,
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
  'POST /auth/register/confirm': async ({ call, mail }) => {
    const email = 'contract.confirm@example.test';
    await call('POST /auth/register', {
      body: {
        email,
        password: 'a long enough passphrase',
        first_name: 'Emeka',
        last_name: 'Eze',
        gender: 'male',
        date_of_birth: '1990-02-03',
        country_code: 'GB',
        phone: '+447700900556',
      },
    });
    const code = /\b(\d{6})\b/.exec(mail.findLast((m) => m.to === email)?.text ?? '')?.[1] ?? '';
    return { body: { email, code } };
  },
  'POST /auth/login': async ({ user, password }) => ({ body: { email: (await user()).email, password } }),
  'POST /auth/logout': async ({ signIn }) => ({ token: (await signIn('member')).token, body: {} }),
  'GET /auth/me': async ({ signIn }) => ({ token: (await signIn('member')).token }),
  // the consultants' console: a consultant's token; the member looked at is seeded, the introduction registered
  'GET /user-introductions/pre/matched': async ({ signIn, user }) => {
    await user({
      first_name: 'Chiamaka',
      gender: 'female',
      age: 31,
      country_code: 'GB',
      answers: { occupation: 'Nurse' },
    });
    return {
      token: (await signIn('consultant')).token,
      query: {
        gender: 'female',
        min_age: '22',
        max_age: '40',
        name: 'chia',
        my_country_only: 'true',
        country_code: 'GB',
        reload: 'reload',
        page: '1',
      },
    };
  },
  'GET /admin/user-introductions/introduction/list': async (context) => {
    const { token } = await staffWithIntroduction(context);
    return { token, query: { status: 'open', page: '1' } };
  },
  'GET /admin/user-introductions/pre/matched': async ({ signIn }) => ({
    token: (await signIn('consultant')).token,
    query: { min_age: '22', max_age: '40', page: '1' },
  }),
  'GET /admin/user-introductions/introduction/list/:userId': async (context) => {
    const { token, ownerId } = await staffWithIntroduction(context);
    return { token, params: { userId: ownerId } };
  },
  'GET /admin/user-introductions/owner/:userId': async (context) => {
    const { token, ownerId } = await staffWithIntroduction(context);
    return { token, params: { userId: ownerId } };
  },
  'GET /admin/user-introductions/:userId': async ({ signIn, user }) => ({
    token: (await signIn('consultant')).token,
    params: { userId: (await user({ answers: { occupation: 'Pilot' } })).id },
  }),
  'GET /admin/users/:userId': async ({ signIn, user }) => ({
    token: (await signIn('consultant')).token,
    params: { userId: (await user()).id },
  }),
  'POST /admin/user-introductions/introduction/register/:introductionId': async ({ signIn, user }) => ({
    token: (await signIn('consultant')).token,
    params: { introductionId: (await user()).id },
    body: { min_age: 30, max_age: 50, city: 'Manchester', distant_relationship: false, details: 'Kind' },
  }),
  'PATCH /admin/user-introductions/introduction/:id/activate': async (context) => {
    const { token, introductionId } = await staffWithIntroduction(context);
    return { token, params: { id: introductionId }, body: {} };
  },
  'PATCH /admin/user-introductions/introduction/:id/deactivate': async (context) => {
    const { token, introductionId } = await staffWithIntroduction(context);
    return { token, params: { id: introductionId }, body: {} };
  },
  'PATCH /admin/user-introductions/introduction/:id/note': async (context) => {
    const { token, introductionId } = await staffWithIntroduction(context);
    return { token, params: { id: introductionId }, body: { note: 'Call after 6pm' } };
  },
  'POST /admin/user-introductions/introduction/:id/suggestion': async (context) => {
    const { token, introductionId } = await staffWithIntroduction(context);
    const member = await context.user({ first_name: 'Adaeze' });
    return { token, params: { id: introductionId }, body: { code: member.contact_reference } };
  },
  'DELETE /admin/user-introductions/introduction/:id/suggestion/:code': async (context) => {
    const { token, introductionId } = await staffWithIntroduction(context);
    const code = (await context.user({ first_name: 'Adaeze' })).contact_reference;
    await context.call('POST /admin/user-introductions/introduction/:id/suggestion', {
      token,
      params: { id: introductionId },
      body: { code },
    });
    return { token, params: { id: introductionId, code } };
  },
  'PATCH /admin/user-introductions/introduction/:id/match': async (context) => {
    const { token, introductionId } = await staffWithIntroduction(context);
    const member = await context.user({ first_name: 'Tobi', answers: { occupation: 'Doctor' } });
    return { token, params: { id: introductionId }, body: { code: member.contact_reference } };
  },
  'GET /admin/match-requests': async (context) => {
    const { token } = await waitingMatchRequest(context);
    return { token, query: { status: 'open', page: '1' } };
  },
  'PATCH /admin/match-requests/:request_id/introduce': async (context) => {
    const { token, requestId } = await waitingMatchRequest(context);
    return { token, params: { request_id: requestId }, body: {} };
  },
  'PATCH /admin/match-requests/:request_id/decline': async (context) => {
    const { token, requestId } = await waitingMatchRequest(context);
    return {
      token,
      params: { request_id: requestId },
      body: { note: 'She is not taking introductions now' },
    };
  },
  'PATCH /admin/user-subscriptions/:subscriptionId/confirm': async (context) => {
    const { owner, matchId } = await introductionFor(context, 'open');
    const started = await context.call('POST /user-subscriptions/premium', {
      token: owner.token,
      query: { matchId },
      body: {},
    });
    const staff = await context.signIn('consultant');
    return {
      token: staff.token,
      params: { subscriptionId: (started.data as { _id: string })._id },
      body: {},
    };
  },
  // introductions: each example makes its own pair of members and a consultant's introduction
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
  'GET /user-subscriptions/premium/price': () => ({}),
  'POST /user-subscriptions/premium': async (context) => {
    const { owner, matchId } = await introductionFor(context, 'open');
    return { token: owner.token, query: { matchId }, body: {} };
  },
  'GET /communities': async ({ signIn }) => ({
    token: (await signIn('member')).token,
    query: { kind: 'faith' },
  }),
  'GET /communities/:slug': async ({ signIn }) => ({
    token: (await signIn('member')).token,
    params: { slug: EXAMPLE_COMMUNITY },
  }),
  // a faith community: the join gives the special-category consent it needs
  'POST /communities/:slug/join': async ({ signIn }) => ({
    token: (await signIn('member')).token,
    params: { slug: EXAMPLE_COMMUNITY },
    body: { special_consent_text_version: SPECIAL_CATEGORY_CONSENT.textVersion },
  }),
  'POST /communities/:slug/leave': async ({ signIn, call }) => {
    const { token } = await signIn('member');
    await call('POST /communities/:slug/join', {
      token,
      params: { slug: EXAMPLE_COMMUNITY },
      body: { special_consent_text_version: SPECIAL_CATEGORY_CONSENT.textVersion },
    });
    return { token, params: { slug: EXAMPLE_COMMUNITY }, body: {} };
  },
  'GET /members': async ({ db, signIn, user }) => {
    const chidinma = await user({
      first_name: 'Chidinma',
      gender: 'female',
      answers: { occupation: 'Pharmacist' },
    });
    await db
      .updateTable('users')
      .set({ identity_verified_at: new Date() })
      .where('id', '=', chidinma.id)
      .execute();
    return {
      token: (await signIn('member', { gender: 'male' })).token,
      query: { gender: 'female', verified_only: 'true' },
    };
  },
  'GET /member-search-preferences': async ({ signIn, call }) => {
    const { token } = await signIn('member');
    await call('PUT /member-search-preferences', { token, body: { country_code: 'GH', min_age: 30 } });
    return { token };
  },
  'PUT /member-search-preferences': async ({ signIn }) => ({
    token: (await signIn('member')).token,
    body: { gender: 'female', country_code: 'NG', min_age: 28, max_age: 40 },
  }),
  'GET /members/:id': async ({ signIn, user }) => {
    const other = await user({ first_name: 'Chidinma', photos: 1, answers: { occupation: 'Pharmacist' } });
    return { token: (await signIn('member')).token, params: { id: other.id } };
  },
  'GET /friends': async (context) => ({ token: (await pendingFriendRequest(context)).b.token }),
  'POST /match-requests': async ({ signIn, user }) => {
    const other = await user({ first_name: 'Kemi' });
    return { token: (await signIn('member')).token, body: { user_id: other.id } };
  },
  'GET /match-requests': async ({ signIn, user, call }) => {
    const { token } = await signIn('member');
    const other = await user({ first_name: 'Femi' });
    await call('POST /match-requests', { token, body: { user_id: other.id } });
    return { token };
  },
  'GET /events': async ({ db, signIn }) => {
    await seedEvent(db, { city: 'Leeds' });
    return { token: (await signIn('member')).token, query: { city: 'leeds' } };
  },
  'GET /events/:id': async ({ db, signIn }) => ({
    token: (await signIn('member')).token,
    params: { id: await seedEvent(db) },
  }),
  'POST /events/:id/rsvp': async ({ db, signIn }) => ({
    token: (await signIn('member')).token,
    params: { id: await seedEvent(db) },
    body: { on_guest_list: true },
  }),
  'DELETE /events/:id/rsvp': async ({ db, signIn, call }) => {
    const { token } = await signIn('member');
    const id = await seedEvent(db);
    await call('POST /events/:id/rsvp', { token, params: { id }, body: {} });
    return { token, params: { id } };
  },
  'GET /user-events': async ({ db, signIn, call }) => {
    const { token } = await signIn('member');
    await call('POST /events/:id/rsvp', { token, params: { id: await seedEvent(db) }, body: {} });
    return { token };
  },
  'GET /friends/quota': async ({ signIn }) => ({ token: (await signIn('member')).token }),
  'POST /friends/requests': async ({ signIn, user }) => {
    const other = await user({ first_name: 'Tolu' });
    return { token: (await signIn('member')).token, body: { user_id: other.id } };
  },
  'PATCH /friends/requests/:request_id/accept': async (context) => {
    const { b, requestId } = await pendingFriendRequest(context);
    return { token: b.token, params: { request_id: requestId }, body: {} };
  },
  'PATCH /friends/requests/:request_id/decline': async (context) => {
    const { b, requestId } = await pendingFriendRequest(context);
    return { token: b.token, params: { request_id: requestId }, body: {} };
  },
  'PATCH /friends/requests/:request_id/cancel': async (context) => {
    const { a, requestId } = await pendingFriendRequest(context);
    return { token: a.token, params: { request_id: requestId }, body: {} };
  },
  'GET /blocks': async ({ signIn, user, call }) => {
    const { token } = await signIn('member');
    await call('POST /blocks', { token, body: { user_id: (await user()).id } });
    return { token };
  },
  'POST /blocks': async ({ signIn, user }) => ({
    token: (await signIn('member')).token,
    body: { user_id: (await user()).id },
  }),
  'DELETE /blocks/:user_id': async ({ signIn, user, call }) => {
    const { token } = await signIn('member');
    const other = await user();
    await call('POST /blocks', { token, body: { user_id: other.id } });
    return { token, params: { user_id: other.id } };
  },
  'POST /reports': async ({ signIn, user }) => ({
    token: (await signIn('member')).token,
    body: { user_id: (await user()).id, reason: 'scam', details: 'Asked me for money on the first day.' },
  }),
  'GET /messages': async (context) => {
    const { a } = await friendsWithMessage(context);
    return { token: a.token };
  },
  'GET /messages/:user_id': async (context) => {
    const { a, b } = await friendsWithMessage(context);
    return { token: a.token, params: { user_id: b.user.id } };
  },
  'POST /messages/:user_id': async (context) => {
    const { a, b } = await friendsWithMessage(context);
    return {
      token: b.token,
      params: { user_id: a.user.id },
      body: { body: 'Sunday after church works for me.' },
    };
  },
  'GET /notifications': async (context) => ({ token: (await notifiedMember(context)).token }),
  'GET /notifications/unread': async (context) => ({ token: (await notifiedMember(context)).token }),
  'PATCH /notifications/:id/read': async (context) => {
    const { token, id } = await notifiedMember(context);
    return { token, params: { id }, body: {} };
  },
  'PATCH /notifications/read': async (context) => ({
    token: (await notifiedMember(context)).token,
    body: {},
  }),
  'PATCH /notifications/read-at': async (context) => ({
    token: (await notifiedMember(context)).token,
    body: { url: '/account/friends' },
  }),
  'GET /notification-settings': async ({ signIn }) => ({ token: (await signIn('member')).token }),
  'PATCH /notification-settings': async ({ signIn }) => ({
    token: (await signIn('member')).token,
    body: {
      kinds: { message: { email: false } },
      quiet_hours: { start: '22:00', end: '07:00' },
      time_zone: 'Europe/London',
      discreet: true,
    },
  }),
  'GET /push/public-key': async ({ signIn }) => ({ token: (await signIn('member')).token }),
  'POST /devices': async ({ signIn }) => ({
    token: (await signIn('member')).token,
    body: { platform: 'android', token: `fcm-token-${Date.now()}` },
  }),
  'GET /devices': async ({ signIn, call }) => {
    const { token } = await signIn('member');
    await call('POST /devices', { token, body: { platform: 'ios', token: `apns-token-${Date.now()}` } });
    return { token };
  },
  'DELETE /devices/:id': async ({ signIn, call }) => {
    const { token } = await signIn('member');
    const added = await call('POST /devices', {
      token,
      body: { platform: 'android', token: `fcm-token-${Date.now()}-gone` },
    });
    return { token, params: { id: String((added.data as { _id: string })._id) } };
  },
  'GET /profile': async ({ signIn }) => ({ token: (await signIn('member')).token }),
  'PUT /profile': async ({ signIn }) => ({
    token: (await signIn('member')).token,
    body: {
      first_name: 'Amaka',
      city: 'Lagos',
      state_of_origin: 'Anambra',
      height_cm: 170,
      answers: { occupation: 'Engineer' },
      core_values: ['Honesty'],
      citizenships: ['NG'],
    },
  }),
  'POST /user-verification': async ({ signIn }) => ({ token: (await signIn('member')).token, body: {} }),
  'GET /user-verification': async ({ signIn }) => ({ token: (await signIn('member')).token }),
  'GET /profile/special-consent': async ({ signIn }) => ({ token: (await signIn('member')).token }),
  'POST /profile/special-consent': async ({ signIn }) => ({
    token: (await signIn('member', { special_category_consent: false })).token,
    body: { text_version: SPECIAL_CATEGORY_CONSENT.textVersion },
  }),
  'DELETE /profile/special-consent': async ({ signIn }) => ({
    token: (await signIn('member', { answers: { religion: 'Christian', tribe: 'Igbo' } })).token,
  }),
  'PUT /profile/visibility': async ({ signIn }) => ({
    token: (await signIn('member')).token,
    body: { profile_visibility: 'hidden' },
  }),
  'GET /profile/onboarding': async ({ signIn }) => ({ token: (await signIn('member')).token }),
  'PUT /profile/onboarding': async ({ signIn }) => ({
    token: (await signIn('member')).token,
    body: { step: 'answers' },
  }),
  'GET /profile/photos': async ({ signIn }) => ({ token: (await signIn('member', { photos: 2 })).token }),
  'PUT /profile/photos/order': async ({ signIn, call }) => {
    const { token } = await signIn('member', { photos: 2 });
    const photos = (await call('GET /profile/photos', { token })).data as { id: string }[];
    return { token, body: { ids: photos.map((p) => p.id).reverse() } };
  },
  'DELETE /profile/photos/:id': async ({ signIn, call }) => {
    const { token } = await signIn('member', { photos: 2 });
    const photos = (await call('GET /profile/photos', { token })).data as { id: string }[];
    return { token, params: { id: photos[0]!.id } };
  },
};

/** Two signed-in members who are friends, and a message from the second to the first. */
/** A community of the demo content (packages/seed/src/content.ts). */
const EXAMPLE_COMMUNITY = 'christian-singles-fellowship';

/** Two members, the first has sent the second a friend request (through the send row). */
async function pendingFriendRequest(context: ExampleContext) {
  const a = await context.signIn('member', { first_name: 'Kelechi' });
  const b = await context.signIn('member', { first_name: 'Temi' });
  const sent = await context.call('POST /friends/requests', { token: a.token, body: { user_id: b.user.id } });
  const requestId = String((sent.data as { request: { _id: string } }).request._id);
  return { a, b, requestId };
}

async function friendsWithMessage(context: ExampleContext) {
  const a = await context.signIn('member', { first_name: 'Adaeze' });
  const b = await context.signIn('member', { first_name: 'Bisola' });
  await seedFriendship(context.db, a.user, b.user);
  await context.call('POST /messages/:user_id', {
    token: b.token,
    params: { user_id: a.user.id },
    body: { body: 'Hello Adaeze, shall we meet on Sunday?' },
  });
  return { a, b };
}

/** A consultant's token and an introduction they registered for a new member (through the register row). */
async function staffWithIntroduction({ signIn, user, call }: ExampleContext) {
  const { token } = await signIn('consultant');
  const owner = await user({ first_name: 'Ifeoma', answers: { occupation: 'Engineer' } });
  const registered = await call('POST /admin/user-introductions/introduction/register/:introductionId', {
    token,
    params: { introductionId: owner.id },
    body: {},
  });
  const data = registered.data as { _id: string };
  return { token, ownerId: owner.id, introductionId: data._id };
}

/** A member's request for an introduction waiting in the queue, and a consultant's token. */
async function waitingMatchRequest(context: ExampleContext) {
  const asker = await context.signIn('member', { first_name: 'Chidi' });
  const chosen = await context.user({ first_name: 'Amara' });
  const asked = await context.call('POST /match-requests', {
    token: asker.token,
    body: { user_id: chosen.id },
  });
  const staff = await context.signIn('consultant');
  return { token: staff.token, requestId: (asked.data as { request: { _id: string } }).request._id };
}

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

/** A member with one notification: another member's friend request (its id, for the row that marks it read). */
async function notifiedMember(context: ExampleContext) {
  const a = await context.signIn('member');
  const b = await context.signIn('member');
  await context.call('POST /friends/requests', { token: a.token, body: { user_id: b.user.id } });
  const [row] = await context.db
    .selectFrom('notifications')
    .select('id')
    .where('recipient_id', '=', b.user.id)
    .execute();
  return { token: b.token, id: String(row?.id) };
}
