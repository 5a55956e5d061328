// Seeded randomness for the demo data: the same seed gives the same members on every machine and every run.
// Math.random is never used, so a test can rebuild the data set and compare it.

export type Rng = () => number;

/** mulberry32: a tiny 32-bit PRNG, plenty for demo data (https://gist.github.com/tommyettinger/46a874533244883189143505d203312c). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes two integers into a well-spread 32-bit seed (murmur3's finaliser), so member i gets its own stream. */
export function mixSeed(a: number, b: number): number {
  let h = (Math.imul(a >>> 0, 0x9e3779b1) ^ (b >>> 0)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** An integer in [min, max], both included. */
export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}

/** Picks by weight: `[[value, weight], ...]`. */
export function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new Error('weighted() from an empty list');
  return last[0];
}

/** `count` distinct items, in random order. */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) {
    const [item] = pool.splice(Math.floor(rng() * pool.length), 1);
    if (item !== undefined) out.push(item);
  }
  return out;
}

/** Normal distribution (Box-Muller), for heights. */
export function normal(rng: Rng, mean: number, sd: number): number {
  const u = 1 - rng();
  const v = rng();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Two hex digits of each byte, and one of each nibble. */
const HEX2 = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'));
const HEX1 = Array.from({ length: 16 }, (_, n) => n.toString(16));
const TWO_32 = 4_294_967_296;

/** Four hex digits of the low 16 bits. */
function hex4(value: number): string {
  return (HEX2[(value >>> 8) & 255] as string) + (HEX2[value & 255] as string);
}

/**
 * A version-7-shaped UUID whose time field is `ms` (its low 48 bits) and whose other bits come from the stream: four
 * 32-bit words are drawn, and the 32 hex digits they make give the version digit's three followers (digits 14-16),
 * the RFC 4122 variant (made of the 17th) and the rest (18-32). Seeds give consecutive rows consecutive `ms`, so
 * index inserts append instead of landing at random pages, and ids are deterministic, so rows can refer to each
 * other before they are inserted (no RETURNING round trip). Built from digit tables: the seed makes millions.
 */
export function uuidV7From(ms: number, rng: Rng): string {
  const time = Math.floor(ms);
  const high = Math.floor(time / TWO_32) & 0xffff;
  const low = time >>> 0;
  rng(); // the first word's digits are not used
  const w1 = Math.floor(rng() * TWO_32);
  const w2 = Math.floor(rng() * TWO_32);
  const w3 = Math.floor(rng() * TWO_32);
  return (
    hex4(high) +
    hex4(low >>> 16) +
    '-' +
    hex4(low) +
    '-7' +
    (HEX1[(w1 >>> 8) & 15] as string) +
    (HEX2[w1 & 255] as string) +
    '-' +
    (HEX1[((w2 >>> 28) & 3) | 8] as string) +
    (HEX1[(w2 >>> 24) & 15] as string) +
    (HEX2[(w2 >>> 16) & 255] as string) +
    '-' +
    hex4(w2) +
    hex4(w3 >>> 16) +
    hex4(w3)
  );
}
