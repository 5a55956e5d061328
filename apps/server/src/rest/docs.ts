import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

// The readable API reference at /api/v1/docs: Swagger UI (swagger-ui-dist, a dependency of this server) reading
// /api/v1/openapi.json. Every file comes from this server, none from a CDN, and the page runs under its own
// policy, stricter than the site's: scripts from here only (the start-up is a file, not an inline script), no
// third-party host at all, and Swagger UI's validator badge (an outside call) turned off. Nothing of it is in the
// web app's bundles.

export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes at run time, as Mantine does on the site
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Rhema api/v1 reference</title>
    <!-- the site's icon: without it a browser asks for /favicon.ico, which answers 404 -->
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/api/v1/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui" aria-label="Rhema api/v1 reference"></main>
    <script src="/api/v1/docs/swagger-ui-bundle.js"></script>
    <script src="/api/v1/docs/start.js"></script>
  </body>
</html>
`;

const START = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

/**
 * The reference's routes, a plugin of their own registered under /api/v1 (so its hook sees only them); the files
 * are read once, on first use.
 */
export async function apiDocs(app: FastifyInstance) {
  const distDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const cache = new Map<string, Promise<Buffer>>();
  const asset = (name: string) => {
    let file = cache.get(name);
    if (!file) {
      file = readFile(join(distDir(), name));
      file.catch(() => cache.delete(name));
      cache.set(name, file);
    }
    return file;
  };

  // the security-headers hook keeps a policy a route has set (apps/server/src/plugins/security-headers.ts)
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', DOCS_CONTENT_SECURITY_POLICY);
  });
  app.get('/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/docs/start.js', (_request, reply) => reply.type('text/javascript; charset=utf-8').send(START));
  for (const [name, type] of Object.entries(ASSETS)) {
    app.get(`/docs/${name}`, async (_request, reply) => reply.type(type).send(await asset(name)));
  }
}
