import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BUILT_FILE_ROUTE } from '../plugins/route-kind';
import { type BuiltFile, readBuiltFile, sendBuiltFile } from './built-files';

/** The web build's scripts and style sheets, by the extension Vite gives them. */
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};
/** What of /assets this route answers from memory; @fastify/static serves the rest (source maps) from disk. */
export const ASSETS_IN_MEMORY = Object.keys(TYPES).flatMap((ext) =>
  ['', '.br', '.gz'].map((suffix) => `assets/*.${ext}${suffix}`),
);

/**
 * Vite's hashed scripts and style sheets (/assets/<name>-<hash>.js), read into memory when the server starts, with
 * the compressed copies the build wrote: a page load asks for dozens of them, and each cost @fastify/static a stat,
 * an open, a read and a close (bench/results/test-command.md). Their names change with their content: cached for a
 * year.
 */
export function registerAssets(app: FastifyInstance, { webDir }: { webDir: string }) {
  const dir = join(webDir, 'assets');
  const files = new Map<string, BuiltFile>();
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const type = TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (type) files.set(name, readBuiltFile(dir, name, type));
  }
  app.get<{ Params: { file: string } }>(BUILT_FILE_ROUTE, (request, reply) => {
    const file = files.get(request.params.file);
    if (!file) return reply.callNotFound();
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return sendBuiltFile(request, reply, file);
  });
}
