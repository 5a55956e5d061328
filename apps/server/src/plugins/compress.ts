import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses API answers and index.html on the fly. The web build's hashed assets are compressed once at build
 * time (apps/web/vite.config.ts writes .br and .gz beside each) and served as they are by @fastify/static.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // quality 4: most of brotli's gain at a fraction of the CPU of the default 11, fine for per-request work. Each
    // stream holds its encoder's tables until the answer is written: 64 at once held ~55 MB at quality 4, ~90 MB
    // at 5 (a 76 KB page: 13.9 KB against 12.7 KB, gzip 14.3 KB), and 64 answers in flight is the page-load mix's
    // load (bench/results/2026-11-29-overhead-and-memory.md)
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
