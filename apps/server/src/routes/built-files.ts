import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A file of the web build as it is sent: its bytes, the .br/.gz the build wrote beside it, its type and ETag. */
export interface BuiltFile {
  identity: Buffer;
  encoded: { br?: Buffer; gzip?: Buffer };
  type: string;
  etag: string;
}

export const HTML_TYPE = 'text/html; charset=utf-8';

const etagOf = (identity: Buffer) =>
  `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;

/** Reads a file of the build once, with its compressed copies: the build does not change under a running server. */
export function readBuiltFile(dir: string, file: string, type: string): BuiltFile {
  const path = join(dir, file);
  const identity = readFileSync(path);
  const encoded: BuiltFile['encoded'] = {};
  if (existsSync(`${path}.br`)) encoded.br = readFileSync(`${path}.br`);
  if (existsSync(`${path}.gz`)) encoded.gzip = readFileSync(`${path}.gz`);
  return { identity, encoded, type, etag: etagOf(identity) };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A document made while the server runs (a server-rendered page), compressed once as the web build compresses its
 * files (apps/web/vite-plugins.ts: brotli 11, gzip 9), off the event loop, then sent like a built file. Once per
 * render instead of once per request: the 78 KB /faq cost 5 ms of CPU and a ~0.9 MB brotli encoder per request at
 * quality 4 (13.2 KB); once at quality 11 it is 10.2 KB, ~250 ms on a pool thread every render, and with the input's
 * size as the hint brotli's tables take ~4 MB while it runs (bench/results/2026-11-29-memory.md).
 */
export async function compressedFile(identity: Buffer, type: string): Promise<BuiltFile> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: 9 }),
  ]);
  return { identity, encoded: { br, gzip: gz }, type, etag: etagOf(identity) };
}

/**
 * Sends a built file from memory, compressed as the build wrote it when the browser accepts that, answering 304 to
 * a revalidation with its ETag: no file system work per request (docs/decisions/101-request-overhead.md).
 */
export function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, file: BuiltFile) {
  reply.header('etag', file.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const available = (['br', 'gzip'] as const).filter((encoding) => file.encoded[encoding]);
  const encoding = available.length
    ? (negotiate(request.headers['accept-encoding'] ?? '', available) as 'br' | 'gzip' | null)
    : null;
  const body = encoding ? file.encoded[encoding] : undefined;
  if (encoding && body) reply.header('content-encoding', encoding);
  return reply.type(file.type).send(body ?? file.identity);
}
