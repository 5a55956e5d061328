import {
  applyVerificationEvent,
  createDevelopmentIdentityProvider,
  startVerification,
  type VerificationOutcome,
} from '@rhema/core';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// Staff revoke a member's verification with a reason the member reads (docs/decisions/171-identity-verification-
// provider.md): the state says revoked with the reason, the badge goes everywhere at once (users.identity_verified_at
// is its one source), the revocation is audited, and no late provider event gives the badge back.
describe('verification.revoke', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let staff: Awaited<ReturnType<ReturnType<typeof createHarness>['as']>>;
  let viewer: Awaited<ReturnType<ReturnType<typeof createHarness>['as']>>;
  const provider = createDevelopmentIdentityProvider({ webhookSecret: 'whsec_revoke_test' });

  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
    staff = await h.as('consultant', { first_name: 'Consuela' });
    viewer = await h.as('member', { first_name: 'Viewer' });
  });
  afterAll(() => handle.close());

  let events = 0;
  /** the provider's event for the member's session, as the webhook applies it once its signature is checked */
  const deliver = (reference: string, outcome: VerificationOutcome) =>
    applyVerificationEvent({
      db: handle.db,
      now: h.clock.now,
      provider: provider.name,
      event: { id: `evt_revoke_${++events}`, createdAt: h.clock.now, reference, outcome, reason: null },
    });

  /** a member verified through a provider session, as production does it */
  async function verifiedMember(first_name: string) {
    const member = await h.as('member', { first_name, age: 30, country_code: 'GH' });
    const started = await startVerification({
      db: handle.db,
      now: h.clock.now,
      userId: member.user.id,
      provider,
      returnUrl: 'http://localhost:3000/account/verification',
    });
    const reference = started.url.split('/').pop()!;
    h.advance(1_000);
    expect(await deliver(reference, 'verified')).toBe('applied');
    return { ...member, reference };
  }

  /** where the badge shows: the member's profile to another member, the members list, the console's table and page */
  async function badges(member: { user: { id: string; first_name: string } }) {
    const profile = await viewer.caller.members.get({ id: member.user.id });
    const list = await viewer.caller.members.list({ name: member.user.first_name, verified_only: true });
    const table = await staff.caller.admin.membersTable({ country_code: 'GH' });
    const row = table.data.find((r) => r._id === member.user.id);
    const page = await staff.caller.admin.member({ userId: member.user.id });
    return {
      profile: profile.profile.identity_verified,
      inVerifiedList: list.data.some((m) => m._id === member.user.id),
      table: row?.identity_verified,
      consolePage: page.data.identity_verified,
    };
  }

  it('takes the badge away at once, tells the member the reason and audits who did it', async () => {
    const ama = await verifiedMember('Amarachi');
    expect(await badges(ama)).toEqual({
      profile: true,
      inVerifiedList: true,
      table: true,
      consolePage: true,
    });

    h.advance(60_000);
    const reason = 'The name on the document does not match the profile.';
    const revoked = await staff.caller.verification.revoke({ userId: ama.user.id, reason: `  ${reason} ` });
    expect(revoked).toMatchObject({ status: 'revoked', reason });

    // the member reads the state and the reason
    expect(await ama.caller.verification.mine()).toMatchObject({ status: 'revoked', reason });
    const row = await handle.db
      .selectFrom('identity_verifications')
      .select(['status', 'reason', 'revoked_by', 'verified_at'])
      .where('user_id', '=', ama.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'revoked', reason, revoked_by: staff.user.id, verified_at: null });
    const user = await handle.db
      .selectFrom('users')
      .select('identity_verified_at')
      .where('id', '=', ama.user.id)
      .executeTakeFirstOrThrow();
    expect(user.identity_verified_at).toBeNull();

    // the badge is gone wherever it showed
    expect(await badges(ama)).toEqual({
      profile: false,
      inVerifiedList: false,
      table: false,
      consolePage: false,
    });

    // audited: who, whom, when and why
    const audit = await handle.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_type', 'details', 'created_at'])
      .where('target_id', '=', ama.user.id)
      .where('action', '=', 'verification.revoke')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: staff.user.id, target_type: 'user', details: { reason } });
    expect(new Date(audit[0]!.created_at).toISOString()).toBe(h.clock.now.toISOString());

    // a late event of the old session does not give the badge back; revoking twice is refused
    h.advance(1_000);
    expect(await deliver(ama.reference, 'verified')).toBe('ignored');
    expect(await ama.caller.verification.mine()).toMatchObject({ status: 'revoked' });
    expect(await rejection(staff.caller.verification.revoke({ userId: ama.user.id, reason }))).toMatchObject({
      status: 409,
      message: 'This member is not verified.',
    });

    // the member may verify again with a new session
    const again = await startVerification({
      db: handle.db,
      now: h.clock.now,
      userId: ama.user.id,
      provider,
      returnUrl: 'http://localhost:3000/account/verification',
    });
    expect(again.status).toBe('pending');
    h.advance(1_000);
    expect(await deliver(again.url.split('/').pop()!, 'verified')).toBe('applied');
    expect((await badges(ama)).profile).toBe(true);
  });

  it('revokes a badge given without a provider session (the demo seed), with the reason for the member', async () => {
    const seeded = await h.as('member', { first_name: 'Seeded', age: 30, country_code: 'GH' });
    await handle.db
      .updateTable('users')
      .set({ identity_verified_at: h.clock.now })
      .where('id', '=', seeded.user.id)
      .execute();
    expect(await seeded.caller.verification.mine()).toMatchObject({ status: 'verified' });
    await staff.caller.verification.revoke({ userId: seeded.user.id, reason: 'Demo badge withdrawn' });
    expect(await seeded.caller.verification.mine()).toMatchObject({
      status: 'revoked',
      reason: 'Demo badge withdrawn',
    });
    expect((await badges(seeded)).profile).toBe(false);
  });

  it('is for staff only, needs a reason, and refuses a member who is not verified', async () => {
    const bola = await verifiedMember('Bolanle');
    expect(
      (await rejection(viewer.caller.verification.revoke({ userId: bola.user.id, reason: 'Not mine to do' })))
        .status,
    ).toBe(403);
    expect(
      (await rejection(h.anonymous().verification.revoke({ userId: bola.user.id, reason: 'Nobody' }))).status,
    ).toBe(401);
    expect(
      await rejection(staff.caller.verification.revoke({ userId: bola.user.id, reason: '  ' })),
    ).toMatchObject({ status: 400, field: 'reason' });
    expect(await bola.caller.verification.mine()).toMatchObject({ status: 'verified' });
    const never = await h.as('member', { first_name: 'Never' });
    expect(
      (await rejection(staff.caller.verification.revoke({ userId: never.user.id, reason: 'No badge' })))
        .status,
    ).toBe(409);
    const audit = await handle.db
      .selectFrom('audit_log')
      .select('id')
      .where('target_id', 'in', [bola.user.id, never.user.id])
      .where('action', '=', 'verification.revoke')
      .execute();
    expect(audit).toEqual([]);
  });
});
