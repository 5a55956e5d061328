import { toPublicError } from '@rhema/api';
import type { RateLimitStore } from '@rhema/auth';
import { isAppError, uploadPhoto, type PhotoStore, type PhotoUploadGate } from '@rhema/core';
import type { Database } from '@rhema/db';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@rhema/schemas';
import type { FastifyError, FastifyInstance } from 'fastify';

// POST /api/photos: a member's photo upload, the file itself as the body (web and mobile alike:
// any Content-Type; the type is read from the content, packages/core/src/media/photos.ts). Under /api/, so the
// session plugin resolves the cookie or Bearer session and runs the CSRF check first (plugins/session.ts).
// Answers { success: true, data: photos } or the REST envelope's refusal with the field `photo`.

export async function photoUploadRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    photoStore: PhotoStore;
    rateLimitStore: RateLimitStore;
    gate: PhotoUploadGate;
    clock: () => Date;
  },
) {
  // every body arrives as bytes; one over the limit is refused while it streams, with the member's message
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_LIMITS.maxBytes }, (_req, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ success: false, message: PHOTO_MESSAGES.size, field: 'photo' });
    }
    if (isAppError(error)) {
      const status = toPublicError(error).status;
      if (error.retryAfterSeconds) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(status).send({ success: false, message: error.message, field: error.field });
    }
    const publicError = toPublicError(error);
    if (publicError.status >= 500) request.log.error({ err: error }, 'photo upload failed');
    return reply.status(publicError.status).send({ success: false, message: publicError.message });
  });

  app.post('/api/photos', async (request, reply) => {
    if (!request.auth)
      return reply.status(401).send({ success: false, message: 'Please sign in to continue.' });
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      return reply.status(400).send({ success: false, message: PHOTO_MESSAGES.type, field: 'photo' });
    }
    const photos = await uploadPhoto({
      db: options.db,
      store: options.photoStore,
      rateLimitStore: options.rateLimitStore,
      gate: options.gate,
      now: options.clock(),
      userId: request.auth.user.id,
      data: body,
    });
    return reply.status(201).send({ success: true, data: photos });
  });
}
