import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';
import { prerenderedPages } from './prerendered';

describe('prerendered public pages', () => {
  let dist: string;
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'rhema-web-'));
    mkdirSync(join(dist, 'prerendered'));
    writeFileSync(join(dist, 'index.html'), '<html>app shell</html>');
    writeFileSync(join(dist, 'prerendered', 'index.html'), '<html>home, prerendered</html>');
    writeFileSync(join(dist, 'prerendered', 'terms.html'), '<html>terms, prerendered</html>');
    server = await createTestServer({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('sends a prerendered page for its path, with or without a query string', async () => {
    expect((await get('/')).body).toBe('<html>home, prerendered</html>');
    expect((await get('/terms')).body).toBe('<html>terms, prerendered</html>');
    expect((await get('/terms?from=footer')).body).toBe('<html>terms, prerendered</html>');
    expect((await get('/terms')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the app shell for every other page', async () => {
    expect((await get('/faq')).body).toBe('<html>app shell</html>');
    expect((await get('/private-match/K7M2QX')).body).toBe('<html>app shell</html>');
    expect((await get('/terms/more')).body).toBe('<html>app shell</html>');
  });

  it('maps only plain page names', () => {
    const pick = prerenderedPages(dist);
    expect(pick('/')).toBe('prerendered/index.html');
    expect(pick('/terms/')).toBe('prerendered/terms.html');
    expect(pick('/../index')).toBeUndefined();
    expect(pick('/nope')).toBeUndefined();
  });
});
