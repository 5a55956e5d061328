import type { TEvent } from '@rhema/schemas';

// An event as an iCalendar file (RFC 5545) for the member's calendar: CRLF line ends, lines folded at 75 octets
// (never inside a UTF-8 character), TEXT values escaped, times in UTC, a UID that stays the same for the event so a
// second download updates the entry instead of adding one.

/** TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma, and line breaks as \n. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line to 75 octets per physical line (3.1): CRLF and one space before each continuation. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // the first line holds 75 octets, each continuation 74 after its leading space
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20261124T163000Z */
export function icsDateTime(value: Date | string): string {
  return new Date(value)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * `origin` names the event for good (its UID, the same on every download); `linkOrigin` is where its page link
 * points, the address the member downloaded it from (apps/server/src/link-origin.ts), `origin` when not given.
 */
export function eventCalendar(
  event: TEvent,
  options: { origin: string; linkOrigin?: string; now: Date },
): string {
  const host = new URL(options.origin).hostname;
  const url = `${(options.linkOrigin ?? options.origin).replace(/\/$/, '')}/events/${event._id}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rhema//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${event._id}@${host}`,
    `DTSTAMP:${icsDateTime(options.now)}`,
    `DTSTART:${icsDateTime(event.starts_at)}`,
    `DTEND:${icsDateTime(event.ends_at)}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `LOCATION:${escapeIcsText(`${event.venue}, ${event.city}`)}`,
    `DESCRIPTION:${escapeIcsText(`${event.description}\n\n${url}`)}`,
    `URL:${url}`,
    `STATUS:${event.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
