import { AppError } from '../errors/app-error';

// Decoding an image is the heaviest work a member can ask of a server (a 7,000-pixel PNG takes a core for a
// while), so uploads pass a gate per process: one member's uploads one after the other (the photo count is then
// checked before each decode, not by 16 parallel uploads that all saw room), and at most `concurrency` decodes at
// once, a bounded line waiting behind them; past it an upload answers 503 with Retry-After, never a stalled server.

export const PHOTO_DECODES_AT_ONCE = 2;
export const PHOTO_DECODES_WAITING = 32;
export const PHOTO_BUSY_MESSAGE = 'Many photos are being processed right now. Please try again in a moment.';

export interface PhotoUploadGate {
  /** runs `task` after the member's earlier uploads in this process have finished */
  forMember<T>(userId: string, task: () => Promise<T>): Promise<T>;
  /** runs a decode when one of the `concurrency` places is free; refuses (503) when the line is full */
  decode<T>(task: () => Promise<T>): Promise<T>;
  /** decodes running now, waiting, the most that ever ran at once, and how many were started */
  stats(): { running: number; waiting: number; peak: number; started: number };
}

export function createPhotoUploadGate({
  concurrency = PHOTO_DECODES_AT_ONCE,
  maxWaiting = PHOTO_DECODES_WAITING,
}: { concurrency?: number; maxWaiting?: number } = {}): PhotoUploadGate {
  const members = new Map<string, Promise<unknown>>();
  const line: (() => void)[] = [];
  let running = 0;
  let peak = 0;
  let started = 0;

  return {
    async forMember(userId, task) {
      const before = members.get(userId) ?? Promise.resolve();
      const mine = before.catch(() => undefined).then(task);
      const tail = mine.catch(() => undefined);
      members.set(userId, tail);
      try {
        return await mine;
      } finally {
        if (members.get(userId) === tail) members.delete(userId);
      }
    },
    async decode(task) {
      if (running >= concurrency) {
        if (line.length >= maxWaiting) {
          throw new AppError('UNAVAILABLE', PHOTO_BUSY_MESSAGE, { retryAfterSeconds: 5 });
        }
        // a finishing decode hands its place over: `running` already counts this one when it wakes
        await new Promise<void>((resolve) => line.push(resolve));
      } else running += 1;
      started += 1;
      peak = Math.max(peak, running);
      try {
        return await task();
      } finally {
        const next = line.shift();
        if (next) next();
        else running -= 1;
      }
    },
    stats: () => ({ running, waiting: line.length, peak, started }),
  };
}
