import { PHOTO_KEY, renderAvatarJpeg, renderAvatarSvg, type PhotoStore } from '@rhema/core';
import type { FastifyInstance, FastifyReply } from 'fastify';

// /media/avatars/<reference>-<n>.jpg: the drawn avatars the seeded members' photos point at, as JPEG like members'
// own photos; .svg gives the drawing itself
const AVATAR_FILE = /^([A-Za-z0-9][A-Za-z0-9_-]{0,63})\.(svg|jpg)$/;
// the JPEGs of the avatars asked for lately (a demo's few hundred; each ~10 KB): drawn once, not on every request
const AVATAR_JPEG_CACHE_SIZE = 500;

/** A picture whose address never shows anything else: cached for a year, its type as sent. */
const unchanging = (reply: FastifyReply, type: string) =>
  reply
    .header('content-type', type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff');

export async function mediaRoutes(app: FastifyInstance, options: { photoStore: PhotoStore }) {
  const jpegs = new Map<string, Promise<Buffer>>();
  const avatarJpeg = (key: string) => {
    let jpeg = jpegs.get(key);
    if (jpeg) jpegs.delete(key);
    else {
      jpeg = renderAvatarJpeg(key);
      // a drawing that failed is drawn again when next asked for
      jpeg.catch(() => jpegs.delete(key));
    }
    // a Map keeps insertion order: the first key is the least recently asked for
    jpegs.set(key, jpeg);
    if (jpegs.size > AVATAR_JPEG_CACHE_SIZE) jpegs.delete(jpegs.keys().next().value!);
    return jpeg;
  };

  app.get<{ Params: { file: string } }>('/media/avatars/:file', async (request, reply) => {
    const match = AVATAR_FILE.exec(request.params.file);
    if (!match?.[1]) return reply.status(404).send({ success: false, message: 'Not found' });
    // the drawing depends on the name only, so it never changes
    if (match[2] === 'jpg') return unchanging(reply, 'image/jpeg').send(await avatarJpeg(match[1]));
    return (
      unchanging(reply, 'image/svg+xml; charset=utf-8')
        // opened on its own, an SVG is a document: let it run nothing
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(renderAvatarSvg(match[1]))
    );
  });

  // /media/photos/<user>/<photo>.jpg: members' photos as the server re-encoded them (routes/photos.ts); the
  // names are random and never reused, so a deleted photo's address answers 404 and a kept one never changes
  app.get<{ Params: { user: string; file: string } }>('/media/photos/:user/:file', async (request, reply) => {
    const key = `${request.params.user}/${request.params.file}`;
    const data = PHOTO_KEY.test(key) ? await options.photoStore.read(key) : null;
    if (!data) return reply.status(404).send({ success: false, message: 'Not found' });
    return unchanging(reply, 'image/jpeg').send(data);
  });
}
