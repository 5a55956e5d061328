// An erase while a photo upload is in flight (docs/security.md, F14): the erase and the upload
// exclude each other through the lock on the member's row. An upload whose file was written before the erase
// finds no member when it records the photo, removes its file and answers 401 (not a 500 from the foreign key);
// one recorded before the erase is among the files the erase removes. Nothing is left on disk or served.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '@rhema/auth';
import { createLocalPhotoStore, type PhotoStore } from '@rhema/core';
import { seedUser } from '@rhema/seed';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

const PASSWORD = 'a passphrase for the erase test';

describe('erasing an account while a photo upload is in flight', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let dir: string;
  /** while set, a put waits after writing its file until the test lets it go on */
  let hold: { written: (key: string) => void; release: Promise<void> } | null = null;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rhema-erase-upload-'));
    const local = createLocalPhotoStore(dir);
    const store: PhotoStore = {
      ...local,
      async put(key, data) {
        await local.put(key, data);
        const current = hold;
        if (current) {
          current.written(key);
          await current.release;
        }
      },
    };
    server = await createTestServer({}, { photoStore: store });
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const photo = () =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();

  async function member(email: string) {
    const user = await seedUser(server.db, { email, password: PASSWORD });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    return { user, token };
  }

  const upload = async (token: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: await photo(),
    });
  const terminate = (token: string) =>
    server.app.inject({
      method: 'POST',
      url: '/trpc/account.terminate',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ password: PASSWORD, confirm: true }),
    });
  async function filesOf(userId: string) {
    try {
      return await readdir(join(dir, userId));
    } catch {
      return [];
    }
  }

  it('an upload whose file was written before the erase answers 401 and leaves no file', async () => {
    const { user, token } = await member('erase-upload-1@example.test');
    let written!: (key: string) => void;
    const keyWritten = new Promise<string>((resolve) => (written = resolve));
    let release!: () => void;
    hold = { written, release: new Promise<void>((resolve) => (release = resolve)) };

    const uploading = upload(token);
    const key = await keyWritten;
    expect(await filesOf(user.id)).toHaveLength(1);

    const erased = await terminate(token);
    expect(erased.statusCode, erased.body).toBe(200);
    hold = null;
    release();
    const answer = await uploading;
    expect(answer.statusCode, answer.body).toBe(401);

    expect(await filesOf(user.id)).toEqual([]);
    const served = await server.app.inject({ method: 'GET', url: `/media/photos/${key}` });
    expect(served.statusCode).toBe(404);
    const rows = await server.db.selectFrom('photos').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });

  it('a photo recorded just before the erase is removed with the account', async () => {
    const { user, token } = await member('erase-upload-2@example.test');
    const [first, erased] = await Promise.all([upload(token), terminate(token)]);
    expect(first.statusCode).toBeLessThan(500);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await filesOf(user.id)).toEqual([]);
  });
});
