import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedContent } from '@rhema/seed';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection, TEST_PASSWORD } from '../../test/harness';

describe('account', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  async function richMember(email: string, surname: string, phone: string) {
    const { user, token } = await h.signedIn({
      email,
      first_name: 'Zainab',
      last_name: surname,
      phone,
      answers: { occupation: 'Architect' },
      photos: 2,
      citizenships: ['NG', 'GB'],
      core_values: ['Honesty', 'Faith'],
    });
    // a phone of its own too: a seeded user's is drawn from the 1,000 numbers of Ofcom's drama range
    // (packages/seed/src/users.ts), and the erase test searches every row for this member's
    const other = await h.user({
      email: `contact-of-${surname.toLowerCase()}@example.test`,
      phone: `${phone.slice(0, -3)}${Number(phone.slice(-3)) + 10}`,
    });
    await handle.db.insertInto('introductions').values({ owner_id: user.id, contact_id: other.id }).execute();
    const intro2 = await handle.db
      .insertInto('introductions')
      .values({ owner_id: other.id, is_public: true, is_active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('introduction_requests')
      .values({ introduction_id: intro2.id, requester_id: user.id, message: `Hello from Zainab <${email}>` })
      .execute();
    await handle.db
      .insertInto('user_consents')
      .values({ user_id: user.id, purpose: 'special_category', text_version: '2024-01' })
      .execute();
    await handle.db.insertInto('subscriptions').values({ user_id: user.id }).execute();
    // a reset code and rate-limit rows keyed by the email's hash
    await h.anonymous().password.request({ email });
    await rejection(h.anonymous().auth.login({ email, password: 'wrong password here' }));
    return { user, token, other };
  }

  it('shows the member their profile in the one profile shape, their own email and phone included', async () => {
    const { token } = await richMember('profile@example.test', 'Profilesurname', '+447700900551');
    const profile = await (await h.withToken(token)).account.profile();
    expect(profile).toMatchObject({
      first_name: 'Zainab',
      countries: ['Nigeria', 'United Kingdom'],
      core_values: ['Honesty', 'Faith'],
      account_email: 'profile@example.test',
      international_phone_number: '+447700900551',
      data_occupation: { answer: 'Architect', user_data_question: { hint: expect.any(String) } },
    });
    expect(profile.profile_pic_urls).toHaveLength(2);
    expect(profile.profile_pics).toEqual(profile.profile_pic_urls.map((url) => ({ url })));
    expect(profile.about_me).toEqual(
      expect.arrayContaining([expect.objectContaining({ answer: 'Architect' })]),
    );
    expect(JSON.stringify(profile)).not.toContain('Profilesurname');
  });

  it('downloads everything held about the member as JSON, consents included, without secrets', async () => {
    const { token } = await richMember('export@example.test', 'Exportsurname', '+447700900552');
    const exported = await (await h.withToken(token)).account.exportData();
    const data = exported.data as Record<string, unknown>;
    expect(data.user).toMatchObject({
      email: 'export@example.test',
      phone: '+447700900552',
      last_name: 'Exportsurname',
    });
    expect(data.consents).toEqual([
      expect.objectContaining({ purpose: 'special_category', text_version: '2024-01' }),
    ]);
    expect(data.introductions).toHaveLength(1);
    expect(data.introductionRequests).toEqual([
      expect.objectContaining({ message: 'Hello from Zainab <export@example.test>' }),
    ]);
    expect((data.sessions as unknown[]).length).toBeGreaterThan(0);
    expect(data.passwordResets).toHaveLength(1);
    expect(data.photos).toHaveLength(2);
    expect(data.answers).toEqual([expect.objectContaining({ key: 'occupation', answer: 'Architect' })]);
    const text = JSON.stringify(exported);
    expect(text).not.toMatch(/argon2|password_hash|secret_hash|token_hash|code_hash/);
  });

  it('erasing the account leaves no row holding their personal data', async () => {
    const { user, token, other } = await richMember('erase@example.test', 'Erasesurname', '+447700900553');
    const caller = await h.withToken(token);
    const wrong = await rejection(caller.account.terminate({ password: 'not it at all', confirm: true }));
    expect(wrong).toMatchObject({ code: 'BAD_REQUEST', field: 'password' });
    await caller.account.terminate({ password: TEST_PASSWORD, confirm: true });

    const { emailSubject } = await import('@rhema/auth');
    const needles = [
      user.id,
      'erase@example.test',
      '+447700900553',
      'Erasesurname',
      'Hello from Zainab <erase@example.test>',
      emailSubject('erase@example.test'),
    ];
    const tables = await handle.db.introspection.getTables();
    for (const table of tables) {
      const { rows } = await sql<{
        row: string;
      }>`select row_to_json(t)::text as row from ${sql.table(table.name)} t`.execute(handle.db);
      for (const { row } of rows) {
        for (const needle of needles) {
          expect(row.includes(needle), `${table.name} still holds ${needle}: ${row}`).toBe(false);
        }
      }
    }
    // the token is dead and the other member is untouched
    expect((await rejection((await h.withToken(token)).auth.me())).code).toBe('UNAUTHORIZED');
    const stillThere = await handle.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', other.id)
      .executeTakeFirst();
    expect(stillThere).toBeTruthy();
    const audit = await handle.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'account.erased')
      .execute();
    expect(audit).toEqual([{ action: 'account.erased', target_id: expect.any(String) }]);
    // a tombstone, not the member
    expect(audit[0]!.target_id).not.toBe(user.id);
    await expect(
      h.anonymous().auth.login({ email: 'erase@example.test', password: TEST_PASSWORD }),
    ).rejects.toThrow();
  });

  it('needs an explicit confirmation, and staff accounts are not self-erased', async () => {
    const { token } = await h.signedIn({
      email: 'staff-erase@example.test',
      role: 'consultant',
      phone: '+447700900570',
    });
    const caller = await h.withToken(token);
    const unconfirmed = await rejection(
      caller.account.terminate({ password: TEST_PASSWORD, confirm: false } as never),
    );
    expect(unconfirmed.code).toBe('BAD_REQUEST');
    const staff = await rejection(caller.account.terminate({ password: TEST_PASSWORD, confirm: true }));
    expect(staff.code).toBe('FORBIDDEN');
  });

  it('every account procedure refuses anonymous callers with 401', async () => {
    for (const call of [
      () => h.anonymous().account.profile(),
      () => h.anonymous().account.exportData(),
      () => h.anonymous().account.terminate({ password: TEST_PASSWORD, confirm: true }),
      () => h.anonymous().auth.me(),
    ]) {
      expect(await rejection(call())).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    }
  });
});
