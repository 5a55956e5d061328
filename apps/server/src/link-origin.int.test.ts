// Links a member follows from an answer point at the address the request came to when this server answers for it
// (link-origin.ts), not at PUBLIC_ORIGIN: the identity check's page and return, the development checkout and its
// return, an event's page in its calendar file. Another host gets PUBLIC_ORIGIN.
import { seedEvent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseTrustProviders } from './routes/trust';
import { restClient } from './test/rest-client';
import { createTestServer } from './test/test-server';

describe('links in answers follow the request origin', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  const trust = chooseTrustProviders({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'http://localhost:3000' });
  const rest = restClient(() => server, 'links');
  beforeAll(async () => {
    server = await createTestServer({ PUBLIC_ORIGIN: 'http://localhost:3000' }, { trust });
  });
  afterAll(() => server.close());

  const call = (token: string, host: string, method: 'GET' | 'POST', url: string) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, host },
      ...(method === 'POST' ? { payload: {} } : {}),
    });

  it('the identity check opens and returns on the address the member is on', async () => {
    const member = await rest.member('Ada');
    const onPort = await call(member.token, '127.0.0.1:3202', 'POST', '/api/v1/user-verification');
    expect(onPort.statusCode).toBe(200);
    expect(onPort.json().data.url).toMatch(
      /^http:\/\/127\.0\.0\.1:3202\/dev\/identity\/vs_dev_[0-9a-f]{24}$/,
    );
    const elsewhere = await call(member.token, 'evil.example', 'POST', '/api/v1/user-verification');
    expect(elsewhere.json().data.url).toMatch(/^http:\/\/localhost:3000\/dev\/identity\//);
  });

  it('the development checkout opens on the address the member is on', async () => {
    const owner = await rest.member('Owner');
    const contact = await rest.member('Contact');
    const [row] = await server.db
      .insertInto('introductions')
      .values({ owner_id: owner.user.id, contact_id: contact.user.id, is_active: true })
      .returning('id')
      .execute();
    const answer = await call(
      owner.token,
      'localhost:4173',
      'POST',
      `/api/v1/user-subscriptions/premium?matchId=${row!.id}`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.payment.checkout_url).toMatch(
      /^http:\/\/localhost:4173\/dev\/checkout\/cs_dev_/,
    );
  });

  it("the calendar file links the event's page on that address and keeps its UID", async () => {
    const member = await rest.member('Eve');
    const id = await seedEvent(server.db);
    const onPort = await call(member.token, '127.0.0.1:3202', 'GET', `/api/events/${id}/calendar.ics`);
    expect(onPort.statusCode).toBe(200);
    const lines = onPort.body.split('\r\n');
    expect(lines).toContain(`URL:http://127.0.0.1:3202/events/${id}`);
    expect(lines).toContain(`UID:event-${id}@localhost`);
    const elsewhere = await call(member.token, 'evil.example', 'GET', `/api/events/${id}/calendar.ics`);
    expect(elsewhere.body.split('\r\n')).toContain(`URL:http://localhost:3000/events/${id}`);
  });
});
