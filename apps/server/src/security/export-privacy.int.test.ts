// Finding 8 of docs/security.md: a member's data export holds their own data and, of other members, only what the
// member may already see. An introduction owned by someone else, where the member is the contact, shows its id,
// status and the member's own answer; never the owner's height, state, tribe (special category), details or note.
import { createSession } from '@rhema/auth';
import { seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

describe("the data export and other members' data (finding 8)", () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  async function exportOf(userId: string) {
    const { token } = await createSession(server.db, { userId, role: 'member', now: new Date() });
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/account.exportData',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    return {
      text: res.body,
      data: (JSON.parse(res.body) as { result: { data: { data: Record<string, unknown> } } }).result.data
        .data,
    };
  }

  it("the contact's export names the introduction but none of the owner's details", async () => {
    const owner = await seedUser(server.db, { email: 'owner-x@example.test', first_name: 'Owner' });
    const contact = await seedUser(server.db, { email: 'contact-x@example.test', first_name: 'Contact' });
    const intro = await server.db
      .insertInto('introductions')
      .values({
        owner_id: owner.id,
        contact_id: contact.id,
        status: 'accepted',
        my_height: 187,
        min_height: 163,
        state: 'Lagos-State-Secret',
        tribe: 'Tribe-Secret',
        city: 'City-Secret',
        details: 'Details-Secret of what the owner looks for',
        note: 'Note-Secret from the consultant',
        request_message: 'Request-Secret message',
        response_message: 'My own answer',
        requested_at: new Date('2026-01-02T10:00:00Z'),
        responded_at: new Date('2026-01-03T10:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const mine = await exportOf(contact.id);
    for (const secret of ['Secret', '187', '163', 'owner-x@example.test']) {
      expect(mine.text).not.toContain(secret);
    }
    expect(mine.data.introductions).toEqual([]);
    expect(mine.data.introductionsAsContact).toEqual([
      expect.objectContaining({ id: intro.id, status: 'accepted', response_message: 'My own answer' }),
    ]);

    // the owner's export still holds all of the owner's own introduction
    const theirs = await exportOf(owner.id);
    expect(theirs.data.introductions).toEqual([
      expect.objectContaining({
        id: intro.id,
        tribe: 'Tribe-Secret',
        details: 'Details-Secret of what the owner looks for',
      }),
    ]);
    expect(theirs.text).not.toContain('contact-x@example.test');
  });
});
