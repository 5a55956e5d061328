import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@rhema/schemas';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml, layout } from '../mail/templates';
import { unsubscribeUrl } from './unsubscribe';

// Notification mail (docs/notifications.md): a title and a link, never a message's text, a phone number or a
// special-category answer (notifications carry none: ./events.ts); in discreet mode not even a name.

/** What a discreet lock screen or inbox shows instead of the title. */
export function discreetTitle(kind: string, count = 1): string {
  if (kind === 'message') return count > 1 ? `You have ${count} new messages` : 'You have a new message';
  if (kind === 'missed_call') return 'You missed a video call';
  // a ringing call's push (./ring.ts)
  if (kind === 'call') return 'You have an incoming video call';
  return 'You have a new notification';
}

export interface MailItem {
  kind: string;
  title: string;
  body: string;
  url: string;
}

export function notificationEmail(options: {
  to: string;
  firstName: string;
  userId: string;
  items: MailItem[];
  discreet: boolean;
  /** a daily digest rather than one notification (or one conversation) */
  digest: boolean;
  origin: string;
  secret: string;
}): MailMessage {
  const [first] = options.items;
  if (!first) throw new Error('a notification mail needs at least one notification');
  const count = options.items.length;
  const kind = first.kind as NotificationKind;
  const subject = options.digest
    ? `Your Rhema day: ${count} new notification${count === 1 ? '' : 's'}`
    : options.discreet
      ? discreetTitle(kind, count)
      : count > 1
        ? `${first.title} (${count} new)`
        : first.title;
  const settingsUrl = `${options.origin}/account/notifications/settings`;
  // the mail app's one-click unsubscribe (RFC 8058); a digest's turns off the kind of its first item, and the
  // footer's settings link covers the rest
  const unsubscribe = unsubscribeUrl(options.origin, options.secret, options.userId, kind);
  const lines = options.digest
    ? options.items.map((item) => (options.discreet ? discreetTitle(item.kind) : item.title))
    : [
        options.discreet ? discreetTitle(kind, count) : first.title,
        options.discreet ? '' : first.body,
      ].filter(Boolean);
  const open = `${options.origin}${options.digest ? '/account/notifications' : first.url}`;
  const footer = options.digest
    ? 'You get one mail a day because you chose the daily digest.'
    : `You get this mail for “${NOTIFICATION_KIND_LABELS[kind]}”.`;
  const text = [
    `Hello ${options.firstName},`,
    '',
    ...lines,
    '',
    `Open Rhema: ${open}`,
    '',
    footer,
    `Choose what we send you: ${settingsUrl}`,
  ].join('\n');
  const html = layout(options.digest ? 'Your notifications' : 'News on Rhema', [
    `Hello ${escapeHtml(options.firstName)},`,
    ...lines.map(escapeHtml),
    `<a href="${escapeHtml(open)}">Open Rhema</a>`,
    `${escapeHtml(footer)} <a href="${escapeHtml(settingsUrl)}">Choose what we send you</a>`,
  ]);
  return {
    to: options.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
