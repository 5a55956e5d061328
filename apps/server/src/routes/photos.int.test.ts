// POST /api/photos and GET /media/photos over HTTP: the type by content (not by the name or
// Content-Type the client gives), 10 MB, 6 photos, EXIF gone from what is served; reorder and delete through tRPC;
// an erase removes the stored files. Run against both stores: a local folder and a real S3-compatible server.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testPasswordHash, TEST_PASSWORD } from '@rhema/api/testing';
import { createS3PhotoStore } from '@rhema/core';
import { createSession } from '@rhema/auth';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@rhema/schemas';
import { seedContent, seedUser } from '@rhema/seed';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server';
import { createTestServer } from '../test/test-server';

interface Storage {
  env: Record<string, string>;
  /** the stored keys of a member's photos, read from the storage itself */
  files(userId: string): Promise<string[]>;
  close(): Promise<void>;
}

const stores: { name: string; start(): Promise<Storage> }[] = [
  {
    name: 'a local folder (PHOTO_DIR)',
    async start() {
      const folder = await mkdtemp(join(tmpdir(), 'rhema-photo-http-'));
      return {
        env: { PHOTO_DIR: folder },
        files: async (userId) =>
          (await readdir(join(folder, userId)).catch(() => [])).map((file) => `${userId}/${file}`).sort(),
        close: () => rm(folder, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'an S3-compatible bucket (S3_BUCKET)',
    async start() {
      const s3 = await startS3Server();
      return { env: s3.env, files: (userId) => s3.list(`${userId}/`), close: () => s3.close() };
    },
  },
];

describe.each(stores)('photo uploads over HTTP, stored in $name', (store) => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let storage: Storage;
  let n = 0;
  beforeAll(async () => {
    storage = await store.start();
    server = await createTestServer(storage.env);
    await seedContent(server.db);
  });
  afterAll(async () => {
    await server?.close();
    await storage?.close();
  });

  async function member() {
    n++;
    const user = await seedUser(server.db, {
      email: `photo-http-${n}-${store.name.length}@example.test`,
      photos: 0,
      password_hash: await testPasswordHash(),
    });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    return { user, token };
  }

  const upload = async (token: string | null, payload: Buffer, contentType = 'image/jpeg') => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field below
    return { status: res.statusCode, body: res.json() as Record<string, any> };
  };

  const jpeg = (exif = false) => {
    const img = sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } });
    return (
      exif
        ? img.withExif({
            IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 5400/100' },
            IFD0: { Make: 'Maker' },
          })
        : img
    )
      .jpeg()
      .toBuffer();
  };

  it('takes a JPEG, serves it re-encoded without EXIF, and makes it the profile picture', async () => {
    const { user, token } = await member();
    const original = await jpeg(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const answer = await upload(token, original);
    expect(answer).toMatchObject({ status: 201, body: { success: true } });
    const [photo] = answer.body.data;
    expect(photo.url).toMatch(/^\/media\/photos\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.jpg$/);
    const served = await server.app.inject({ method: 'GET', url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    // a 300x200 upload comes back as the 4:5 portrait frame every photo is cut to (packages/core/src/media/photos.ts)
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 160, 200, undefined]);
    expect(await storage.files(user.id)).toEqual([photo.url.slice('/media/photos/'.length)]);
    const me = await server.app.inject({
      method: 'GET',
      url: '/trpc/account.profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().result.data.profile_pic_url).toBe(photo.url);
  });

  it('refuses by content, whatever the Content-Type says; refuses over 10 MB and the seventh', async () => {
    const { token } = await member();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    for (const [payload, type] of [
      [gif, 'image/jpeg'],
      [Buffer.from('%PDF-1.4 a document named photo.jpg'), 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/webp'],
    ] as const) {
      expect(await upload(token, payload, type)).toEqual({
        status: 400,
        body: { success: false, message: PHOTO_MESSAGES.type, field: 'photo' },
      });
    }
    // a real PNG sent as application/octet-stream is taken: the content decides
    const png = await sharp({ create: { width: 20, height: 20, channels: 4, background: '#0f08' } })
      .png()
      .toBuffer();
    expect((await upload(token, png, 'application/octet-stream')).status).toBe(201);

    const big = Buffer.alloc(PHOTO_LIMITS.maxBytes + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await upload(token, big)).toEqual({
      status: 413,
      body: { success: false, message: PHOTO_MESSAGES.size, field: 'photo' },
    });

    for (let i = 1; i < PHOTO_LIMITS.maxPhotos; i++)
      expect((await upload(token, await jpeg())).status).toBe(201);
    expect(await upload(token, await jpeg())).toEqual({
      status: 409,
      body: { success: false, message: PHOTO_MESSAGES.count, field: 'photo' },
    });
  });

  const trpc = (token: string, path: string, payload: unknown) =>
    server.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: payload as object,
    });

  it('reorders: the first becomes the profile picture, every photo is still served', async () => {
    const { token } = await member();
    await upload(token, await jpeg());
    const [first, second] = (await upload(token, await jpeg())).body.data;
    const reordered = await trpc(token, 'profile.reorderPhotos', { ids: [second.id, first.id] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().result.data.map((photo: { id: string }) => photo.id)).toEqual([
      second.id,
      first.id,
    ]);
    const me = await server.app.inject({
      method: 'GET',
      url: '/trpc/account.profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().result.data.profile_pic_url).toBe(second.url);
    for (const photo of [first, second])
      expect((await server.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(200);
  });

  it('is for signed-in members, and a deleted photo is no longer served nor stored', async () => {
    expect((await upload(null, await jpeg())).status).toBe(401);
    const { user, token } = await member();
    const [photo] = (await upload(token, await jpeg())).body.data;
    const deleted = await server.app.inject({
      method: 'POST',
      url: '/trpc/profile.deletePhoto',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { id: photo.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().result.data).toEqual([]);
    expect(await storage.files(user.id)).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    for (const url of ['/media/photos/..%2F..%2Fetc/passwd', '/media/photos/x/y.jpg']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it("removes the member's photo files when they erase their account", async () => {
    const { user, token } = await member();
    await upload(token, await jpeg());
    await upload(token, await jpeg());
    expect(await storage.files(user.id)).toHaveLength(2);
    const erased = await server.app.inject({
      method: 'POST',
      url: '/trpc/account.terminate',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { password: TEST_PASSWORD, confirm: true },
    });
    expect(erased.statusCode).toBe(200);
    expect(await storage.files(user.id)).toEqual([]);
  });
});

describe('the S3-compatible store on its own', () => {
  it('signs its requests: a wrong secret or region is refused; takes, reads and removes an object', async () => {
    const s3 = await startS3Server();
    try {
      const options = {
        bucket: s3.env.S3_BUCKET,
        endpoint: s3.env.S3_ENDPOINT,
        region: 'us-east-1',
        accessKeyId: s3.env.S3_ACCESS_KEY_ID,
        secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: true,
      };
      const key = '00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000002.jpg';
      for (const wrong of [
        { secretAccessKey: 'not the secret' },
        { region: 'eu-west-1' },
        { accessKeyId: 'NOT-A-KEY' },
      ])
        await expect(
          createS3PhotoStore({ ...options, ...wrong }).put(key, Buffer.from('jpeg')),
        ).rejects.toThrow(/S3 put .*: 403/);
      const store = createS3PhotoStore(options);
      await store.put(key, Buffer.from('jpeg bytes'));
      expect((await store.read(key))?.toString()).toBe('jpeg bytes');
      await store.remove(key);
      expect(await store.read(key)).toBeNull();
      // removing what is gone is not an error (an erase after a delete)
      await store.remove(key);
      await expect(store.put('../escape.jpg', Buffer.from('x'))).rejects.toThrow(/not a photo key/);
    } finally {
      await s3.close();
    }
  });
});
