import { toPublicError } from '@rhema/api';
import { eventCalendar, getEvent, isAppError } from '@rhema/core';
import type { Database } from '@rhema/db';
import { ZEventId } from '@rhema/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// GET /api/events/:id/calendar.ics: an event the member may see, as an iCalendar file for their calendar
// (packages/core/src/events/calendar.ts). Under /api/, so the session plugin resolves the cookie (the web app's
// download link) or the Bearer token (the mobile apps) first (plugins/session.ts).

export const CALENDAR_PATH = '/api/events/:id/calendar.ics';

export async function calendarRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    publicOrigin: string;
    linkOrigin: (request: FastifyRequest) => string;
    clock: () => Date;
  },
) {
  app.get(CALENDAR_PATH, async (request, reply) => {
    if (!request.auth) {
      return reply.status(401).send({ success: false, message: 'Please sign in to continue.' });
    }
    const parsed = ZEventId.safeParse(request.params);
    if (!parsed.success) return reply.status(404).send({ success: false, message: 'Not found' });
    try {
      const now = options.clock();
      const event = await getEvent({
        db: options.db,
        now,
        userId: request.auth.user.id,
        eventId: parsed.data.id,
      });
      const name = event.title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'event';
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name.slice(0, 60)}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(
          eventCalendar(event, {
            origin: options.publicOrigin,
            linkOrigin: options.linkOrigin(request),
            now,
          }),
        );
    } catch (error) {
      if (!isAppError(error)) throw error;
      const publicError = toPublicError(error);
      return reply.status(publicError.status).send({ success: false, message: publicError.message });
    }
  });
}
