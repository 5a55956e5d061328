// Premium paid online end to end through the server (docs/decisions/173-premium-paid-online.md): the configured
// price, the member's checkout over api/v1, the provider's signed webhook activating or revoking premium.
// Signatures good, bad and replayed; redeliveries; events out of order; refunds and disputes; the receipt.
import { createSession } from '@rhema/auth';
import { developmentPaymentEvent, signWebhook } from '@rhema/core';
import { seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restClient } from '../test/rest-client';
import { createTestServer } from '../test/test-server';
import { PAYMENTS_WEBHOOK_PATH } from './payments';
import { chooseTrustProviders } from './trust';

describe('premium payments', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  const now = () => new Date();
  const trust = chooseTrustProviders({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'http://localhost:3000' });
  const secret = trust.developmentSecret!;
  const rest = restClient(() => server, 'pay');
  let n = 0;
  beforeAll(async () => {
    server = await createTestServer(
      { PREMIUM_PRICE_MINOR: '3500', PREMIUM_PRICE_CURRENCY: 'eur' },
      { trust, now },
    );
  });
  afterAll(() => server.close());

  async function checkout() {
    n++;
    const owner = await rest.member(`Owner${n}`);
    const contact = await rest.member(`Contact${n}`);
    const [row] = await server.db
      .insertInto('introductions')
      .values({ owner_id: owner.user.id, contact_id: contact.user.id, is_active: true })
      .returning('id')
      .execute();
    const matchId = row!.id;
    const answer = await rest.call(owner, 'POST', `/user-subscriptions/premium?matchId=${matchId}`, {});
    expect(answer.status).toBe(200);
    const subscription = answer.body.data;
    const reference = String(subscription.payment.reference);
    return { owner, contact, matchId, subscription, reference, payment: `pi_dev_${reference.slice(7)}` };
  }

  function deliver(body: string, signature = signWebhook(secret, body, now())) {
    return server.app.inject({
      method: 'POST',
      url: PAYMENTS_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
  }
  const paid = (c: { reference: string; payment: string }, at = now()) =>
    developmentPaymentEvent({
      kind: 'paid',
      checkoutReference: c.reference,
      paymentReference: c.payment,
      at,
    });
  const reversal = (kind: 'refunded' | 'disputed', c: { payment: string }, at = now()) =>
    developmentPaymentEvent({ kind, paymentReference: c.payment, at });

  const byId = (id: string) =>
    server.db
      .selectFrom('subscriptions')
      .select(['status', 'payment_state', 'amount_minor', 'currency', 'payment_reference'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('serves the configured price, and a checkout answers its URL at that price', async () => {
    const price = await server.app.inject({ method: 'GET', url: '/api/v1/user-subscriptions/premium/price' });
    expect(price.json().data).toEqual({ amount_minor: 3500, currency: 'EUR', label: '€35.00' });
    const { subscription, reference } = await checkout();
    expect(reference).toMatch(/^cs_dev_[0-9a-f]{24}$/);
    expect(subscription).toMatchObject({
      status: 'pending',
      payment: {
        provider: 'development',
        state: 'awaiting',
        amount: { amount_minor: 3500, currency: 'EUR', label: '€35.00' },
        // on the address the request came to (app.inject's is localhost:80): link-origin.ts
        checkout_url: `http://localhost/dev/checkout/${reference}`,
      },
    });
  });

  it('a signed payment activates premium once, mails one receipt, and lets the request through', async () => {
    const c = await checkout();
    const before = server.mailer.messages.length;
    const requestIt = () =>
      server.app.inject({
        method: 'PATCH',
        url: `/api/v1/user-introductions/${c.matchId}/request`,
        headers: { authorization: `Bearer ${c.owner.token}` },
        payload: { message: 'I would love to meet you' },
      });
    expect((await requestIt()).statusCode).toBe(417);
    const event = paid(c);
    expect((await deliver(event)).json()).toEqual({ received: true, result: 'applied' });
    expect(await byId(c.subscription._id)).toMatchObject({ status: 'active', payment_state: 'paid' });
    // redelivered: nothing changes, no second receipt
    expect((await deliver(event)).json()).toMatchObject({ result: 'duplicate' });
    // another event for the same checkout (Stripe's async success after completion): ignored
    expect((await deliver(paid(c))).json()).toMatchObject({ result: 'ignored' });
    const receipts = server.mailer.messages.slice(before).filter((m) => m.subject.includes('receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('€35.00');
    expect(receipts[0]!.text).toContain(c.payment);
    // the live premium answered again: active, no checkout left to pay
    const live = await rest.call(c.owner, 'POST', `/user-subscriptions/premium?matchId=${c.matchId}`, {});
    expect(live.body.data).toMatchObject({ _id: c.subscription._id, status: 'active' });
    expect(live.body.data.payment.checkout_url).toBeNull();
    expect((await requestIt()).statusCode).toBe(200);
  });

  it('refuses a bad signature, another secret, a missing header and a replay: 400, nothing changes', async () => {
    const c = await checkout();
    const body = paid(c);
    expect((await deliver(body, signWebhook('whsec_not_ours', body, now()))).statusCode).toBe(400);
    expect(
      (await deliver(body.replace('"paid"', '"paiD"'), signWebhook(secret, body, now()))).statusCode,
    ).toBe(400);
    expect((await deliver(body, '')).statusCode).toBe(400);
    const old = signWebhook(secret, body, new Date(now().getTime() - 6 * 60_000));
    expect((await deliver(body, old)).statusCode).toBe(400);
    expect(await byId(c.subscription._id)).toMatchObject({ status: 'pending', payment_state: 'awaiting' });
    expect((await deliver(body)).json()).toMatchObject({ result: 'applied' });
  });

  it('a full refund revokes premium while the introduction is not accepted; a dispute too', async () => {
    const c = await checkout();
    await deliver(paid(c));
    expect((await deliver(reversal('refunded', c))).json()).toMatchObject({ result: 'applied' });
    expect(await byId(c.subscription._id)).toMatchObject({ status: 'revoked', payment_state: 'refunded' });
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', c.subscription._id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['subscription.paid', 'subscription.revoke']),
    );

    const d = await checkout();
    await deliver(paid(d));
    expect((await deliver(reversal('disputed', d))).json()).toMatchObject({ result: 'applied' });
    expect(await byId(d.subscription._id)).toMatchObject({ status: 'revoked', payment_state: 'disputed' });
    // the member may start again: a revoked premium is not live
    const again = await rest.call(d.owner, 'POST', `/user-subscriptions/premium?matchId=${d.matchId}`, {});
    expect(again.body.data._id).not.toBe(d.subscription._id);
  });

  it('a refund keeps premium once the introduction is accepted', async () => {
    const c = await checkout();
    await deliver(paid(c));
    await server.db
      .updateTable('introductions')
      .set({ status: 'accepted' })
      .where('id', '=', c.matchId)
      .execute();
    expect((await deliver(reversal('refunded', c))).json()).toMatchObject({ result: 'applied' });
    expect(await byId(c.subscription._id)).toMatchObject({ status: 'active', payment_state: 'refunded' });
  });

  it('is safe out of order: a refund before its payment waits and applies when the payment arrives', async () => {
    const c = await checkout();
    const t0 = now();
    const refund = reversal('refunded', c, new Date(t0.getTime() + 5_000));
    expect((await deliver(refund)).json()).toMatchObject({ result: 'held' });
    expect(await byId(c.subscription._id)).toMatchObject({ status: 'pending', payment_state: 'awaiting' });
    const before = server.mailer.messages.length;
    expect((await deliver(paid(c, t0))).json()).toMatchObject({ result: 'applied' });
    expect(await byId(c.subscription._id)).toMatchObject({ status: 'revoked', payment_state: 'refunded' });
    // no receipt for a payment already refunded
    expect(server.mailer.messages.slice(before)).toHaveLength(0);
    // the refund redelivered: a duplicate
    expect((await deliver(refund)).json()).toMatchObject({ result: 'duplicate' });
  });

  it('a partial refund and unrelated events change nothing; staff can still confirm a bank transfer', async () => {
    const c = await checkout();
    const partial = JSON.parse(reversal('refunded', c)) as { data: { object: { refunded: boolean } } };
    partial.data.object.refunded = false;
    expect((await deliver(JSON.stringify(partial))).json()).toMatchObject({ result: 'ignored' });
    const other = JSON.stringify({ id: 'evt_x', type: 'customer.created', created: 1, data: { object: {} } });
    expect((await deliver(other)).json()).toMatchObject({ result: 'ignored' });
    const consultant = await seedUser(server.db, {
      email: 'pay-staff@example.test',
      first_name: 'Staff',
      role: 'consultant',
    });
    const staff = await createSession(server.db, { userId: consultant.id, role: 'consultant', now: now() });
    const confirmed = await rest.call(
      staff,
      'PATCH',
      `/admin/user-subscriptions/${c.subscription._id}/confirm`,
      {},
    );
    expect(confirmed.status).toBe(200);
    expect(server.mailer.messages.at(-1)?.subject).toBe('Your Rhema Premium receipt');
    expect(await byId(c.subscription._id)).toMatchObject({ status: 'active', payment_state: 'paid' });
    // the card payment arriving after the bank transfer was recorded does not change it again
    expect((await deliver(paid(c))).json()).toMatchObject({ result: 'ignored' });
  });

  it('the development checkout pays through the signed webhook and sends the member back to the premium screen', async () => {
    const c = await checkout();
    const page = await server.app.inject({ method: 'GET', url: `/dev/checkout/${c.reference}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('€35.00');
    const pay = /href="([^"]+choice=pay[^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    const forged = await server.app.inject({ method: 'GET', url: pay.replace(/mac=[0-9a-f]+/, 'mac=00') });
    expect(forged.statusCode).toBe(400);
    expect(await byId(c.subscription._id)).toMatchObject({ status: 'pending' });
    const chosen = await server.app.inject({ method: 'GET', url: pay });
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe(
      `/account/user/${c.owner.user.id}/match/${c.matchId}/sub/${c.subscription._id}/premium`,
    );
    expect(await byId(c.subscription._id)).toMatchObject({ status: 'active', payment_state: 'paid' });
    expect((await server.app.inject({ method: 'GET', url: '/dev/checkout/cs_dev_nope' })).statusCode).toBe(
      404,
    );
  });
});
