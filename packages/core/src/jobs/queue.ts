import { jobQueries, type Database } from '@rhema/db';
import type { Clock } from '../clock';
import type { MailMessage, Mailer, MailerLog } from '../mail/mailer';
import type { NotificationDelivery } from '../notifications/deliver';

// Work a request hands over instead of doing inline (docs/decisions/131-work-after-the-answer.md): the request adds
// one row to the `jobs` table and answers; a worker in every server instance runs the due rows. A reset request or
// a sign-up then costs the same whether or not the email has an account (docs/security.md, F2 and F5),
// a slow mail server never holds a request, and a mail survives a restart.

/** Every kind of job, with what it carries. Payloads hold no secret a leaked table could use (see decision 130). */
export type Job =
  | { kind: 'mail'; message: MailMessage }
  | {
      kind: 'password-reset';
      email: string;
      /** the request's token, as stored (its hash); the client keeps the token */
      tokenHash: string;
      codeHash: string;
      code: string;
    }
  | {
      kind: 'registration';
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
      gender: string;
      dateOfBirth: string;
      countryCode: string;
      phone: string;
      code: string;
      codeHash: string;
    }
  /** a stored notification's delivery (packages/core/src/notifications/deliver.ts) */
  | { kind: 'notification'; id: string }
  | { kind: 'notification-email'; id: string }
  | { kind: 'notification-push'; id: string }
  /** one device's push that failed, tried again with the backoff */
  | { kind: 'notification-push-device'; id: string; deviceId: string }
  | { kind: 'notification-digest'; userId: string }
  /** 24 hours before an event, its members with a place (packages/core/src/events/reminders.ts) */
  | { kind: 'event-reminder'; eventId: string; startsAt: string }
  /** a call rings: a push to the callee's devices (packages/core/src/notifications/ring.ts) */
  | { kind: 'call-ring'; callId: string }
  /** a ring's time is up: the calls nobody ended are closed, a missed call told (packages/core/src/social/calls.ts) */
  | { kind: 'call-sweep'; callId: string };

/**
 * Stores a job to run at `runAt` (in the caller's transaction when `db` is one): a delay, a retry, a reminder, a
 * ring's end. The one way a job row is written, so its payload is always the one its kind's handler reads.
 */
export async function scheduleJob(db: Database, job: Job, runAt: Date): Promise<void> {
  const { kind, ...payload } = job;
  await jobQueries.insertJob(db, { kind, payload, runAt });
}

export interface JobQueue {
  /** Stores the job; it runs after the current request, on this instance or another. */
  add(job: Job): Promise<void>;
}

export interface JobContext {
  db: Database;
  mailer: Mailer;
  now: Date;
  log?: MailerLog | undefined;
  /** how notifications go out (NOTIFICATION_EMAIL_DELAY_S, push providers); the defaults without it */
  delivery?: NotificationDelivery | undefined;
}

export type JobHandlers = {
  [K in Job['kind']]: (job: Extract<Job, { kind: K }>, ctx: JobContext) => Promise<void>;
};

/** Attempts before a job is kept as failed; the waits between them grow (5 s, 25 s, 2 min, 10 min). */
export const JOB_MAX_ATTEMPTS = 5;
const retryDelayMs = (attempts: number) => 5_000 * 5 ** (attempts - 1);
/** How long a claimed job is hidden from other workers: a worker that died lets it go after this. */
const JOB_LOCK_MS = 5 * 60_000;

/** Runs the due jobs, a batch at a time, until none is due; returns how many ran. */
export async function runDueJobs(
  deps: {
    db: Database;
    mailer: Mailer;
    clock: Clock;
    log?: MailerLog | undefined;
    delivery?: NotificationDelivery | undefined;
  },
  handlers: JobHandlers,
  batch = 20,
): Promise<number> {
  let ran = 0;
  for (;;) {
    const now = deps.clock();
    const jobs = await jobQueries.claimJobs(deps.db, { now, limit: batch, lockMs: JOB_LOCK_MS });
    if (jobs.length === 0) return ran;
    for (const row of jobs) {
      const job = { ...(row.payload as object), kind: row.kind } as Job;
      try {
        const handler = handlers[job.kind] as (job: Job, ctx: JobContext) => Promise<void>;
        if (!handler) throw new Error(`no handler for jobs of kind ${row.kind}`);
        await handler(job, { db: deps.db, mailer: deps.mailer, now, log: deps.log, delivery: deps.delivery });
        await jobQueries.deleteJob(deps.db, row.id);
      } catch (error) {
        const last = row.attempts >= JOB_MAX_ATTEMPTS;
        deps.log?.error({ err: error }, `job ${row.id} (${row.kind}) failed, attempt ${row.attempts}`);
        await jobQueries.failJob(deps.db, row.id, {
          error: error instanceof Error ? error.message : String(error),
          retryAt: last ? null : new Date(now.getTime() + retryDelayMs(row.attempts)),
          now,
        });
      }
      ran++;
    }
  }
}

export interface JobWorker extends JobQueue {
  /** Runs what is due now and waits for it (tests; the inline queue does this on every add). */
  drain(): Promise<number>;
  /** Stops polling and waits for the running batch. */
  stop(): Promise<void>;
}

/** How jobs run: see createJobQueue. */
export type JobMode = 'worker' | 'inline' | 'manual';

/**
 * The queue and its worker. 'worker' (the server): the worker runs jobs just after the add (the request has its
 * answer by then) and polls every `pollMs` for retries and for jobs added by other instances. 'inline': every add
 * runs the due jobs before it returns (the test harness, where a test reads the mail right after the call).
 * 'manual': jobs wait for drain() (tests that look at the queue between the answer and the work).
 */
export function createJobQueue(options: {
  db: Database;
  mailer: Mailer;
  handlers: JobHandlers;
  clock: Clock;
  log?: MailerLog | undefined;
  delivery?: NotificationDelivery | undefined;
  mode?: JobMode;
  pollMs?: number;
}): JobWorker {
  const mode = options.mode ?? 'worker';
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  const run = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await runDueJobs(options, options.handlers);
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const kick = () => {
    if (stopped) return;
    run().catch((error: unknown) => options.log?.error({ err: error }, 'job worker failed'));
  };
  const timer = mode === 'worker' ? setInterval(kick, options.pollMs ?? 2_000) : null;
  timer?.unref();
  return {
    async add(job) {
      await scheduleJob(options.db, job, options.clock());
      if (mode === 'inline') await run();
      else if (mode === 'worker') setImmediate(kick);
    },
    async drain() {
      let total = 0;
      while (running) total += await running;
      return total + (await run());
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
