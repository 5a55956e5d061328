import { TRAINING_CONSENT_VERSION, ZTrainingSignupOutcome } from '@rhema/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

// The /training signup posted by the browser itself (no app): stored by training.signup, answered with a 303 back to
// the page, and refused from anywhere but our own pages.

const ORIGIN = 'http://localhost:3000';
const FORM = 'application/x-www-form-urlencoded';

/** The outcome the page reads from the answer's Location, decoded as the app's router reads search parameters. */
function outcomeOf(location: unknown) {
  const url = new URL(String(location), ORIGIN);
  expect(url.pathname).toBe('/training');
  const search = Object.fromEntries(
    [...url.searchParams].map(([key, value]) => [key, JSON.parse(value) as unknown]),
  );
  return { search, outcome: ZTrainingSignupOutcome.parse(search) };
}

describe('POST /training (the signup form without the app)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer({ PUBLIC_ORIGIN: ORIGIN });
  });
  afterAll(() => server.close());

  const rows = (email: string) =>
    server.db
      .selectFrom('training_signups')
      .select(['email', 'first_name', 'country_code', 'topics', 'consent_text_version'])
      .where('email', '=', email)
      .execute();

  const post = (
    body: string,
    { headers = {}, ip = '10.9.0.1' }: { headers?: Record<string, string>; ip?: string } = {},
  ) =>
    server.app.inject({
      method: 'POST',
      url: '/training',
      remoteAddress: ip,
      // a header given as '' is left out
      headers: Object.fromEntries(
        Object.entries({
          'content-type': FORM,
          origin: ORIGIN,
          'sec-fetch-site': 'same-origin',
          ...headers,
        }).filter(([, value]) => value !== ''),
      ),
      payload: body,
    });

  it('stores the signup through training.signup and sends the browser back to the thank-you', async () => {
    const res = await post(
      'first_name=+Kofi+&email=Kofi.Form%40Example.com&country_code=GH&topics=communication&topics=finances&consent=on',
      // a visitor's browser has the XSRF cookie of the page it loaded, and a form cannot echo it in a header
      { headers: { cookie: 'XSRF-TOKEN=from-the-page-load' } },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(outcomeOf(res.headers.location).search).toEqual({ signup: 'done' });
    expect(await rows('kofi.form@example.com')).toEqual([
      {
        email: 'kofi.form@example.com',
        first_name: 'Kofi',
        country_code: 'GH',
        topics: ['communication', 'finances'],
        consent_text_version: TRAINING_CONSENT_VERSION,
      },
    ]);
  });

  it('sends a refused form back with the fields to fix and the values to show again, never the email', async () => {
    const res = await post('first_name=Efua&email=efua.form%40example&country_code=&topics=readiness');
    expect(res.statusCode).toBe(303);
    const { outcome } = outcomeOf(res.headers.location);
    expect(outcome).toEqual({
      signup: 'invalid',
      invalid: ['email', 'consent'],
      first_name: 'Efua',
      topics: ['readiness'],
    });
    expect(String(res.headers.location)).not.toContain('efua.form');
    expect(await rows('efua.form@example')).toEqual([]);
  });

  it('says so when the per-IP limit of the procedure is reached', async () => {
    const ip = '10.9.0.2';
    for (let i = 0; i < 10; i++) {
      const res = await post(`first_name=Ama&email=ama${i}.form%40example.com&consent=on`, { ip });
      expect(outcomeOf(res.headers.location).outcome.signup).toBe('done');
    }
    const res = await post('first_name=Ama&email=ama10.form%40example.com&consent=on', { ip });
    expect(res.statusCode).toBe(303);
    expect(outcomeOf(res.headers.location).outcome).toEqual({ signup: 'limited', first_name: 'Ama' });
    expect(await rows('ama10.form@example.com')).toEqual([]);
  });

  it.each([
    ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['another site naming ours', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling subdomain', { origin: 'http://sub.localhost:3000', 'sec-fetch-site': 'same-site' }],
    ['no Origin at all', { origin: '', 'sec-fetch-site': '' }],
  ])('refuses a form posted from %s (403, nothing stored)', async (_name, headers) => {
    const res = await post('first_name=Mallory&email=mallory.form%40example.com&consent=on', { headers });
    expect(res.statusCode).toBe(403);
    expect(await rows('mallory.form@example.com')).toEqual([]);
  });

  it('takes only a form body', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/training',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: JSON.stringify({ first_name: 'Json', email: 'json.form@example.com', consent: true }),
    });
    expect(res.statusCode).toBe(415);
    expect(await rows('json.form@example.com')).toEqual([]);
  });

  it('leaves the API to its double-submit check: the same signup by tRPC without X-XSRF-TOKEN is refused', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/training.signup',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        cookie: 'XSRF-TOKEN=from-the-page-load',
      },
      payload: JSON.stringify({ first_name: 'Trpc', email: 'trpc.form@example.com', consent: true }),
    });
    expect(res.statusCode).toBe(403);
    expect(await rows('trpc.form@example.com')).toEqual([]);
  });
});
