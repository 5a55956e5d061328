import { UNSUBSCRIBE_PATH, unsubscribeByToken } from '@rhema/core';
import type { Database } from '@rhema/db';
import type { FastifyInstance } from 'fastify';

// One-click unsubscribe (RFC 8058; packages/core/src/notifications/unsubscribe.ts). A mail app POSTs
// `List-Unsubscribe=One-Click` to the List-Unsubscribe URL without cookies: the signed token is the authority, and
// that kind's email is turned off (200). A person who opens the URL gets a page pointing at the settings: a GET
// changes nothing (mail scanners open links).

const ONE_CLICK = 'List-Unsubscribe=One-Click';

const page = (title: string, text: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Rhema</title><meta name="robots" content="noindex"></head>
<body style="font-family:system-ui,Arial,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<h1>${title}</h1><p>${text}</p><p><a href="/account/notifications/settings">Choose what we send you</a></p>
</body></html>`;

export async function unsubscribeRoutes(
  app: FastifyInstance,
  options: { db: Database; secret: string; clock: () => Date },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  const tokenOf = (query: unknown) => {
    const token = (query as { token?: unknown } | null)?.token;
    return typeof token === 'string' && token.length <= 512 ? token : '';
  };

  app.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body.trim() : '';
    if (body !== ONE_CLICK)
      return reply.status(400).send({ success: false, message: `The body must be ${ONE_CLICK}.` });
    const done = await unsubscribeByToken({
      db: options.db,
      secret: options.secret,
      token: tokenOf(request.query),
      now: options.clock(),
    });
    if (!done) return reply.status(400).send({ success: false, message: 'This link is not valid.' });
    request.log.info({ kind: done.kind }, 'one-click unsubscribe');
    return reply.send({ success: true, message: 'You will get no more of these emails.' });
  });

  app.get(UNSUBSCRIBE_PATH, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          'Emails from Rhema',
          'Your mail app’s Unsubscribe button stops this kind of email at once. You can also choose, kind by kind, what we send you by email and to your phone.',
        ),
      ),
  );
}
