import type { MailMessage } from './mailer';

const BRAND = 'Rhema';

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export function layout(title: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f6f1f4;font-family:system-ui,Arial,sans-serif;color:#212529">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px">
<tr><td style="padding:20px 28px;background:#9e2660;color:#fff;border-radius:8px 8px 0 0;font-size:20px;font-weight:700">${BRAND}</td></tr>
<tr><td style="padding:24px 28px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5">${p}</p>`).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#5c636a">${BRAND} Singles Ltd, United Kingdom. You receive this email because of your ${BRAND} account.</td></tr>
</table></body></html>`;
}

export function resetCodeEmail(options: {
  to: string;
  firstName: string;
  code: string;
  minutes: number;
}): MailMessage {
  const name = options.firstName;
  const subject = `Your ${BRAND} password reset code`;
  const text = [
    `Hello ${name},`,
    '',
    `Your code to reset your ${BRAND} password is: ${options.code}`,
    '',
    `Enter it on the password reset page within ${options.minutes} minutes. It works once.`,
    'If you did not ask to reset your password, ignore this email: your password stays the same.',
    '',
    `The ${BRAND} team`,
  ].join('\n');
  const html = layout('Reset your password', [
    `Hello ${escapeHtml(name)},`,
    `Your code to reset your ${BRAND} password is:`,
    `<strong style="font-size:28px;letter-spacing:6px">${escapeHtml(options.code)}</strong>`,
    `Enter it on the password reset page within ${options.minutes} minutes. It works once.`,
    'If you did not ask to reset your password, ignore this email: your password stays the same.',
  ]);
  return { to: options.to, subject, text, html };
}

export function passwordChangedEmail(options: { to: string; firstName: string; when: Date }): MailMessage {
  const when = `${options.when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const subject = `Your ${BRAND} password was changed`;
  const text = [
    `Hello ${options.firstName},`,
    '',
    `The password of your ${BRAND} account was changed on ${when}. For your safety we signed you out everywhere.`,
    '',
    'If this was you, there is nothing more to do.',
    'If it was not you, reset your password at once on the password reset page and contact our support.',
    '',
    `The ${BRAND} team`,
  ].join('\n');
  const html = layout('Your password was changed', [
    `Hello ${escapeHtml(options.firstName)},`,
    `The password of your ${BRAND} account was changed on ${escapeHtml(when)}. For your safety we signed you out everywhere.`,
    'If this was you, there is nothing more to do.',
    'If it was not you, reset your password at once on the password reset page and contact our support.',
  ]);
  return { to: options.to, subject, text, html };
}

/** A sign-up's second step: the code proving the address is the member's (docs/security.md, F2). */
export function registrationCodeEmail(options: {
  to: string;
  firstName: string;
  code: string;
  minutes: number;
}): MailMessage {
  const subject = `Your ${BRAND} sign-up code`;
  const text = [
    `Hello ${options.firstName},`,
    '',
    `Your code to finish creating your ${BRAND} account is: ${options.code}`,
    '',
    `Enter it on the sign-up page within ${options.minutes} minutes.`,
    'If you did not sign up, ignore this email: no account is created without the code.',
    '',
    `The ${BRAND} team`,
  ].join('\n');
  const html = layout('Finish creating your account', [
    `Hello ${escapeHtml(options.firstName)},`,
    `Your code to finish creating your ${BRAND} account is:`,
    `<strong style="font-size:28px;letter-spacing:6px">${escapeHtml(options.code)}</strong>`,
    `Enter it on the sign-up page within ${options.minutes} minutes.`,
    'If you did not sign up, ignore this email: no account is created without the code.',
  ]);
  return { to: options.to, subject, text, html };
}

/**
 * Sent instead of a code when someone signs up with an address that already has an account: the sign-up answers
 * the same either way (OWASP ASVS 6.3.8), and the owner learns of it here.
 */
export function registrationAttemptEmail(options: { to: string; firstName: string }): MailMessage {
  const subject = `Someone tried to create a ${BRAND} account with your address`;
  const lines = [
    'Someone tried to register with your address. You already have an account with us, so no new one was created.',
    'If it was you, sign in, or reset your password on the password reset page if you forgot it.',
    'If it was not you, there is nothing to do: your account is unchanged.',
  ];
  const text = [`Hello ${options.firstName},`, '', ...lines, '', `The ${BRAND} team`].join('\n');
  const html = layout('Someone tried to register with your address', [
    `Hello ${escapeHtml(options.firstName)},`,
    ...lines.map(escapeHtml),
  ]);
  return { to: options.to, subject, text, html };
}

/** A premium payment went through (a card checkout, or a bank transfer staff recorded): the member's receipt. */
export function premiumReceiptEmail(options: {
  to: string;
  firstName: string;
  /** formatted: "£49.00" */
  amount: string;
  reference: string;
  when: Date;
}): MailMessage {
  const when = `${options.when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const subject = `Your ${BRAND} Premium receipt`;
  const lines = [
    `Amount paid: ${options.amount}`,
    `For: ${BRAND} Premium, one match`,
    `Payment reference: ${options.reference}`,
    `Date: ${when}`,
  ];
  const text = [
    `Hello ${options.firstName},`,
    '',
    'Thank you: your payment went through and your premium for this match is active. You can now send your introduction request.',
    '',
    ...lines,
    '',
    `The ${BRAND} team`,
  ].join('\n');
  const html = layout('Your premium receipt', [
    `Hello ${escapeHtml(options.firstName)},`,
    'Thank you: your payment went through and your premium for this match is active. You can now send your introduction request.',
    lines.map(escapeHtml).join('<br>'),
  ]);
  return { to: options.to, subject, text, html };
}

function eventWhen(startsAt: Date): string {
  return `${startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Staff cancelled an event the member had a place or a waitlist spot at. */
export function eventCancelledEmail(options: {
  to: string;
  firstName: string;
  title: string;
  city: string;
  startsAt: Date;
}): MailMessage {
  const when = eventWhen(options.startsAt);
  const subject = `Cancelled: ${options.title}`;
  const line = `We are sorry: ${options.title} in ${options.city} on ${when} is cancelled. Your place is released; there is nothing you need to do.`;
  const text = [`Hello ${options.firstName},`, '', line, '', `The ${BRAND} team`].join('\n');
  const html = layout('An event you planned to attend is cancelled', [
    `Hello ${escapeHtml(options.firstName)},`,
    escapeHtml(line),
  ]);
  return { to: options.to, subject, text, html };
}

/** A place freed up and the first member on the waitlist now has it. */
export function eventPlaceConfirmedEmail(options: {
  to: string;
  firstName: string;
  title: string;
  venue: string;
  city: string;
  startsAt: Date;
}): MailMessage {
  const when = eventWhen(options.startsAt);
  const subject = `You have a place: ${options.title}`;
  const line = `A place freed up and it is yours: ${options.title}, ${options.venue}, ${options.city}, ${when}. Your ticket with its check-in code is on the event's page under Events.`;
  const text = [`Hello ${options.firstName},`, '', line, '', `The ${BRAND} team`].join('\n');
  const html = layout('You are off the waitlist', [
    `Hello ${escapeHtml(options.firstName)},`,
    escapeHtml(line),
  ]);
  return { to: options.to, subject, text, html };
}
