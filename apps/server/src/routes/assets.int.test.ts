import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';
import { removeWebBuild, writeWebBuild } from '../test/web-build';

const SCRIPT = 'export const greeting = "hello";\n'.repeat(40);
const STYLES = '.card{color:#222}';

describe('the web build’s assets', () => {
  let dist: string;
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    // what the web build writes (apps/web/vite.config.ts): the file, its .br and .gz, and its source map
    dist = writeWebBuild({
      'index.html': '<html><head></head>app shell</html>',
      'assets/members-Ab12Cd34.js': SCRIPT,
      'assets/members-Ab12Cd34.js.br': brotliCompressSync(SCRIPT),
      'assets/members-Ab12Cd34.js.gz': gzipSync(SCRIPT),
      'assets/members-Ab12Cd34.js.map': '{"version":3}',
      'assets/index-Ef56Gh78.css': STYLES,
    });
    server = await createTestServer({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await server.close();
    removeWebBuild(dist);
  });

  const get = (url: string, encoding = 'identity') =>
    server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

  it('sends a script compressed as the build wrote it, as the browser accepts, cached for a year', async () => {
    const br = await get('/assets/members-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    const gzip = await get('/assets/members-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/members-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a style sheet the build did not compress as it is', async () => {
    const res = await get('/assets/index-Ef56Gh78.css', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.body).toBe(STYLES);
  });

  it('serves the source maps from disk, and a name the build did not write is not found', async () => {
    const map = await get('/assets/members-Ab12Cd34.js.map');
    expect(map.statusCode).toBe(200);
    expect(map.body).toBe('{"version":3}');
    expect((await get('/assets/members-00000000.js')).statusCode).toBe(404);
    expect((await get('/assets/members-Ab12Cd34.js.br')).statusCode).toBe(404);
  });
});
