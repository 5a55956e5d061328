import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

describe('GET /media/avatars/:file', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('draws the same SVG for the same name, cached for a year', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/media/avatars/K7M2QX-1.svg' });
    const again = await server.app.inject({ method: 'GET', url: '/media/avatars/K7M2QX-1.svg' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(first.headers['cache-control']).toContain('max-age=31536000');
    expect(first.body).toMatch(/^<svg /);
    expect(again.body).toBe(first.body);
  });

  it("serves the same drawing as a JPEG, as members' photos are, the same bytes each time", async () => {
    const first = await server.app.inject({ method: 'GET', url: '/media/avatars/K7M2QX-1.jpg' });
    const again = await server.app.inject({ method: 'GET', url: '/media/avatars/K7M2QX-1.jpg' });
    const other = await server.app.inject({ method: 'GET', url: '/media/avatars/K7M2QX-2.jpg' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toContain('immutable');
    expect([...first.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(other.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('answers 404 for names that are not avatar files', async () => {
    for (const url of [
      '/media/avatars/x.png',
      '/media/avatars/x.jpeg',
      '/media/avatars/..%2Fsecret.svg',
      '/media/avatars/%3Cscript%3E.svg',
    ]) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
