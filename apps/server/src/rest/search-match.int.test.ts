import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

describe('GET /api/v1/search/match', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
    const [visible, hidden] = await server.db
      .insertInto('users')
      .values([
        {
          email: 'folake@example.com',
          phone: '+447700900456',
          first_name: 'Folake',
          gender: 'female',
          date_of_birth: '1992-03-14',
          country_code: 'IE',
          contact_reference: 'FK3M7Q',
        },
        {
          email: 'hidden@example.com',
          first_name: 'Hidden',
          gender: 'male',
          date_of_birth: '1990-01-01',
          country_code: 'GB',
          contact_reference: 'HD9X2P',
          profile_visibility: 'hidden',
        },
      ])
      .returning(['id'])
      .execute();
    await server.db
      .insertInto('photos')
      .values([{ user_id: visible!.id, url: '/media/avatars/FK3M7Q-1.svg', position: 0 }])
      .execute();
    await server.db
      .insertInto('user_citizenships')
      .values({ user_id: visible!.id, country_code: 'NG' })
      .execute();
    expect(hidden).toBeDefined();
  });
  afterAll(() => server.close());

  const get = (query: string, ip = '192.0.2.1') =>
    server.app.inject({ method: 'GET', url: `/api/v1/search/match${query}`, remoteAddress: ip });

  it('answers the envelope with the public profile', async () => {
    const res = await get('?contact_reference=FK3M7Q');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      data: {
        contact_reference: 'FK3M7Q',
        first_name: 'Folake',
        country_code: 'IE',
        country: 'Ireland',
        profile_pic_url: '/media/avatars/FK3M7Q-1.svg',
        countries: ['Nigeria'],
      },
    });
    expect(res.body).not.toMatch(/folake@example\.com|7700900456/);
  });

  it('answers unknown and hidden references with the same 404 body', async () => {
    const unknown = await get('?contact_reference=ZZZZZZ', '192.0.2.2');
    const hidden = await get('?contact_reference=HD9X2P', '192.0.2.2');
    expect(unknown.statusCode).toBe(404);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(unknown.body);
    expect(unknown.json()).toEqual({ success: false, message: 'not found' });
  });

  it('answers a missing reference with 400 in the envelope', async () => {
    const res = await get('', '192.0.2.3');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('answers the 61st lookup of a minute from one IP with 429 and Retry-After, and not another IP', async () => {
    for (let i = 0; i < 60; i++)
      expect((await get('?contact_reference=FK3M7Q', '192.0.2.4')).statusCode).toBe(200);
    const res = await get('?contact_reference=FK3M7Q', '192.0.2.4');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.json()).toEqual({
      success: false,
      message: 'Too many requests; please wait a minute and try again.',
    });
    expect((await get('?contact_reference=FK3M7Q', '192.0.2.5')).statusCode).toBe(200);
  });
});
