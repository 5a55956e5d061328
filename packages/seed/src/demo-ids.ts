// What makes the demo data set deterministic: the seeds of its random streams and the ids of its rows.
import { mixSeed, mulberry32, uuidV7From } from './random';

export const DEMO_SEED = 20_240_406;
export const INTRO_SEED = 104_729;
const ID_SEED = 7_919;

// Ids are UUIDv7-shaped with one millisecond per row from these instants: deterministic and index-friendly.
export const USER_ID_EPOCH = Date.UTC(2024, 0, 1);
export const INTRODUCTION_ID_EPOCH = Date.UTC(2024, 6, 1);
// Users, the rows made by the million (photos, consents) and the introductions' requests and suggestion codes get
// their ids this way, each kind from its own instant and seed by its ordinal: they draw nothing from a member's
// stream (which would change every later value) and spare the server a gen_random_uuid() per row (decision
// 104).
const ROW_IDS = {
  user: [USER_ID_EPOCH, ID_SEED],
  photo: [Date.UTC(2024, 1, 1), 15_485_863],
  consent: [Date.UTC(2024, 2, 1), 32_452_843],
  request: [Date.UTC(2024, 7, 1), 49_979_687],
  code: [Date.UTC(2024, 8, 1), 67_867_967],
} as const;

export function rowId(kind: keyof typeof ROW_IDS, ordinal: number): string {
  const [epoch, seed] = ROW_IDS[kind];
  return uuidV7From(epoch + ordinal, mulberry32(mixSeed(seed, ordinal)));
}

/** At most this many photos per member: photo ids are numbered index * MAX_PHOTOS + position. */
export const MAX_PHOTOS = 3;

/** The id of the demo user with this index (0..3 the demo accounts, then the generated members). */
export function demoUserId(index: number): string {
  return rowId('user', index);
}
