import type { RateLimitStore } from '@rhema/auth';
import type { Database } from '@rhema/db';
import type { Mailer, MailerLog } from '../mail/mailer';

/** What the account use cases need besides their input. `now` comes in so tests can move the clock. */
export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  rateLimitStore: RateLimitStore;
  now: Date;
  ip: string;
  userAgent?: string | undefined;
  log?: MailerLog | undefined;
}
