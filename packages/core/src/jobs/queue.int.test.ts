import { jobQueries, type DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryMailer, type MailMessage } from '../mail/mailer';
import { createJobQueue, JOB_MAX_ATTEMPTS, runDueJobs, type JobHandlers } from './queue';

const message = (to: string): MailMessage => ({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });

describe('the job queue (docs/decisions/131-work-after-the-answer.md)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    await handle.db.deleteFrom('jobs').execute();
  });

  const handlersWith = (mail: JobHandlers['mail']): JobHandlers => ({
    mail,
    'password-reset': async () => {},
    registration: async () => {},
    notification: async () => {},
    'notification-email': async () => {},
    'notification-push': async () => {},
    'notification-push-device': async () => {},
    'notification-digest': async () => {},
    'event-reminder': async () => {},
    'call-ring': async () => {},
    'call-sweep': async () => {},
  });

  it('a worker runs what was added after the add returns, and deletes it', async () => {
    const mailer = createMemoryMailer();
    const worker = createJobQueue({
      db: handle.db,
      mailer,
      handlers: handlersWith((job, ctx) => ctx.mailer.send(job.message)),
      clock: () => new Date(),
      mode: 'worker',
      pollMs: 60_000,
    });
    await worker.add({ kind: 'mail', message: message('a@example.test') });
    await expect.poll(() => mailer.messages.length).toBe(1);
    await expect.poll(() => jobQueries.countJobs(handle.db)).toEqual({ total: 0, failed: 0 });
    await worker.stop();
  });

  it('two workers on one database never run the same job twice', async () => {
    const sent: string[] = [];
    const handlers = handlersWith(async (job) => {
      await new Promise((r) => setTimeout(r, 2));
      sent.push(job.message.to);
    });
    const deps = { db: handle.db, mailer: createMemoryMailer(), clock: () => new Date() };
    const manual = createJobQueue({ ...deps, handlers, mode: 'manual' });
    for (let i = 0; i < 30; i++) await manual.add({ kind: 'mail', message: message(`m${i}@example.test`) });
    const [a, b] = await Promise.all([runDueJobs(deps, handlers, 5), runDueJobs(deps, handlers, 5)]);
    expect(a + b).toBe(30);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
  });

  it('a failing job is tried again later with a growing wait, and kept as failed after the last attempt', async () => {
    let now = new Date('2026-06-01T10:00:00Z');
    let calls = 0;
    const handlers = handlersWith(async () => {
      calls++;
      throw new Error('smtp down');
    });
    const deps = { db: handle.db, mailer: createMemoryMailer(), clock: () => now };
    const queue = createJobQueue({ ...deps, handlers, mode: 'manual' });
    await queue.add({ kind: 'mail', message: message('retry@example.test') });
    expect(await queue.drain()).toBe(1);
    // not due again at once
    expect(await queue.drain()).toBe(0);
    for (let attempt = 2; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      now = new Date(now.getTime() + 60 * 60_000);
      expect(await queue.drain()).toBe(1);
    }
    expect(calls).toBe(JOB_MAX_ATTEMPTS);
    now = new Date(now.getTime() + 24 * 60 * 60_000);
    expect(await queue.drain()).toBe(0);
    expect(await jobQueries.countJobs(handle.db)).toEqual({ total: 1, failed: 1 });
    const kept = await handle.db
      .selectFrom('jobs')
      .select(['last_error', 'payload'])
      .executeTakeFirstOrThrow();
    expect(kept.last_error).toBe('smtp down');
    // a failed job keeps no personal data
    expect(JSON.stringify(kept.payload)).not.toContain('retry@example.test');
  });
});
