import { RATE_LIMITS } from '@rhema/auth';
import { createDevelopmentIdentityProvider } from '@rhema/core';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { seedContent, seedEvent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContextInner } from '../../context';
import { createCaller } from '../../root';
import { createHarness, rejection } from '../../test/harness';

// docs/security.md, F28 and F29: identity-verification starts (40 of 40 answered 200, each an audit row and a
// provider session), RSVPs and their cancellations (each cancelled place mails the next on the waitlist), guest-list
// toggles, community joins and leaves, and blocks and unblocks had no limit. Each now counts in the one rate
// limiter and answers 429 with Retry-After and the limit in its words past it.

const HOUR = 3_600_000;

describe('limits on repeatable member writes (F28, F29)', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  let n = 0;
  const member = () => h.as('member', { email: `writes-${++n}@example.test` });

  /** Calls `act` until it is refused; answers how many passed and the refusal. */
  async function untilRefused(act: (i: number) => Promise<unknown>, most = 100) {
    for (let i = 0; i < most; i += 1) {
      try {
        await act(i);
      } catch (error) {
        return { passed: i, refusal: await rejection(Promise.reject(error)) };
      }
    }
    throw new Error(`never refused in ${most} calls`);
  }

  it('identity-verification starts: a few an hour, a handful a day (F28)', async () => {
    const { user } = await member();
    const identity = createDevelopmentIdentityProvider({
      webhookSecret: 'whsec_limits_test',
    });
    // the harness's callers have no identity provider: this one has, as the server's do
    const caller = createCaller(
      createContextInner({
        db: handle.db,
        now: () => new Date(h.clock.now),
        identity,
        user: { id: user.id, role: 'member', first_name: user.first_name },
        session: { id: 'limits-session', via: 'bearer' },
      }),
    );
    const start = () => caller.verification.start();
    const hour = await untilRefused(start);
    expect(hour.passed).toBe(RATE_LIMITS.verificationStartsPerHour.limit);
    expect(hour.refusal).toMatchObject({
      status: 429,
      message: 'Limit reached: you can start an identity check 3 times an hour.',
    });
    expect(hour.refusal.retryAfter).toBeGreaterThan(0);
    h.advance(HOUR);
    const day = await untilRefused(start);
    expect(day.passed).toBe(
      RATE_LIMITS.verificationStartsPerDay.limit - RATE_LIMITS.verificationStartsPerHour.limit,
    );
    expect(day.refusal.message).toBe('Limit reached: you can start an identity check 5 times a day.');
    const audited = await handle.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('actor_id', '=', user.id)
      .where('action', '=', 'verification.start')
      .executeTakeFirstOrThrow();
    expect(Number(audited.n)).toBe(RATE_LIMITS.verificationStartsPerDay.limit);
  });

  it('RSVP and cancel on one event cycle a few times a day, and never mail past it (F29)', async () => {
    const id = await seedEvent(handle.db, {
      starts_at: new Date(h.clock.now.getTime() + 72 * HOUR),
      ends_at: new Date(h.clock.now.getTime() + 74 * HOUR),
      capacity: 1,
    });
    const cycler = await member();
    const waiting = await member();
    await cycler.caller.events.rsvp({ id });
    await waiting.caller.events.rsvp({ id });
    const mails = () => h.mailer.messages.filter((m) => m.to === waiting.user.email).length;
    const before = mails();
    // the first RSVP counted: cancel, RSVP again, ... until the event's daily limit
    const cycle = await untilRefused((i) =>
      i % 2 === 0 ? cycler.caller.events.cancelRsvp({ id }) : cycler.caller.events.rsvp({ id }),
    );
    expect(cycle.passed).toBe(RATE_LIMITS.rsvpChangesPerEventDay.limit - 1);
    expect(cycle.refusal).toMatchObject({
      status: 429,
      message: 'Limit reached: you can change your reply to one event 6 times a day.',
    });
    // the waiting guest's promotions stop with it (each cancel while the cycler held the place promoted them)
    expect(mails() - before).toBeLessThanOrEqual(Math.ceil(RATE_LIMITS.rsvpChangesPerEventDay.limit / 2));
    // a cancel with nothing to cancel counts nothing
    const other = await member();
    for (let i = 0; i < 10; i += 1) await other.caller.events.cancelRsvp({ id });
  });

  it('guest-list toggles (F29)', async () => {
    const id = await seedEvent(handle.db, { starts_at: new Date(h.clock.now.getTime() + 72 * HOUR) });
    const guest = await member();
    await guest.caller.events.rsvp({ id });
    const toggles = await untilRefused((i) =>
      guest.caller.events.setGuestList({ id, on_guest_list: i % 2 === 0 }),
    );
    expect(toggles.passed).toBe(RATE_LIMITS.guestListChangesPerHour.limit);
    expect(toggles.refusal.status).toBe(429);
  });

  it('community joins and leaves (F29)', async () => {
    const guest = await member();
    const slug = 'healthcare-professionals';
    const changes = await untilRefused((i) =>
      i % 2 === 0 ? guest.caller.communities.join({ slug }) : guest.caller.communities.leave({ slug }),
    );
    expect(changes.passed).toBe(RATE_LIMITS.communityChangesPerHour.limit);
    expect(changes.refusal).toMatchObject({
      status: 429,
      message: 'Limit reached: you can join or leave communities 30 times an hour.',
    });
  });

  it('blocks and unblocks, each an audit row (F29)', async () => {
    const guest = await member();
    const target = await member();
    const changes = await untilRefused((i) =>
      i % 2 === 0
        ? guest.caller.safety.block({ user_id: target.user.id })
        : guest.caller.safety.unblock({ user_id: target.user.id }),
    );
    expect(changes.passed).toBe(RATE_LIMITS.blockChangesPerHour.limit);
    expect(changes.refusal.status).toBe(429);
    h.advance(HOUR);
    await guest.caller.safety.block({ user_id: target.user.id });
  });

  it('data exports and consent changes (F29)', async () => {
    const guest = await member();
    const exports = await untilRefused(() => guest.caller.account.exportData());
    expect(exports.passed).toBe(RATE_LIMITS.dataExportsPerHour.limit);
    expect(exports.refusal.message).toBe('Limit reached: you can download your data 10 times an hour.');
    const give = { text_version: SPECIAL_CATEGORY_CONSENT.textVersion };
    const changes = await untilRefused((i) =>
      i % 2 === 0
        ? guest.caller.profile.giveSpecialConsent(give)
        : guest.caller.profile.withdrawSpecialConsent(),
    );
    expect(changes.passed).toBe(RATE_LIMITS.consentChangesPerHour.limit);
    expect(changes.refusal.status).toBe(429);
  });
});
