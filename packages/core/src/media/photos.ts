import { randomUUID } from 'node:crypto';
import { photoQueries, type Database } from '@rhema/db';
import { PHOTO_LIMITS, PHOTO_MESSAGES, type TPhoto } from '@rhema/schemas';
import { RATE_LIMITS, type RateLimitStore } from '@rhema/auth';
import { AppError } from '../errors/app-error';
import { takeRateLimits } from '../rate-limit/enforce';
import type { PhotoStore } from './photo-store';
import type { PhotoUploadGate } from './upload-gate';

// Member photos: JPEG, PNG or WebP by their content (never by a file name or a declared type),
// at most PHOTO_LIMITS.maxBytes and PHOTO_LIMITS.maxPhotos, re-encoded by sharp so that nothing of the upload but
// its pixels is kept (EXIF, GPS location, ICC and XMP are dropped: sharp writes no metadata unless asked).

export type PhotoType = (typeof PHOTO_LIMITS.types)[number];

/** The image type by its first bytes; null for anything else. */
export function detectPhotoType(data: Uint8Array): PhotoType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/**
 * The portrait frame every photo is cut to (PHOTO_LIMITS.aspect), at most maxEdgePx high, never enlarged: the
 * crop's size for an upright image of `width` x `height`.
 */
export function portraitCrop(width: number, height: number): { width: number; height: number } {
  const { aspect, maxEdgePx } = PHOTO_LIMITS;
  const ratio = aspect.width / aspect.height;
  const cropWidth = Math.min(width, Math.round(height * ratio));
  const cropHeight = Math.min(height, Math.round(width / ratio));
  const scale = Math.min(1, maxEdgePx / Math.max(cropWidth, cropHeight));
  return {
    width: Math.max(1, Math.round(cropWidth * scale)),
    height: Math.max(1, Math.round(cropHeight * scale)),
  };
}

/**
 * Refuses what is not a photo we take; otherwise an upright JPEG without metadata, cut to the portrait frame the
 * pages show. The cut follows sharp's attention strategy (detail, saturation and skin tones), so a face stays in
 * the frame instead of the centre being kept and the head cut off.
 */
export async function reencodePhoto(data: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  if (data.length > PHOTO_LIMITS.maxBytes)
    throw new AppError('BAD_REQUEST', PHOTO_MESSAGES.size, { field: 'photo' });
  if (!detectPhotoType(data)) throw new AppError('BAD_REQUEST', PHOTO_MESSAGES.type, { field: 'photo' });
  // loaded with the first photo: its native library is some 27 MB of a server's memory that most requests never use
  // (docs/decisions/101-request-overhead.md)
  const { default: sharp } = await import('sharp');
  try {
    const input = sharp(data, { limitInputPixels: 50_000_000, failOn: 'error' });
    const { autoOrient } = await input.metadata();
    const frame = portraitCrop(autoOrient.width, autoOrient.height);
    const { data: out, info } = await input
      // applies the EXIF orientation to the pixels, as the EXIF itself is dropped
      .rotate()
      .resize({ ...frame, fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data: out, width: info.width, height: info.height };
  } catch (cause) {
    throw new AppError('BAD_REQUEST', PHOTO_MESSAGES.unreadable, { field: 'photo', cause });
  }
}

const toPhoto = (row: { id: string; url: string; width: number | null; height: number | null }): TPhoto => ({
  _id: row.id,
  id: row.id,
  url: row.url,
  width: row.width,
  height: row.height,
});

export async function listMyPhotos({ db, userId }: { db: Database; userId: string }): Promise<TPhoto[]> {
  return (await photoQueries.listPhotos(db, userId)).map(toPhoto);
}

/**
 * Re-encodes and stores an upload as the member's last photo; answers all their photos. Every upload counts in the
 * member's hourly limit (429); then the member's uploads run one after the other in this process, so the photo
 * count is checked before each decode, and the decode waits for a place in the process's gate (upload-gate.ts).
 */
export async function uploadPhoto({
  db,
  store,
  rateLimitStore,
  gate,
  now,
  userId,
  data,
}: {
  db: Database;
  store: PhotoStore;
  rateLimitStore: RateLimitStore;
  gate: PhotoUploadGate;
  now: Date;
  userId: string;
  data: Buffer;
}): Promise<TPhoto[]> {
  await takeRateLimits({
    store: rateLimitStore,
    now,
    slots: [
      {
        rule: RATE_LIMITS.photoUploadsPerMember,
        subject: userId,
        message: 'You have uploaded many photos in the last hour. Please try again later.',
      },
    ],
  });
  return gate.forMember(userId, async () => {
    const before = await photoQueries.listPhotos(db, userId);
    // refused before the work of decoding (and checked again under the lock below: other instances)
    if (before.length >= PHOTO_LIMITS.maxPhotos) {
      throw new AppError('CONFLICT', PHOTO_MESSAGES.count, { field: 'photo' });
    }
    const photo = await gate.decode(() => reencodePhoto(data));
    const id = randomUUID();
    const key = `${userId}/${id}.jpg`;
    await store.put(key, photo.data);
    const added = await photoQueries.insertPhotoIfRoom(
      db,
      {
        id,
        user_id: userId,
        url: `/media/photos/${key}`,
        storage_key: key,
        width: photo.width,
        height: photo.height,
        bytes: photo.data.length,
      },
      PHOTO_LIMITS.maxPhotos,
    );
    if (added !== 'added') {
      await store.remove(key);
      // erased while the photo was being encoded: the account is gone, and so is the file
      if (added === 'gone') throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
      throw new AppError('CONFLICT', PHOTO_MESSAGES.count, { field: 'photo' });
    }
    return listMyPhotos({ db, userId });
  });
}

/** Puts the member's photos in the given order (all of them, each once); the first becomes the profile picture. */
export async function reorderPhotos({
  db,
  userId,
  ids,
}: {
  db: Database;
  userId: string;
  ids: readonly string[];
}): Promise<TPhoto[]> {
  const current = await photoQueries.listPhotos(db, userId);
  const mine = new Set(current.map((row) => row.id));
  if (ids.length !== mine.size || new Set(ids).size !== ids.length || !ids.every((id) => mine.has(id))) {
    throw new AppError('BAD_REQUEST', 'Please list each of your photos once.', { field: 'ids' });
  }
  await photoQueries.setPhotoOrder(db, userId, ids);
  return listMyPhotos({ db, userId });
}

/** Deletes one of the member's photos and its file. */
export async function deletePhoto({
  db,
  store,
  userId,
  id,
}: {
  db: Database;
  store: PhotoStore;
  userId: string;
  id: string;
}): Promise<TPhoto[]> {
  const key = await photoQueries.deletePhoto(db, userId, id);
  if (key === undefined) throw new AppError('NOT_FOUND', 'Unknown photo', { field: 'id' });
  if (key) await store.remove(key);
  return listMyPhotos({ db, userId });
}
