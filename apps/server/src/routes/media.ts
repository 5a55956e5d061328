import { renderAvatarSvg } from '@rhema/core';
import type { FastifyInstance } from 'fastify';

// /media/avatars/<reference>-<n>.svg: the drawn avatars the seeded members' photos point at
const AVATAR_FILE = /^([A-Za-z0-9][A-Za-z0-9_-]{0,63})\.svg$/;

export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>('/media/avatars/:file', async (request, reply) => {
    const match = AVATAR_FILE.exec(request.params.file);
    if (!match?.[1]) return reply.status(404).send({ success: false, message: 'Not found' });
    return (
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        // the drawing depends on the name only, so it never changes
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // opened on its own, an SVG is a document: let it run nothing
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(renderAvatarSvg(match[1]))
    );
  });
}
