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

function hex8(rng: Rng): string {
  return Math.floor(rng() * 4294967296)
    .toString(16)
    .padStart(8, '0');
}

/** Four 32-bit words from the stream as 32 hex digits, and the RFC 4122 variant digit made of the 17th. */
function randomHex(rng: Rng): { hex: string; variant: string } {
  const hex = hex8(rng) + hex8(rng) + hex8(rng) + hex8(rng);
  return { hex, variant: ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16) };
}

/** A version-4-shaped UUID drawn from the stream. */
export function uuidFrom(rng: Rng): string {
  const { hex: s, variant } = randomHex(rng);
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

/** A version-7-shaped UUID whose time field is `ms` and whose other bits come from the stream. Seeds give
 * consecutive rows consecutive `ms`, so index inserts append instead of landing at random pages, and ids are
 * deterministic, so rows can refer to each other before they are inserted (no RETURNING round trip).
 * The random part is uuidFrom's (same digits, same variant), without building that string first. */
export function uuidV7From(ms: number, rng: Rng): string {
  const time = Math.floor(ms).toString(16).padStart(12, '0').slice(-12);
  const { hex: s, variant } = randomHex(rng);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`;
}
