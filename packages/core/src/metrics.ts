import { Counter, Registry } from 'prom-client';

// What the service counts for its operators (docs/ops/README.md), in the Prometheus format: the events any part of
// the code counts, wherever it runs, live here; the server's /metrics adds its own per-instance figures (requests,
// the database pool, the job queue, live streams: apps/server/src/plugins/metrics.ts). Prometheus scrapes a
// process, so these counters are the process's: one registry, made when this module is first loaded.
//
// To count something new: a Counter here (its name ends in `_total`, its help says what one is), registered in
// `eventMetrics`, incremented where the thing happens. A label takes a few known values only (a limit's name, a
// channel), never an id or an address.

export const eventMetrics = new Registry();

/** Refusals by a rate limit (a 429), by the limit's name (RATE_LIMITS in packages/auth/src/rate-limit.ts). */
export const rateLimitRefusals = new Counter({
  name: 'rhema_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit, by limit.',
  labelNames: ['limit'] as const,
  registers: [eventMetrics],
});

/** Emails handed to the mail transport (SMTP, or the folder in development). */
export const mailsSent = new Counter({
  name: 'rhema_mails_sent_total',
  help: 'Emails handed to the mail transport.',
  registers: [eventMetrics],
});

/** Emails the transport refused (the job retries them: one failure per attempt). */
export const mailsFailed = new Counter({
  name: 'rhema_mails_failed_total',
  help: 'Email sending attempts that failed.',
  registers: [eventMetrics],
});

/** Push notifications accepted by the push service: incremented by whoever sends them. */
export const pushesSent = new Counter({
  name: 'rhema_pushes_sent_total',
  help: 'Push notifications accepted by the push service.',
  registers: [eventMetrics],
});

/** Push notifications the push service refused or that could not be delivered to it. */
export const pushesFailed = new Counter({
  name: 'rhema_pushes_failed_total',
  help: 'Push notification attempts that failed.',
  registers: [eventMetrics],
});
