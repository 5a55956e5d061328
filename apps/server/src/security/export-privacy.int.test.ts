// docs/security.md, F8: a member's data export holds their own data and, of other members, only what the
// member may already see. An introduction owned by someone else, where the member is the contact, shows its id,
// status and the member's own answer; never the owner's height, state, tribe (special category), details or note.
// F15: it lists exactly the introductions the member may read by id.
import { createSession } from '@rhema/auth';
import { seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

describe("the data export and other members' data (F8 and F15)", () => {
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
    for (const secret of ['Secret', 'owner-x@example.test']) {
      expect(mine.text).not.toContain(secret);
    }
    // the owner's heights as JSON numbers (a uuid or a timestamp may hold the digits: a substring check was flaky)
    expect(mine.text).not.toMatch(/[:,[]\s*"?(187|163)"?\s*[,}\]]/);
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

  it('holds exactly the introductions the member may read by id: an open one addressed to them is not there', async () => {
    const owner = await seedUser(server.db, { email: 'owner-open@example.test', first_name: 'Owner' });
    const contact = await seedUser(server.db, { email: 'contact-open@example.test', first_name: 'Contact' });
    const intro = await server.db
      .insertInto('introductions')
      .values({ owner_id: owner.id, contact_id: contact.id, status: 'open', is_active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(server.db, { userId: contact.id, role: 'member', now: new Date() });
    const byId = () =>
      server.app.inject({
        method: 'GET',
        url: `/api/v1/user-introductions/introduction/list/${intro.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await byId()).statusCode).toBe(404);
    const before = await exportOf(contact.id);
    expect(before.data.introductionsAsContact).toEqual([]);
    expect(before.text).not.toContain(intro.id);

    // once the owner requested it, the contact reads it, and so does the export
    await server.db
      .updateTable('introductions')
      .set({ status: 'requested', requested_at: new Date() })
      .where('id', '=', intro.id)
      .execute();
    expect((await byId()).statusCode).toBe(200);
    expect((await exportOf(contact.id)).data.introductionsAsContact).toEqual([
      expect.objectContaining({ id: intro.id, status: 'requested' }),
    ]);
  });
});
