import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Where re-encoded photos are kept: a local folder (PHOTO_DIR) or an S3-compatible bucket (S3_BUCKET), chosen in
 * apps/server/src/app.ts from apps/server/src/env.ts. */
export interface PhotoStore {
  put(key: string, data: Buffer): Promise<void>;
  /** null when there is no such file */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** `<user id>/<photo id>.jpg`: the only keys written, so the only ones read (no path from a request escapes). */
export const PHOTO_KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.jpg$/;

export function createLocalPhotoStore(folder: string): PhotoStore {
  const pathOf = (key: string) => {
    if (!PHOTO_KEY.test(key)) throw new Error(`not a photo key: ${key}`);
    return join(folder, key);
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async read(key) {
      if (!PHOTO_KEY.test(key)) return null;
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
