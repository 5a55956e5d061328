import type { RateLimitStore } from '@rhema/auth';
import type { Database } from '@rhema/db';
import type { JobQueue } from './jobs/queue';
import type { MailerLog } from './mail/mailer';

/**
 * What a use case may need besides its input, read once per call from the procedure context
 * (`useCaseDeps(ctx)` in packages/api/src/deps.ts). Every use case takes one options object: these deps spread at
 * the top, the request itself under `input` (or named fields for a use case with one or two values).
 * `now` comes in (never `new Date()` inside core) so tests can move the clock.
 */
export interface UseCaseDeps {
  db: Database;
  /** work after the answer: mail, and what must cost the same for every address (jobs/queue.ts) */
  jobs: JobQueue;
  rateLimitStore: RateLimitStore;
  now: Date;
  ip: string;
  userAgent?: string | undefined;
  log?: MailerLog | undefined;
}
