// docs/security.md, F20: 40 parallel reports of one member by one member were all accepted
// and counted in the moderation queue. A reporter holds one open report per member (the same report again, from a
// retry or a double tap, answers that report), and files at most REPORTS_PER_DAY reports a day.
import { REPORTS_PER_DAY } from '@rhema/core';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

const DAY = 24 * 60 * 60_000;

describe('reports: one open per reporter and member, a daily limit (F20)', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  beforeAll(async () => {
    handle = await createTestDb();
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  const openReports = (reporterId: string) =>
    handle.db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', reporterId)
      .where('status', '=', 'open')
      .execute();

  it('40 parallel reports of one member: one open report, every answer names it', async () => {
    const reporter = await h.as('member');
    const target = await h.user();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        reporter.caller.safety.report({ user_id: target.id, reason: 'harassment', details: `try ${i}` }),
      ),
    );
    const rows = await openReports(reporter.user.id);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => a._id))).toEqual(new Set([rows[0]!.id]));
    // one queue entry for staff, and one audit entry
    const audit = await handle.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'report.created')
      .where('actor_id', '=', reporter.user.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('once staff handled it, the member can be reported again', async () => {
    const staff = await h.as('consultant');
    const reporter = await h.as('member');
    const target = await h.user();
    const first = await reporter.caller.safety.report({ user_id: target.id, reason: 'harassment' });
    await staff.caller.moderation.dismiss({ report_id: first._id });
    const second = await reporter.caller.safety.report({ user_id: target.id, reason: 'harassment' });
    expect(second._id).not.toBe(first._id);
    expect(await openReports(reporter.user.id)).toHaveLength(1);
  });

  it(`at most ${REPORTS_PER_DAY} reports a day; the next answers 429 with Retry-After; repeats do not count`, async () => {
    const reporter = await h.as('member');
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_DAY + 1 }, () => h.user()));
    for (const target of targets.slice(0, REPORTS_PER_DAY)) {
      await reporter.caller.safety.report({ user_id: target.id, reason: 'harassment' });
      // the same report again answers the open one and takes no slot
      await reporter.caller.safety.report({ user_id: target.id, reason: 'harassment' });
    }
    const refused = await rejection(
      reporter.caller.safety.report({ user_id: targets[REPORTS_PER_DAY]!.id, reason: 'harassment' }),
    );
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(await openReports(reporter.user.id)).toHaveLength(REPORTS_PER_DAY);
    h.advance(DAY + 60_000);
    await expect(
      reporter.caller.safety.report({ user_id: targets[REPORTS_PER_DAY]!.id, reason: 'harassment' }),
    ).resolves.toMatchObject({ status: 'open' });
  });
});
