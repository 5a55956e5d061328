import type { Database } from '../create-db';

// A member's photos, in their order; the first is the profile picture (packages/core/src/media/photos.ts).

export function listPhotos(db: Database, userId: string) {
  return db
    .selectFrom('photos')
    .select(['id', 'url', 'width', 'height', 'storage_key', 'position'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/**
 * Adds a photo unless the member already has `max`, counted under a lock on the member's row so two uploads at
 * once cannot both take the last place. Answers 'full' when the member is full, 'gone' when the member was erased
 * meanwhile (the erase holds the same lock: packages/db/src/queries/erase.ts).
 */
export async function insertPhotoIfRoom(
  db: Database,
  photo: {
    id: string;
    user_id: string;
    url: string;
    storage_key: string;
    width: number;
    height: number;
    bytes: number;
  },
  max: number,
): Promise<'added' | 'full' | 'gone'> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', photo.user_id)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return 'gone';
    const existing = await trx
      .selectFrom('photos')
      .select(({ fn }) => [fn.countAll<string>().as('count'), fn.max('position').as('last')])
      .where('user_id', '=', photo.user_id)
      .executeTakeFirstOrThrow();
    if (Number(existing.count) >= max) return 'full';
    const position = existing.last === null ? 0 : Number(existing.last) + 1;
    await trx
      .insertInto('photos')
      .values({ ...photo, position })
      .execute();
    return 'added';
  });
}

/** Sets the order; `ids` are exactly the member's photo ids (checked by the caller). */
export async function setPhotoOrder(db: Database, userId: string, ids: readonly string[]) {
  await db.transaction().execute(async (trx) => {
    for (const [position, id] of ids.entries()) {
      await trx
        .updateTable('photos')
        .set({ position })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    }
  });
}

/** Deletes one of the member's photos; answers its storage key (null for a seeded avatar), undefined if none. */
export async function deletePhoto(db: Database, userId: string, id: string) {
  const row = await db
    .deleteFrom('photos')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('storage_key')
    .executeTakeFirst();
  return row ? row.storage_key : undefined;
}
