// Identity verification end to end through the server (docs/decisions/171-identity-verification-provider.md): the
// member starts a session over api/v1, the provider's signed webhook changes the state. Signatures good, bad and
// replayed; redeliveries; events out of order; the badge follows the state; no image data is stored.
import { developmentIdentityEvent, signWebhook } from '@rhema/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restClient } from '../test/rest-client';
import { createTestServer } from '../test/test-server';
import { chooseTrustProviders, IDENTITY_WEBHOOK_PATH } from './trust';

describe('identity verification webhooks', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  const now = () => new Date();
  const trust = chooseTrustProviders({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'http://localhost:3000' });
  const secret = trust.developmentSecret!;
  const rest = restClient(() => server, 'verify');
  beforeAll(async () => {
    server = await createTestServer({}, { trust, now });
  });
  afterAll(() => server.close());

  async function started(name: string) {
    const member = await rest.member(name);
    const answer = await rest.call(member, 'POST', '/user-verification', {});
    expect(answer.status).toBe(200);
    const reference = String(answer.body.data.url).split('/').pop()!;
    return { member, reference, answer };
  }

  function deliver(body: string, signature = signWebhook(secret, body, now())) {
    return server.app.inject({
      method: 'POST',
      url: IDENTITY_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
  }

  const event = (reference: string, outcome: 'pending' | 'verified' | 'declined' | 'expired', at = now()) =>
    developmentIdentityEvent({ reference, outcome, reason: 'The identity document has expired.', at });

  async function state(member: { token: string }) {
    return (await rest.call(member, 'GET', '/user-verification')).body.data as Record<string, unknown>;
  }

  it('starts a pending session with the provider page, and a signed "verified" event gives the badge', async () => {
    const { member, reference, answer } = await started('Ada');
    expect(answer.body.data).toMatchObject({ status: 'pending', provider: 'development' });
    // on the address the request came to (app.inject's is localhost:80): link-origin.ts
    expect(answer.body.data.url).toBe(`http://localhost/dev/identity/${reference}`);
    const viewer = await rest.member('Viewer');
    const badge = async () =>
      (await rest.call(viewer, 'GET', `/members/${member.user.id}`)).body.data.profile.identity_verified;
    expect(await badge()).toBe(false);

    const res = await deliver(event(reference, 'verified'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, result: 'applied' });
    expect(await state(member)).toMatchObject({ status: 'verified', reason: null });
    expect(
      (
        await server.db
          .selectFrom('users')
          .select('identity_verified_at')
          .where('id', '=', member.user.id)
          .executeTakeFirstOrThrow()
      ).identity_verified_at,
    ).not.toBeNull();
    expect(await badge()).toBe(true);
    // a verified member has nothing to start
    expect((await rest.call(member, 'POST', '/user-verification', {})).status).toBe(409);
  });

  it('refuses a bad signature, another secret, a missing header and a replay outside the window: 400, nothing changes', async () => {
    const { member, reference } = await started('Bola');
    const body = event(reference, 'verified');
    const forged = signWebhook('whsec_not_ours', body, now());
    expect((await deliver(body, forged)).statusCode).toBe(400);
    const tampered = signWebhook(secret, body, now());
    expect((await deliver(body.replace('verified', 'verifieD'), tampered)).statusCode).toBe(400);
    expect((await deliver(body, '')).statusCode).toBe(400);
    // the same bytes signed six minutes ago: a captured request replayed later
    const old = signWebhook(secret, body, new Date(now().getTime() - 6 * 60_000));
    expect((await deliver(body, old)).statusCode).toBe(400);
    expect(await state(member)).toMatchObject({ status: 'pending' });
    // nothing was recorded for the refused deliveries: the genuine one still applies
    expect((await deliver(body)).json()).toMatchObject({ result: 'applied' });
  });

  it('applies an event id once: a redelivery answers 200 and changes nothing', async () => {
    const { member, reference } = await started('Chidi');
    const declined = event(reference, 'declined');
    expect((await deliver(declined)).json()).toMatchObject({ result: 'applied' });
    expect(await state(member)).toMatchObject({
      status: 'declined',
      reason: 'The identity document has expired.',
    });
    await server.db
      .updateTable('identity_verifications')
      .set({ status: 'pending', reason: null, event_at: null })
      .where('user_id', '=', member.user.id)
      .execute();
    const again = await deliver(declined);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ result: 'duplicate' });
    expect(await state(member)).toMatchObject({ status: 'pending' });
  });

  it('is safe out of order: a late "pending" never undoes "verified", an older event never overrides a newer one', async () => {
    const { member, reference } = await started('Dayo');
    const t0 = now();
    const pending = event(reference, 'pending', t0);
    const declined = event(reference, 'declined', new Date(t0.getTime() + 1_000));
    const verified = event(reference, 'verified', new Date(t0.getTime() + 2_000));
    expect((await deliver(declined)).json()).toMatchObject({ result: 'applied' });
    expect((await deliver(pending)).json()).toMatchObject({ result: 'ignored' });
    expect(await state(member)).toMatchObject({ status: 'declined' });
    expect((await deliver(verified)).json()).toMatchObject({ result: 'applied' });
    expect((await deliver(event(reference, 'pending', new Date(t0.getTime() + 3_000)))).json()).toMatchObject(
      {
        result: 'ignored',
      },
    );
    expect(await state(member)).toMatchObject({ status: 'verified' });
  });

  it('ignores an event of a session the member has replaced, and one of a session that is not ours', async () => {
    const { member, reference: first } = await started('Efe');
    const second = String((await rest.call(member, 'POST', '/user-verification', {})).body.data.url)
      .split('/')
      .pop()!;
    expect((await deliver(event(first, 'verified'))).json()).toMatchObject({ result: 'ignored' });
    expect(await state(member)).toMatchObject({ status: 'pending' });
    expect((await deliver(event('vs_dev_000000000000000000000000', 'verified'))).json()).toMatchObject({
      result: 'ignored',
    });
    expect((await deliver(event(second, 'expired'))).json()).toMatchObject({ result: 'applied' });
    expect(await state(member)).toMatchObject({ status: 'expired' });
  });

  it('the development page approves through the signed webhook and sends the member back', async () => {
    const { member, reference } = await started('Funmi');
    const page = await server.app.inject({ method: 'GET', url: `/dev/identity/${reference}` });
    expect(page.statusCode).toBe(200);
    const approve = /href="([^"]+choice=0[^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    const forged = await server.app.inject({
      method: 'GET',
      url: approve.replace(/mac=[0-9a-f]+/, 'mac=00'),
    });
    expect(forged.statusCode).toBe(400);
    const chosen = await server.app.inject({ method: 'GET', url: approve });
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe('/account/verification');
    expect(await state(member)).toMatchObject({ status: 'verified' });
  });

  it('stores no image, document number or address: the tables hold only state, reference and dates', async () => {
    const { rows } = await sql<{ tbl: string; col: string }>`
      select table_name::text as tbl, column_name::text as col from information_schema.columns
       where table_schema = 'public' and table_name in ('identity_verifications', 'webhook_events')
       order by 1, 2`.execute(server.db);
    expect(rows.map((r) => `${r.tbl}.${r.col}`)).toEqual([
      'identity_verifications.event_at',
      'identity_verifications.provider',
      'identity_verifications.provider_reference',
      'identity_verifications.reason',
      'identity_verifications.revoked_by',
      'identity_verifications.started_at',
      'identity_verifications.status',
      'identity_verifications.updated_at',
      'identity_verifications.user_id',
      'identity_verifications.verified_at',
      'webhook_events.event_id',
      'webhook_events.provider',
      'webhook_events.received_at',
    ]);
    // and no column anywhere whose name says image, document, selfie or address data; the one allowed is an event's
    // picture, which staff choose for a meetup (packages/db/src/migrations/20261124T1630_events.ts), not a member's
    const { rows: suspicious } = await sql<{ col: string }>`
      select table_name || '.' || column_name as col from information_schema.columns
       where table_schema = 'public'
         and column_name ~* '(^|_)(selfie|face|document|id_number|passport|licen[cs]e|address|image|biometric)(_|$)'`.execute(
      server.db,
    );
    expect(suspicious.map((r) => r.col)).toEqual(['events.image_url']);
  });
});
