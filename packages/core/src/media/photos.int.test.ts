import { createPostgresRateLimitStore } from '@rhema/auth';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { PHOTO_LIMITS, PHOTO_MESSAGES, type TPhoto } from '@rhema/schemas';
import { seedContent, seedUser } from '@rhema/seed';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMemberProfile } from '../profiles/member-profiles';
import { createLocalPhotoStore, type PhotoStore } from './photo-store';
import { deletePhoto, detectPhotoType, reorderPhotos, uploadPhoto } from './photos';
import { createPhotoUploadGate } from './upload-gate';

const NOW = new Date('2026-03-02T09:00:00.000Z');

function image(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } });
}

/** A JPEG carrying EXIF with a GPS position, a camera and an orientation, as a phone writes it. */
function jpegWithGps() {
  return image(400, 300)
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Camera 9', Copyright: 'SecretOwner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2616/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3964/100',
      },
    })
    .jpeg()
    .toBuffer();
}

async function rejected(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; field?: string };
  }
  throw new Error('expected a refusal');
}

describe('member photos', () => {
  let handle: DbHandle;
  let folder: string;
  let store: PhotoStore;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    folder = await mkdtemp(join(tmpdir(), 'rhema-photos-'));
    store = createLocalPhotoStore(folder);
  });
  afterAll(async () => {
    await handle.close();
    await rm(folder, { recursive: true, force: true });
  });

  const member = () => seedUser(handle.db, { photos: 0 });
  const gate = createPhotoUploadGate();
  const uploads = () => ({
    db: handle.db,
    store,
    rateLimitStore: createPostgresRateLimitStore(handle.db),
    gate,
    now: NOW,
  });

  it('tells JPEG, PNG and WebP by their content', async () => {
    expect(detectPhotoType(await image(8, 8).jpeg().toBuffer())).toBe('image/jpeg');
    expect(detectPhotoType(await image(8, 8).png().toBuffer())).toBe('image/png');
    expect(detectPhotoType(await image(8, 8).webp().toBuffer())).toBe('image/webp');
    expect(detectPhotoType(await image(8, 8).gif().toBuffer())).toBeNull();
    expect(detectPhotoType(Buffer.from('%PDF-1.7 not a photo'))).toBeNull();
  });

  it('refuses other types, whatever they are called, and files over 10 MB', async () => {
    const user = await member();
    for (const data of [
      await image(8, 8).gif().toBuffer(),
      await image(8, 8).tiff().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ]) {
      expect(await rejected(uploadPhoto({ ...uploads(), userId: user.id, data }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: PHOTO_MESSAGES.type,
      });
    }
    // a JPEG's first bytes, one byte over the limit
    const big = Buffer.alloc(PHOTO_LIMITS.maxBytes + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await rejected(uploadPhoto({ ...uploads(), userId: user.id, data: big }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: PHOTO_MESSAGES.size,
    });
    // the right first bytes but no image behind them
    const fake = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    expect(await rejected(uploadPhoto({ ...uploads(), userId: user.id, data: fake }))).toMatchObject({
      message: PHOTO_MESSAGES.unreadable,
    });
    const rows = await handle.db.selectFrom('photos').where('user_id', '=', user.id).selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('re-encodes a phone JPEG without its EXIF location and cuts a large PNG to the portrait frame', async () => {
    const user = await member();
    const original = await jpegWithGps();
    // the test image really carries the location
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('SecretOwner'))).toBe(true);

    const photos = await uploadPhoto({ ...uploads(), userId: user.id, data: original });
    expect(photos).toHaveLength(1);
    const stored = await store.read(photos[0]!.url.replace('/media/photos/', ''));
    expect(stored).not.toBeNull();
    const meta = await sharp(stored!).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored!.includes(Buffer.from('Exif'))).toBe(false);
    expect(stored!.includes(Buffer.from('SecretOwner'))).toBe(false);
    expect(stored!.includes(Buffer.from('PhoneMaker'))).toBe(false);

    const large = await image(3200, 2000).png().toBuffer();
    const after = await uploadPhoto({ ...uploads(), userId: user.id, data: large });
    expect(after[1]).toMatchObject({ width: 1280, height: 1600 });
    const resized = await sharp((await store.read(after[1]!.url.replace('/media/photos/', '')))!).metadata();
    expect([resized.format, resized.width, resized.height]).toEqual(['jpeg', 1280, 1600]);
  });

  it('keeps at most 6, reorders them, deletes one with its file; the first is the profile picture', async () => {
    const user = await member();
    const small = await image(64, 64).webp().toBuffer();
    let photos: TPhoto[] = [];
    for (let i = 0; i < PHOTO_LIMITS.maxPhotos; i++) {
      photos = await uploadPhoto({ ...uploads(), userId: user.id, data: small });
    }
    expect(photos).toHaveLength(6);
    expect(await rejected(uploadPhoto({ ...uploads(), userId: user.id, data: small }))).toMatchObject({
      code: 'CONFLICT',
      message: PHOTO_MESSAGES.count,
    });
    expect(await readdir(join(folder, user.id))).toHaveLength(6);

    const reversed = photos.map((p) => p.id).reverse();
    const reordered = await reorderPhotos({ db: handle.db, userId: user.id, ids: reversed });
    expect(reordered.map((p) => p.id)).toEqual(reversed);
    const profile = await loadMemberProfile({
      db: handle.db,
      userId: user.id,
      viewer: { kind: 'member', userId: user.id },
      now: NOW,
    });
    expect(profile!.profile_pic_url).toBe(reordered[0]!.url);
    expect(profile!.profile_pic_urls).toEqual(reordered.map((p) => p.url));

    // not all of them, twice the same, or another member's: refused
    const other = await member();
    const theirs = await uploadPhoto({ ...uploads(), userId: other.id, data: small });
    for (const ids of [
      reversed.slice(1),
      [...reversed.slice(1), reversed[1]!],
      [...reversed.slice(1), theirs[0]!.id],
    ]) {
      expect(await rejected(reorderPhotos({ db: handle.db, userId: user.id, ids }))).toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    expect(
      await rejected(deletePhoto({ db: handle.db, store, userId: user.id, id: theirs[0]!.id })),
    ).toMatchObject({ code: 'NOT_FOUND' });

    const left = await deletePhoto({ db: handle.db, store, userId: user.id, id: reversed[0]! });
    expect(left.map((p) => p.id)).toEqual(reversed.slice(1));
    expect(await readdir(join(folder, user.id))).toHaveLength(5);
    // room again
    expect(await uploadPhoto({ ...uploads(), userId: user.id, data: small })).toHaveLength(6);
  });
});
