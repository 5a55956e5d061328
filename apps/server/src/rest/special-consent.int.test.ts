// The special-category consent over api/v1 as a mobile client sees it
// (docs/decisions/083-special-category-consent.md): read the text and its version, give it (an older version
// is a 400 naming the field), answer faith and tribe, withdraw it (the answers are deleted) and repeat each
// call (same answer, nothing more recorded). contract.int.test.ts checks each row's 200 against the OpenAPI
// document; this checks the rules.
import { createSession } from '@rhema/auth';
import { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { seedContent, seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

describe('api/v1 special-category consent', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
  });
  afterAll(() => server.close());

  async function member(email: string, role: 'member' | 'consultant' = 'member') {
    const user = await seedUser(server.db, { email, role, special_category_consent: false });
    const { token } = await createSession(server.db, { userId: user.id, role, now: new Date() });
    return { user, token };
  }

  async function call(
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: object,
  ) {
    const res = await server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body ? { payload: body } : {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field below
    return { status: res.statusCode, body: res.json() as Record<string, any> };
  }

  const form = { first_name: 'Kofi', height_cm: 180, answers: { religion: 'Methodist', tribe: 'Akan' } };
  const give = { text_version: SPECIAL_CATEGORY_CONSENT.textVersion };

  it('gives, uses and withdraws the consent; repeats change nothing', async () => {
    const { user, token } = await member('rest-consent-1@example.test');
    const staff = await member('rest-consent-2@example.test', 'consultant');
    // what staff see of the member: the console's user view (GET admin/user-introductions/:userId)
    const profileSeen = async () =>
      (await call(staff.token, 'GET', `/admin/user-introductions/${user.id}`)).body.data;

    const before = await call(token, 'GET', '/profile/special-consent');
    expect(before).toMatchObject({
      status: 200,
      body: {
        success: true,
        data: {
          consented: false,
          text: SPECIAL_CATEGORY_CONSENT.text,
          text_version: SPECIAL_CATEGORY_CONSENT.textVersion,
          granted_at: null,
        },
      },
    });
    expect(before.body.data.questions.map((q: { key: string }) => q.key)).toEqual([
      'religion',
      'ethnicity',
      'tribe',
    ]);
    expect(await call(token, 'PUT', '/profile', form)).toMatchObject({
      status: 403,
      body: { success: false, message: expect.stringContaining('answers.religion') },
    });

    const stale = await call(token, 'POST', '/profile/special-consent', { text_version: '2020-01' });
    expect(stale).toMatchObject({
      status: 400,
      body: { success: false, message: expect.stringContaining('text_version') },
    });
    expect(await call(token, 'POST', '/profile/special-consent', {})).toMatchObject({ status: 400 });

    const given = await call(token, 'POST', '/profile/special-consent', give);
    expect(given).toMatchObject({
      status: 200,
      body: { data: { consented: true, granted_text_version: SPECIAL_CATEGORY_CONSENT.textVersion } },
    });
    expect(await call(token, 'POST', '/profile/special-consent', give)).toEqual(given);

    expect(await call(token, 'PUT', '/profile', form)).toMatchObject({ status: 200 });
    expect(await profileSeen()).toMatchObject({
      data_tribe: { answer: 'Akan' },
      data_religion: { answer: 'Methodist' },
    });

    const withdrawn = await call(token, 'DELETE', '/profile/special-consent');
    expect(withdrawn).toMatchObject({ status: 200, body: { data: { consented: false, granted_at: null } } });
    expect(await call(token, 'DELETE', '/profile/special-consent')).toEqual(withdrawn);
    const after = await profileSeen();
    expect(after).not.toHaveProperty('data_tribe');
    expect(after).not.toHaveProperty('data_religion');
    const mine = await call(token, 'GET', '/profile');
    expect(mine.body.data.questions.map((q: { key: string }) => q.key)).not.toContain('tribe');
    const rows = await server.db
      .selectFrom('user_consents')
      .select(['text_version', 'withdrawn_at'])
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([
      { text_version: SPECIAL_CATEGORY_CONSENT.textVersion, withdrawn_at: expect.any(Date) },
    ]);
  });

  it('answers 401 without a token', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect(
        (await call(null, method, '/profile/special-consent', method === 'POST' ? give : undefined)).status,
      ).toBe(401);
    }
  });
});
