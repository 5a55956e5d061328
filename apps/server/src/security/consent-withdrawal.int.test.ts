// Withdrawing the special-category consent removes every special-category value of the member wherever it was
// kept or shown (docs/security.md, F11): their answers, the tribe and state of origin written on
// their introductions (which the other party and consultants read), their faith communities; afterwards no text or
// json column of any table holds them, and an introduction's tribe is never shown without the owner's consent.
import { createSession } from '@rhema/auth';
import { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { seedContent } from '@rhema/seed';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restClient } from '../test/rest-client';
import { createTestServer } from '../test/test-server';

describe('withdrawing the special-category consent', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  const api = restClient(() => server, 'withdrawal');
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
  });
  afterAll(() => server.close());

  /** "table.column: row" for every text, varchar or json column of every table holding one of the needles */
  async function columnsHolding(needles: string[]) {
    const { rows: columns } = await sql<{ tbl: string; col: string }>`
      select table_name::text as tbl, column_name::text as col from information_schema.columns
       where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
       order by 1, 2`.execute(server.db);
    const found: string[] = [];
    for (const { tbl, col } of columns) {
      for (const needle of needles) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from ${sql.table(tbl)}
           where ${sql.ref(col)}::text like ${`%${needle}%`}`.execute(server.db);
        if (rows[0]!.n > 0) found.push(`${tbl}.${col} holds ${needle}`);
      }
    }
    return found;
  }

  async function introductionFor(ownerId: string, contactId: string, consultantId: string) {
    return server.db
      .insertInto('introductions')
      .values({
        owner_id: ownerId,
        contact_id: contactId,
        status: 'accepted',
        is_active: true,
        state: 'State-Withdrawn',
        tribe: 'IntroTribe-Withdrawn',
        created_by: consultantId,
        requested_at: new Date(),
        responded_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('removes the tribe and state of origin the other party and consultants read, and every stored value', async () => {
    const owner = await api.member('Chidinma', {
      answers: { tribe: 'Tribe-Withdrawn', religion: 'Faith-Withdrawn' },
      communities: ['catholic-singles'],
      special_category_consent: true,
    });
    const contact = await api.member('Emeka');
    const consultant = await api.member('Consultant', { role: 'consultant' });
    const consultantToken = (
      await createSession(server.db, { userId: consultant.user.id, role: 'consultant', now: new Date() })
    ).token;
    const intro = await introductionFor(owner.user.id, contact.user.id, consultant.user.id);

    const before = await api.call(contact, 'GET', '/user-introductions');
    expect(before.body.data).toEqual([
      expect.objectContaining({ _id: intro.id, tribe: 'IntroTribe-Withdrawn', state: 'State-Withdrawn' }),
    ]);

    const withdrawn = await api.call(owner, 'DELETE', '/profile/special-consent');
    expect(withdrawn.status).toBe(200);

    const after = await api.call(contact, 'GET', '/user-introductions');
    expect(after.body.data).toEqual([expect.objectContaining({ _id: intro.id, tribe: null, state: null })]);
    const one = await api.call(contact, 'GET', `/user-introductions/introduction/list/${intro.id}`);
    expect(JSON.stringify(one.body)).not.toMatch(/Withdrawn/);
    const card = await api.call(
      { token: consultantToken },
      'GET',
      `/admin/user-introductions/introduction/list/${owner.user.id}`,
    );
    expect(card.status).toBe(200);
    expect(JSON.stringify(card.body)).not.toMatch(/Withdrawn/);
    const exported = await server.app.inject({
      method: 'POST',
      url: '/trpc/account.exportData',
      headers: { authorization: `Bearer ${contact.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toMatch(/Withdrawn/);

    expect(
      await columnsHolding(['Tribe-Withdrawn', 'Faith-Withdrawn', 'IntroTribe-Withdrawn', 'State-Withdrawn']),
    ).toEqual([]);
  });

  it('never shows an introduction’s tribe or state of origin without the owner’s consent', async () => {
    // written by a consultant for an owner who never consented
    const owner = await api.member('Ngozi', { special_category_consent: false });
    const contact = await api.member('Obinna');
    const consultant = await api.member('Consultant2', { role: 'consultant' });
    const intro = await introductionFor(owner.user.id, contact.user.id, consultant.user.id);
    const seen = await api.call(contact, 'GET', '/user-introductions');
    expect(seen.body.data).toEqual([expect.objectContaining({ _id: intro.id, tribe: null, state: null })]);
    // the owner sees what was written about them
    const own = await api.call(owner, 'GET', '/user-introductions');
    expect(own.body.data).toEqual([
      expect.objectContaining({ _id: intro.id, tribe: 'IntroTribe-Withdrawn', state: 'State-Withdrawn' }),
    ]);
    // and giving the consent shows it to the contact
    await api.call(owner, 'POST', '/profile/special-consent', {
      text_version: SPECIAL_CATEGORY_CONSENT.textVersion,
    });
    const shown = await api.call(contact, 'GET', '/user-introductions');
    expect(shown.body.data).toEqual([expect.objectContaining({ tribe: 'IntroTribe-Withdrawn' })]);
  });
});
