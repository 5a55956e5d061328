// A block covers introductions (docs/security.md, F12): after member2 blocks member, no
// introduction between them is seen or acted on by either (the same 404 as an unknown id), no public request
// reaches the blocker, nothing is released, contact details released before are withdrawn from both sides, and the
// consultants' card says the two blocked each other.
import { createSession } from '@rhema/auth';
import { seedContent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restClient } from '../test/rest-client';
import { createTestServer } from '../test/test-server';

describe('a block covers introductions', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  const api = restClient(() => server, 'blocks-intro');
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
  });
  afterAll(() => server.close());

  const UNKNOWN = '00000000-0000-4000-8000-000000000000';

  async function introduction(values: {
    owner_id: string;
    contact_id?: string;
    status: 'open' | 'requested' | 'accepted';
    is_public?: boolean;
  }) {
    return server.db
      .insertInto('introductions')
      .values({
        is_active: true,
        ...values,
        ...(values.status === 'open' ? {} : { requested_at: new Date(), request_message: 'Hello there' }),
        ...(values.status === 'accepted' ? { responded_at: new Date() } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('hides every introduction between them both ways, refuses every action like an unknown id, withdraws contact details', async () => {
    const member = await api.member('Kelechi', { phone: '+447700900611' });
    const member2 = await api.member('Adaora', { phone: '+447700900612' });
    const consultant = await api.member('Consultant', { role: 'consultant' });
    const staff = {
      token: (
        await createSession(server.db, { userId: consultant.user.id, role: 'consultant', now: new Date() })
      ).token,
    };
    // member's open introduction pre-matched with member2, premium active: requestable before the block
    const open = await introduction({
      owner_id: member.user.id,
      contact_id: member2.user.id,
      status: 'open',
    });
    await server.db
      .insertInto('subscriptions')
      .values({ user_id: member.user.id, introduction_id: open.id, status: 'active' })
      .execute();
    // one already requested (member2 could accept), one accepted (phones released both ways)
    const requested = await introduction({
      owner_id: member.user.id,
      contact_id: member2.user.id,
      status: 'requested',
    });
    const accepted = await introduction({
      owner_id: member2.user.id,
      contact_id: member.user.id,
      status: 'accepted',
    });
    await server.db
      .insertInto('contact_disclosures')
      .values([
        {
          subject_id: member.user.id,
          viewer_id: member2.user.id,
          introduction_id: accepted.id,
          fields: ['international_phone_number', 'account_email'],
        },
        {
          subject_id: member2.user.id,
          viewer_id: member.user.id,
          introduction_id: accepted.id,
          fields: ['international_phone_number', 'account_email'],
        },
      ])
      .execute();
    // member2's public introduction
    const publicOne = await introduction({ owner_id: member2.user.id, status: 'open', is_public: true });

    const before = await api.call(member, 'GET', '/user-introductions');
    expect(JSON.stringify(before.body)).toContain('+447700900612');

    expect((await api.call(member2, 'POST', '/blocks', { user_id: member.user.id })).status).toBe(200);

    // the answer to an unknown id, which every action between them must equal
    const unknown = await api.call(member, 'PATCH', `/user-introductions/${UNKNOWN}/request`, {
      message: 'Hi',
    });
    expect(unknown.status).toBe(404);
    const sameAsUnknown = (res: { status: number; body: Record<string, unknown> }) =>
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: unknown.body });

    sameAsUnknown(
      await api.call(member, 'PATCH', `/user-introductions/${open.id}/request`, { message: 'Hi' }),
    );
    sameAsUnknown(
      await api.call(member2, 'PATCH', `/user-introductions/${requested.id}/accept`, { message: 'Yes' }),
    );
    sameAsUnknown(await api.call(member, 'GET', `/user-introductions/introduction/list/${accepted.id}`));
    sameAsUnknown(await api.call(member2, 'GET', `/user-introductions/introduction/list/${requested.id}`));
    sameAsUnknown(
      await api.call(member, 'POST', `/user-introductions/${publicOne.id}/request`, {
        message: 'Interested',
      }),
    );
    const unknownPublic = await api.call(member, 'POST', `/user-introductions/${UNKNOWN}/request`, {
      message: 'Interested',
    });
    expect(unknownPublic.status).toBe(404);

    // nothing between them is listed to either, and no phone or email of the other is shown anywhere
    for (const [who, other] of [
      [member, member2],
      [member2, member],
    ] as const) {
      const list = await api.call(who, 'GET', '/user-introductions');
      const text = JSON.stringify(list.body);
      for (const id of [open.id, requested.id, accepted.id]) expect(text).not.toContain(id);
      expect(text).not.toContain(other.user.phone!);
      expect(text).not.toContain(other.user.email);
      // "who can see my phone number" no longer lists the other
      const disclosures = await server.app.inject({
        method: 'GET',
        url: '/trpc/introductions.contactDisclosures',
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(disclosures.statusCode).toBe(200);
      expect(disclosures.body).not.toContain(other.user.id);
    }
    // nothing was released or requested meanwhile
    const releases = await server.db
      .selectFrom('contact_disclosures')
      .select('introduction_id')
      .where('introduction_id', 'in', [open.id, requested.id])
      .execute();
    expect(releases).toEqual([]);
    const rows = await server.db
      .selectFrom('introductions')
      .select(['id', 'status'])
      .where('id', 'in', [open.id, requested.id])
      .orderBy('status')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['open', 'requested']);
    expect(
      await server.db
        .selectFrom('introduction_requests')
        .select('id')
        .where('introduction_id', '=', publicOne.id)
        .execute(),
    ).toEqual([]);

    // the consultants see the block on the introduction's card
    const cards = await api.call(staff, 'GET', '/admin/user-introductions/pre/matched');
    expect(cards.status).toBe(200);
    const byId = new Map(
      (cards.body.data.data as { _id: string; blocked: boolean }[]).map((card) => [card._id, card.blocked]),
    );
    expect(byId.get(requested.id)).toBe(true);
    expect(byId.get(accepted.id)).toBe(true);

    // lifting the block brings them back
    expect((await api.call(member2, 'DELETE', `/blocks/${member.user.id}`)).status).toBe(200);
    const after = await api.call(member, 'GET', '/user-introductions');
    expect(JSON.stringify(after.body)).toContain('+447700900612');
  });
});
