// The member flow over api/v1 as a mobile client sees it: premium, request, accept,
// with the status codes and envelopes the mobile client reacts to (417 opens its premium flow, 409/400 show
// the message). contract.int.test.ts checks each row's 200 against the OpenAPI document; this checks the
// rules.
import { createSession } from '@rhema/auth';
import { confirmPremium } from '@rhema/core';
import { seedContent, seedUser, type SeededUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;

describe('api/v1 user-introductions and user-subscriptions', () => {
  let server: Server;
  let n = 0;
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
  });
  afterAll(() => server.close());

  async function member(first_name: string) {
    n++;
    const user = await seedUser(server.db, {
      first_name,
      email: `rest-${n}@example.test`,
      phone: `+4477009008${String(n).padStart(2, '0')}`,
      answers: { occupation: 'Nurse' },
    });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    return { user, token };
  }

  async function call(
    who: { token: string } | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body?: Record<string, unknown>,
  ) {
    const res = await server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
      ...(method === 'GET' ? {} : { payload: body ?? {} }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field below
    return { status: res.statusCode, body: res.json() as Record<string, any> };
  }

  async function pair() {
    const owner = await member('Chidi');
    const contact = await member('Amaka');
    const [row] = await server.db
      .insertInto('introductions')
      .values({ owner_id: owner.user.id, contact_id: contact.user.id, is_active: true })
      .returning('id')
      .execute();
    return { owner, contact, matchId: row!.id };
  }

  /** every key of a JSON value, however deep */
  function keysOf(value: unknown): string[] {
    if (Array.isArray(value)) return value.flatMap(keysOf);
    if (value && typeof value === 'object') {
      return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
    }
    return [];
  }

  it('runs the flow: premium (pending) -> 417 -> confirmed -> request three times -> accept, phones shown', async () => {
    const { owner, contact, matchId } = await pair();

    const premium = await call(owner, 'POST', `/user-subscriptions/premium?matchId=${matchId}`);
    expect(premium).toMatchObject({ status: 200, body: { success: true, data: { status: 'pending' } } });
    const subscriptionId = premium.body.data._id as string;
    expect(subscriptionId).toMatch(/^[0-9a-f-]{36}$/);
    // the match may come in the body instead; the same live subscription answers
    const again = await call(owner, 'POST', '/user-subscriptions/premium', { matchId });
    expect(again.body.data._id).toBe(subscriptionId);

    const refused = await call(owner, 'PATCH', `/user-introductions/${matchId}/request`, { message: 'Hi' });
    expect(refused).toEqual({
      status: 417,
      body: {
        success: false,
        message: 'A premium subscription for this match is required.',
        requirement: 'premium',
        match_id: matchId,
      },
    });

    await confirmPremium({ db: server.db, now: new Date(), subscriptionId, confirmedBy: null, via: 'test' });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await call(owner, 'PATCH', `/user-introductions/${matchId}/request`, { message: 'Hi' }));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body.data).toMatchObject({ _id: matchId, status: 'requested', request_message: 'Hi' });
    expect(keysOf(answers[0]!.body)).not.toContain('id');
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'introduction')
      .where('target_id', '=', matchId)
      .execute();
    expect(audit).toEqual([{ action: 'introduction.request' }]);
    expect(answers[0]!.body.data.contact).not.toHaveProperty('international_phone_number');

    const accepted = await call(contact, 'PATCH', `/user-introductions/${matchId}/accept`, {
      message: 'Yes!',
    });
    expect(accepted).toMatchObject({ status: 200, body: { success: true, data: { status: 'accepted' } } });
    expect(accepted.body.data.user.international_phone_number).toBe(owner.user.phone);
    const ownersView = await call(owner, 'GET', `/user-introductions/introduction/list/${matchId}`);
    expect(ownersView.body.data.contact.international_phone_number).toBe(contact.user.phone);
    const list = await call(owner, 'GET', '/user-introductions');
    expect(list.body.data.map((i: { _id: string }) => i._id)).toEqual([matchId]);
  });

  it('answers a conflicting PATCH 409, a long message 400 naming the field, a stranger 404', async () => {
    const { owner, contact, matchId } = await pair();
    await server.db
      .updateTable('introductions')
      .set({ status: 'requested' })
      .where('id', '=', matchId)
      .execute();

    const long = await call(contact, 'PATCH', `/user-introductions/${matchId}/accept`, {
      message: 'z'.repeat(251),
    });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ success: false, message: expect.stringMatching(/^message: .*250/) });

    const stranger = await member('Efe');
    for (const [method, url] of [
      ['GET', `/user-introductions/introduction/list/${matchId}`],
      ['PATCH', `/user-introductions/${matchId}/reject`],
    ] as const) {
      expect(await call(stranger, method, url)).toEqual({
        status: 404,
        body: { success: false, message: 'Introduction not found.' },
      });
    }

    expect((await call(contact, 'PATCH', `/user-introductions/${matchId}/reject`)).status).toBe(200);
    expect(await call(contact, 'PATCH', `/user-introductions/${matchId}/accept`)).toEqual({
      status: 409,
      body: { success: false, message: 'This introduction was already rejected, so it cannot be accepted.' },
    });
    expect((await call(owner, 'PATCH', `/user-introductions/${matchId}/accept`)).status).toBe(403);
    expect((await call(null, 'GET', '/user-introductions')).status).toBe(401);
  });

  it('takes one public request per member: 200, then 409', async () => {
    const owner: SeededUser = (await member('Ife')).user;
    const [row] = await server.db
      .insertInto('introductions')
      .values({ owner_id: owner.id, is_public: true, is_active: true })
      .returning('id')
      .execute();
    const requester = await member('Kola');
    const url = `/user-introductions/${row!.id}/request`;
    const first = await call(requester, 'POST', url, { message: 'I am interested in Ife' });
    expect(first).toMatchObject({ status: 200, body: { success: true, data: { introduction_id: row!.id } } });
    expect(await call(requester, 'POST', url, { message: 'again' })).toEqual({
      status: 409,
      body: { success: false, message: 'You have already sent a request for this introduction.' },
    });
  });
});
