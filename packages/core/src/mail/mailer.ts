import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { systemClock, type Clock } from '../clock';
import { mailsFailed, mailsSent } from '../metrics';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** extra header lines (List-Unsubscribe on notification mail); written into the development JSON files too */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerLog {
  info(message: string): void;
  error(details: { err: unknown }, message: string): void;
}

export interface CreateMailerOptions {
  /** smtp(s)://user:pass@host:port — when absent, messages are written as JSON files into mailDir */
  smtpUrl?: string | undefined;
  mailDir: string;
  from: string;
  log?: MailerLog;
  /** dates the files written to mailDir */
  clock?: Clock;
}

/**
 * Email through nodemailer: SMTP when SMTP_URL is set; otherwise each message becomes a JSON file
 * ({ to, subject, text, html }) in MAIL_DIR and one log line says where, so a person trying the product can read
 * the reset code. The log line never holds the message body (codes stay out of logs).
 */
export function createMailer(options: CreateMailerOptions): Mailer {
  return countedMailer(transportMailer(options));
}

/** Each send counted as sent or failed (packages/core/src/metrics.ts). */
function countedMailer(inner: Mailer): Mailer {
  return {
    async send(message) {
      try {
        await inner.send(message);
      } catch (error) {
        mailsFailed.inc();
        throw error;
      }
      mailsSent.inc();
    },
  };
}

function transportMailer(options: CreateMailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log?.info(`mail "${message.subject}" sent by SMTP`);
      },
    };
  }
  return {
    async send(message) {
      await mkdir(options.mailDir, { recursive: true });
      const sentAt = (options.clock ?? systemClock)();
      const file = join(
        options.mailDir,
        `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`,
      );
      const body = { from: options.from, date: sentAt.toISOString(), ...message };
      // written beside it, then renamed: whoever reads the folder sees a whole message or none (e2e helpers poll it)
      const partial = `${file}.partial`;
      await writeFile(partial, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      await rename(partial, file);
      options.log?.info(`mail "${message.subject}" written to ${file}`);
    },
  };
}

/** For tests: keeps every message in memory. */
export function createMemoryMailer(): Mailer & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
  };
}
