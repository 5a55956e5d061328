import type { TEvent } from '@rhema/schemas';
import { describe, expect, it } from 'vitest';
import { escapeIcsText, eventCalendar, foldIcsLine } from './calendar';

const event: TEvent = {
  _id: '0192f0a0-0000-7000-8000-000000000001',
  title: 'Supper; wine, and "talk"',
  city: 'London',
  venue: 'The Long Table, 12 Borough High Street',
  starts_at: '2026-12-05T19:00:00.000Z',
  ends_at: '2026-12-05T22:30:00.000Z',
  capacity: 20,
  places_left: 3,
  description: `Line one\\two\nLine two. ${'Ẹ'.repeat(60)}`,
  image_url: null,
  audience: 'everyone',
  audience_label: 'Open to every member',
  community: null,
  status: 'published',
  may_attend: true,
  may_not_attend_reason: null,
  my_rsvp: null,
  meet_again_until: null,
};

describe('an event as an iCalendar file (RFC 5545)', () => {
  const text = eventCalendar(event, {
    origin: 'https://rhema.example',
    now: new Date('2026-11-24T16:30:05Z'),
  });

  it('ends every line with CRLF and keeps each physical line to 75 octets', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // unfolding gives back the content lines
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:Line one\\\\two\\nLine two. ${'Ẹ'.repeat(60)}`);
  });

  it('carries a stable UID, the DTSTAMP, UTC times and escaped text', () => {
    const lines = text.replace(/\r\n /g, '').split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain(`UID:event-${event._id}@rhema.example`);
    expect(lines).toContain('DTSTAMP:20261124T163005Z');
    expect(lines).toContain('DTSTART:20261205T190000Z');
    expect(lines).toContain('DTEND:20261205T223000Z');
    expect(lines).toContain('SUMMARY:Supper\\; wine\\, and "talk"');
    expect(lines).toContain('LOCATION:The Long Table\\, 12 Borough High Street\\, London');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('never folds inside a multi-byte character', () => {
    const folded = foldIcsLine(`X:${'é'.repeat(80)}`);
    expect(folded.replace(/\r\n /g, '')).toBe(`X:${'é'.repeat(80)}`);
    expect(escapeIcsText('a\r\nb')).toBe('a\\nb');
  });
});
