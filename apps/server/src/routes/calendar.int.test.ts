import { createSession } from '@rhema/auth';
import { seedEvent, seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

// The .ics download of an event: a signed-in member's, of an event they may see, as RFC 5545 text.

describe('GET /api/events/:id/calendar.ics', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer({ PUBLIC_ORIGIN: 'https://rhema.example' });
  });
  afterAll(() => server.close());

  const member = async () => {
    const user = await seedUser(server.db, { password_hash: 'x' });
    return (await createSession(server.db, { userId: user.id, role: 'member', now: new Date() })).token;
  };
  const get = (id: string, token: string | null) =>
    server.app.inject({
      method: 'GET',
      url: `/api/events/${id}/calendar.ics`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('answers the event as a calendar file with CRLF lines, its UID and times', async () => {
    const id = await seedEvent(server.db, {
      title: 'Supper, wine; talk',
      starts_at: new Date('2030-05-01T18:00:00Z'),
      ends_at: new Date('2030-05-01T21:00:00Z'),
    });
    const answer = await get(id, await member());
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="Supper-wine-talk.ics"');
    const lines = answer.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain(`UID:event-${id}@rhema.example`);
    expect(lines).toContain('DTSTART:20300501T180000Z');
    expect(lines).toContain('SUMMARY:Supper\\, wine\\; talk');
    expect(lines.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
  });

  it('asks for a session, and hides drafts and unknown ids', async () => {
    const id = await seedEvent(server.db);
    expect((await get(id, null)).statusCode).toBe(401);
    const token = await member();
    expect((await get(await seedEvent(server.db, { status: 'draft' }), token)).statusCode).toBe(404);
    expect((await get('not-a-uuid', token)).statusCode).toBe(404);
    expect((await get('0192f0a0-0000-7000-8000-000000000999', token)).statusCode).toBe(404);
  });
});
