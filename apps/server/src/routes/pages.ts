import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { prerenderedPages } from './prerendered';
import type { ServerRenderer } from './server-rendered';

export interface PagesOptions {
  /** the web build (index.html, prerendered/) */
  webDir: string;
  serverRendered: ServerRenderer | null;
}

/** A page of the app, not the API and not a file (no extension): what this route answers. */
export function isPageUrl(url: string): boolean {
  return !url.startsWith('/trpc') && !url.startsWith('/api/') && !/\.[a-z0-9]+(\?|$)/i.test(url);
}

/**
 * A page for a signed-in browser: marked (the app's header then shows nothing until it knows the member, see
 * apps/web/src/features/auth/AccountNav.tsx) and without the static 'Login' link meant for visitors.
 */
export function forSignedIn(html: string): string {
  return html
    .replace(/<html\b/, '<html data-signed-in')
    .replace(/<a\b[^>]*\bdata-visitor-only\b[^>]*>[\s\S]*?<\/a>/g, '');
}

function sendHtml(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').send(html);
}

/**
 * Every page request (GET, not the API, not a file) that no other route answers: the server-rendered public
 * pages (their data from the database), the prerendered ones, and for every other path the app shell (the app
 * routes it in the browser, its own 404 page included). Anything else is a JSON 404.
 */
export function registerPages(app: FastifyInstance, { webDir, serverRendered }: PagesOptions): void {
  const prerendered = prerenderedPages(webDir);
  const files = new Map<string, string>();
  const readPage = (file: string) => {
    let html = files.get(file);
    if (html === undefined) {
      html = readFileSync(join(webDir, file), 'utf8');
      files.set(file, html);
    }
    return html;
  };

  if (serverRendered) {
    // rendered once on start, in the background, so the first visitor does not wait for it
    app.addHook('onListen', async () => {
      for (const path of serverRendered.paths)
        serverRendered
          .render(path)
          .catch((error: unknown) => app.log.warn({ err: error, path }, 'warm-up render failed'));
    });
  }

  const notFound = (reply: FastifyReply) => reply.status(404).send({ success: false, message: 'Not found' });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  // a route, not the not-found handler: route hooks (compression) apply; the static files' own routes come first
  app.get('/*', async (request, reply) => {
    if (!isPageUrl(request.url)) return notFound(reply);
    reply.header('cache-control', 'no-cache');
    const signedIn = request.auth !== null;
    // public pages with content from the database are rendered here, with the data of the moment
    const serverPath = serverRendered?.pathOf(request.url);
    if (serverRendered && serverPath) {
      try {
        const html = await serverRendered.render(serverPath);
        return sendHtml(reply, signedIn ? forSignedIn(html) : html);
      } catch (error) {
        // the app renders the page itself in the browser
        request.log.error({ err: error, path: serverPath }, 'server rendering failed: sending the app shell');
      }
    }
    // public pages the same for everyone come prerendered (apps/web/vite-plugins.ts)
    const file = prerendered(request.url) ?? 'index.html';
    if (signedIn) return sendHtml(reply, forSignedIn(readPage(file)));
    // as built, compressed at build time
    return reply.sendFile(file);
  });
}
