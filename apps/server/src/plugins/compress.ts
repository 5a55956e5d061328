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
    // quality 5: most of brotli's gain at a fraction of the CPU of the default 11, fine for per-request work
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}
