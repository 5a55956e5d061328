import { createSession } from '@rhema/auth';
import { seedIntroduction, seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';
import { restRoutes } from './routes';

// The console's REST rows: every one refuses anonymous callers (401) and members (403) in the
// envelope, and answers staff with the documented fields (data.data and data.paginator for lists; data and
// updated_user for the views; requests.data for the detail).
describe('console REST rows', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let memberToken: string;
  let staffToken: string;
  let ownerId: string;
  let introductionId: string;
  // the console's rows: the admin paths, the requests queue and confirming a premium payment
  const consoleRows = restRoutes.filter(
    (row) =>
      row.procedure.startsWith('admin.') ||
      row.procedure === 'subscriptions.confirm' ||
      row.url === '/user-introductions/pre/matched',
  );

  beforeAll(async () => {
    server = await createTestServer();
    const member = await seedUser(server.db, { email: 'rest-member@example.test', first_name: 'Mem' });
    const staff = await seedUser(server.db, {
      email: 'rest-staff@example.test',
      first_name: 'Staff',
      role: 'consultant',
    });
    const owner = await seedUser(server.db, {
      email: 'rest-owner@example.test',
      first_name: 'Ngozi',
      gender: 'female',
      age: 30,
      country_code: 'GB',
      phone: '+447700900777',
    });
    ownerId = owner.id;
    introductionId = (
      await seedIntroduction(server.db, {
        owner_id: owner.id,
        created_by: staff.id,
        is_public: true,
        is_active: false,
        requests: [{ requester_id: member.id, message: 'I am interested in Ngozi' }],
      })
    ).id;
    memberToken = (await createSession(server.db, { userId: member.id, role: 'member', now: new Date() }))
      .token;
    staffToken = (await createSession(server.db, { userId: staff.id, role: 'consultant', now: new Date() }))
      .token;
  });
  afterAll(() => server.close());

  const call = (method: string, url: string, token?: string, payload?: Record<string, unknown>) =>
    server.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const fill = (url: string) =>
    url.replace(':userId', ownerId).replace(':introductionId', ownerId).replace(':id', introductionId);

  it('has a row for every admin path of the spec, and the console rows of its own', () => {
    expect(consoleRows.map((row) => `${row.method} ${row.url}`).sort()).toEqual(
      [
        'GET /user-introductions/pre/matched',
        'GET /admin/user-introductions/introduction/list',
        'GET /admin/user-introductions/pre/matched',
        'GET /admin/user-introductions/introduction/list/:userId',
        'GET /admin/user-introductions/owner/:userId',
        'GET /admin/user-introductions/:userId',
        'GET /admin/users/:userId',
        'POST /admin/user-introductions/introduction/register/:introductionId',
        'PATCH /admin/user-introductions/introduction/:id/activate',
        'PATCH /admin/user-introductions/introduction/:id/deactivate',
        'PATCH /admin/user-introductions/introduction/:id/note',
        'POST /admin/user-introductions/introduction/:id/suggestion',
        'DELETE /admin/user-introductions/introduction/:id/suggestion/:code',
        'PATCH /admin/user-introductions/introduction/:id/match',
        'GET /admin/match-requests',
        'PATCH /admin/match-requests/:request_id/introduce',
        'PATCH /admin/match-requests/:request_id/decline',
        'PATCH /admin/user-subscriptions/:subscriptionId/confirm',
      ].sort(),
    );
  });

  for (const row of consoleRows) {
    it(`${row.method} ${row.url}: anonymous 401, member 403, in the envelope`, async () => {
      const anonymous = await call(row.method, fill(row.url));
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ success: false, message: expect.any(String) });
      const member = await call(row.method, fill(row.url), memberToken);
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({ success: false, message: expect.any(String) });
    });
  }

  it('answers the search with the query parameters of the spec, data.data and data.paginator', async () => {
    const res = await call(
      'GET',
      '/user-introductions/pre/matched?gender=female&min_age=22&max_age=40&name=ngo&my_country_only=true&country_code=GB&reload=reload&page=1',
      staffToken,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.data).toHaveLength(1);
    expect(body.data.data[0]).toMatchObject({
      _id: ownerId,
      user_age: 30,
      contact: {
        _id: ownerId,
        first_name: 'Ngozi',
        country_code: 'GB',
        international_phone_number: '+447700900777',
      },
    });
    expect(body.data.paginator).toEqual(
      expect.objectContaining({
        currentPage: 1,
        pageCount: 1,
        prev: null,
        next: null,
        hasPrevPage: false,
        hasNextPage: false,
      }),
    );
    const refused = await call('GET', '/user-introductions/pre/matched?min_age=50&max_age=30', staffToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Minimun age cannot be greater that maximun age',
    });
  });

  it('answers the lists, the views and the changes with their fields', async () => {
    const list = (
      await call('GET', '/admin/user-introductions/introduction/list?status=open', staffToken)
    ).json();
    expect(list.data.data[0]).toMatchObject({ _id: introductionId, status: 'open', user: { _id: ownerId } });
    expect(list.data.paginator).toMatchObject({ currentPage: 1, pageCount: 1 });
    const detail = (
      await call('GET', `/admin/user-introductions/introduction/list/${ownerId}`, staffToken)
    ).json();
    expect(detail).toMatchObject({
      success: true,
      updated_user: { _id: ownerId },
      data: { _id: introductionId },
    });
    expect(detail.requests.data[0]).toMatchObject({ message: 'I am interested in Ngozi' });
    const view = (await call('GET', `/admin/user-introductions/${ownerId}`, staffToken)).json();
    expect(view).toMatchObject({
      success: true,
      data: { first_name: 'Ngozi' },
      updated_user: { _id: ownerId },
    });
    const user = (await call('GET', `/admin/users/${ownerId}`, staffToken)).json();
    expect(user).toMatchObject({
      success: true,
      data: { _id: ownerId, account_email: 'rest-owner@example.test' },
    });

    const activated = await call(
      'PATCH',
      `/admin/user-introductions/introduction/${introductionId}/activate`,
      staffToken,
    );
    expect(activated.json()).toMatchObject({
      success: true,
      data: { is_active: true },
    });
    const noted = await call(
      'PATCH',
      `/admin/user-introductions/introduction/${introductionId}/note`,
      staffToken,
      {
        note: 'Prefers evening calls',
      },
    );
    expect(noted.json()).toMatchObject({ success: true, data: { note: 'Prefers evening calls' } });
    const suggested = await seedUser(server.db, { email: 'rest-suggested@example.test', first_name: 'Kemi' });
    const coded = await call(
      'POST',
      `/admin/user-introductions/introduction/${introductionId}/suggestion`,
      staffToken,
      { code: suggested.contact_reference },
    );
    expect(coded.json()).toEqual({ success: true, message: 'Code added' });
    const registered = await call(
      'POST',
      `/admin/user-introductions/introduction/register/${ownerId}`,
      staffToken,
      { min_age: '28', max_age: '45', distant_relationship: true, details: 'Kind and honest' },
    );
    expect(registered.statusCode).toBe(200);
    expect(registered.json().data).toMatchObject({ min_age: 28, max_age: 45, distant_relationship: true });
  });
});
