import { seedEvent } from '@rhema/seed';
import type { RouteKeyOf } from '../rest/route-shape';
import type { accountRows } from '../rest/routes-account';
import type { ExampleContext, RestExample } from './rest-examples';

// Sample requests of the rows in routes-account.ts and of the events' later rows, spread into restExamples
// (rest-examples.ts), where the type keeps one example per row. Test code only.

type AccountKey = RouteKeyOf<(typeof accountRows)[number]>;
type LaterEventKey =
  | 'PUT /events/:id/guest-list'
  | 'GET /launch/guest-list'
  | 'GET /events/:id/meet-again'
  | 'PUT /events/:id/meet-again';

/** An open, active introduction of a signed-in owner with a match, as a consultant makes it. */
async function openIntroduction({ db, signIn, user }: ExampleContext) {
  const owner = await signIn('member', { first_name: 'Obinna' });
  const contact = await user({ first_name: 'Ebele' });
  const row = await db
    .insertInto('introductions')
    .values({ owner_id: owner.user.id, contact_id: contact.id, is_active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token: owner.token, matchId: row.id };
}

/** Two members checked in at an event that ended an hour ago (the "we met" window is open). */
async function checkedInPair({ db, signIn }: ExampleContext) {
  const a = await signIn('member', { first_name: 'Uche' });
  const b = await signIn('member', { first_name: 'Zara' });
  const hour = 3_600_000;
  const id = await seedEvent(db, {
    starts_at: new Date(Date.now() - 4 * hour),
    ends_at: new Date(Date.now() - hour),
  });
  await db
    .insertInto('event_rsvps')
    .values(
      [a, b].map(({ user }, i) => ({
        event_id: id,
        user_id: user.id,
        status: 'confirmed' as const,
        check_in_code: `MEET${i}${user.id.slice(0, 2)}`,
        checked_in_at: new Date(Date.now() - 3 * hour),
      })),
    )
    .execute();
  return { a, b, id };
}

export const accountExamples: Record<AccountKey | LaterEventKey, RestExample> = {
  'GET /auth/session': async ({ signIn }) => ({ token: (await signIn('member')).token }),
  'GET /account/profile': async ({ signIn }) => ({
    token: (await signIn('member', { photos: 1, answers: { occupation: 'Pharmacist' } })).token,
  }),
  'POST /account/export': async ({ signIn }) => ({ token: (await signIn('member')).token, body: {} }),
  'POST /account/password': async ({ signIn, password }) => ({
    token: (await signIn('member')).token,
    body: { current_password: password, new_password: 'a different long passphrase' },
  }),
  'POST /account/terminate': async ({ signIn, password }) => ({
    token: (await signIn('member')).token,
    body: { password, confirm: true },
  }),
  'GET /user-subscriptions/:subscriptionId': async (context) => {
    const { token, matchId } = await openIntroduction(context);
    const created = await context.call('POST /user-subscriptions/premium', { token, body: { matchId } });
    return { token, params: { subscriptionId: (created.data as { _id: string })._id } };
  },
  'GET /user-introductions/contact-disclosures': async ({ signIn }) => ({
    token: (await signIn('member')).token,
  }),
  'POST /training-signups': () => ({
    body: { first_name: 'Halima', email: 'contract.training@example.test', topics: [], consent: true },
  }),
  'PUT /events/:id/guest-list': async ({ db, signIn, call }) => {
    const { token } = await signIn('member');
    const id = await seedEvent(db);
    await call('POST /events/:id/rsvp', { token, params: { id }, body: {} });
    return { token, params: { id }, body: { on_guest_list: true } };
  },
  'GET /launch/guest-list': () => ({}),
  'GET /events/:id/meet-again': async (context) => {
    const { a, id } = await checkedInPair(context);
    return { token: a.token, params: { id } };
  },
  'PUT /events/:id/meet-again': async (context) => {
    const { a, b, id } = await checkedInPair(context);
    return { token: a.token, params: { id }, body: { user_ids: [b.user.id] } };
  },
};
