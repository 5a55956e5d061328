import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A file of the web build as it is sent: its bytes, the .br/.gz the build wrote beside it, its type and ETag. */
export interface BuiltFile {
  identity: Buffer;
  encoded: { br?: Buffer; gzip?: Buffer };
  type: string;
  etag: string;
}

/** Reads a file of the build once, with its compressed copies: the build does not change under a running server. */
export function readBuiltFile(dir: string, file: string, type: string): BuiltFile {
  const path = join(dir, file);
  const identity = readFileSync(path);
  const encoded: BuiltFile['encoded'] = {};
  if (existsSync(`${path}.br`)) encoded.br = readFileSync(`${path}.br`);
  if (existsSync(`${path}.gz`)) encoded.gzip = readFileSync(`${path}.gz`);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { identity, encoded, type, etag };
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
