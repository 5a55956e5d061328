// Placeholder portraits for demo and test members (`/media/avatars/<reference>-<n>.jpg`, or `.svg` as drawn): a soft
// background, a head-and-shoulders silhouette with a hairstyle, skin tone and clothing chosen from a hash of the key.
// The key only seeds the choices; it is never written into the markup, so nothing in it can inject SVG.

const BACKGROUNDS = [
  '#f4d6c6',
  '#f7e3b5',
  '#d9ead3',
  '#cfe2f3',
  '#e6d5f0',
  '#fce5cd',
  '#d0ece7',
  '#f9d5e5',
  '#e2f0cb',
  '#ffe8d6',
  '#d6e4f0',
  '#efe3d0',
] as const;
// mostly deep and medium browns: the membership is largely African and African-diaspora
const SKIN_TONES = [
  '#3b2219',
  '#4a2c20',
  '#5c3a28',
  '#6e4530',
  '#7d5038',
  '#8d5a3b',
  '#a0673f',
  '#b87c4f',
  '#c98e5f',
  '#e0ac7e',
] as const;
const HAIR_COLOURS = ['#120c0a', '#1c120e', '#2a1a12', '#3a2416', '#4b2e1b'] as const;
const CLOTHES = [
  '#1f3a5f',
  '#7a1f3d',
  '#2e5e4e',
  '#c05621',
  '#5b3f8c',
  '#8c6d1f',
  '#264653',
  '#9b2226',
  '#3d405b',
  '#0f766e',
  '#b45309',
  '#6b21a8',
] as const;
const FABRICS = [
  '#e76f51',
  '#f4a261',
  '#2a9d8f',
  '#e9c46a',
  '#d62828',
  '#7b2cbf',
  '#0077b6',
  '#ff7f50',
] as const;
const HAIRSTYLES = ['short', 'afro', 'bun', 'long', 'headwrap', 'locs', 'shaved', 'puffs'] as const;
type Hairstyle = (typeof HAIRSTYLES)[number];

/** FNV-1a over UTF-16 code units: a stable 32-bit seed for any key, in the browser as well as in Node. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32, so one key gives one sequence of choices. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function choose<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length) % items.length] as T;
}

/** Darkens (factor < 1) or lightens (factor > 1) a #rrggbb colour. */
function shade(hex: string, factor: number): string {
  const channel = (i: number) => {
    const value = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
    const mixed = factor < 1 ? value * factor : value + (255 - value) * (factor - 1);
    return Math.round(Math.min(255, Math.max(0, mixed)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

function hairBehind(style: Hairstyle, hair: string, next: () => number): string {
  switch (style) {
    case 'afro':
      return `<circle cx="200" cy="150" r="${104 + Math.floor(next() * 14)}" fill="${hair}"/>`;
    case 'long':
      return `<path d="M116 170 C112 100 150 70 200 70 C250 70 288 100 284 170 L292 318 C260 334 140 334 108 318 Z" fill="${hair}"/>`;
    case 'locs': {
      const locs: string[] = [];
      for (let i = 0; i < 9; i++) {
        const x = 122 + i * 19.5;
        const bottom = 250 + Math.floor(next() * 60);
        locs.push(
          `<rect x="${x.toFixed(1)}" y="96" width="17" height="${bottom - 96}" rx="8.5" fill="${hair}"/>`,
        );
      }
      return locs.join('');
    }
    case 'puffs':
      return `<circle cx="128" cy="104" r="42" fill="${hair}"/><circle cx="272" cy="104" r="42" fill="${hair}"/>`;
    default:
      return '';
  }
}

function hairOnTop(style: Hairstyle, hair: string, fabric: string, next: () => number): string {
  const cap = `<path d="M127 172 C122 104 160 80 200 80 C240 80 278 104 273 172 C264 132 240 114 200 114 C160 114 136 132 127 172 Z" fill="${hair}"/>`;
  switch (style) {
    case 'short':
    case 'long':
    case 'locs':
    case 'puffs':
    case 'afro':
      return cap;
    case 'bun':
      return `<circle cx="200" cy="${70 + Math.floor(next() * 8)}" r="36" fill="${hair}"/>${cap}`;
    case 'shaved':
      return `<path d="M129 160 C128 106 162 86 200 86 C238 86 272 106 271 160 C258 126 238 114 200 114 C162 114 142 126 129 160 Z" fill="${hair}" opacity="0.55"/>`;
    case 'headwrap': {
      const fold = shade(fabric, 0.78);
      return (
        `<path d="M116 168 C104 92 150 48 204 50 C262 52 300 96 284 168 C270 128 240 112 200 112 C160 112 132 128 116 168 Z" fill="${fabric}"/>` +
        `<path d="M150 70 C176 40 238 34 262 64 C240 58 200 60 170 82 Z" fill="${fold}"/>` +
        `<ellipse cx="${236 + Math.floor(next() * 20)}" cy="58" rx="26" ry="18" fill="${fabric}"/>`
      );
    }
  }
}

/** A deterministic 400x400 portrait-style SVG avatar for `key` (e.g. a contact reference and photo number). */
export function renderAvatarSvg(key: string): string {
  const next = generator(hash(key));
  const background = choose(next, BACKGROUNDS);
  const skin = choose(next, SKIN_TONES);
  const hair = choose(next, HAIR_COLOURS);
  const clothes = choose(next, CLOTHES);
  const fabric = choose(next, FABRICS);
  const style = choose(next, HAIRSTYLES);
  const earrings = next() < 0.35;
  const collar = choose(next, ['crew', 'v', 'shirt'] as const);
  // two soft circles placed by the hash make every key's picture its own, even with the same features
  const bubbles = [0, 1]
    .map(() => {
      const cx = Math.floor(next() * 400);
      const cy = Math.floor(next() * 260);
      const r = 40 + Math.floor(next() * 90);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" opacity="0.28"/>`;
    })
    .join('');

  const neckShade = shade(skin, 0.82);
  const neckline =
    collar === 'v'
      ? `<path d="M168 292 L200 346 L232 292 Z" fill="${neckShade}"/>`
      : collar === 'shirt'
        ? `<path d="M172 292 L200 328 L228 292 Z" fill="${neckShade}"/>` +
          `<path d="M166 288 L198 324 L182 346 L150 300 Z M234 288 L202 324 L218 346 L250 300 Z" fill="${shade(clothes, 1.45)}"/>`
        : `<path d="M166 292 C176 314 224 314 234 292 Z" fill="${neckShade}"/>`;

  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="Member photo">',
    `<rect width="400" height="400" fill="${background}"/>`,
    bubbles,
    hairBehind(style, hair, next),
    // shoulders, neck, ears, head, then the hair or wrap over the head
    `<path d="M36 400 C36 328 106 290 200 290 C294 290 364 328 364 400 Z" fill="${clothes}"/>`,
    `<rect x="170" y="226" width="60" height="76" rx="24" fill="${neckShade}"/>`,
    neckline,
    `<ellipse cx="128" cy="184" rx="13" ry="20" fill="${skin}"/>`,
    `<ellipse cx="272" cy="184" rx="13" ry="20" fill="${skin}"/>`,
    earrings
      ? '<circle cx="128" cy="208" r="6" fill="#d4a017"/><circle cx="272" cy="208" r="6" fill="#d4a017"/>'
      : '',
    `<ellipse cx="200" cy="176" rx="72" ry="88" fill="${skin}"/>`,
    hairOnTop(style, hair, fabric, next),
    '</svg>',
  ].join('');
}

/**
 * The avatar as a JPEG, as members' own photos are served (media/photos.ts): a browser opens every SVG image as a
 * document of its own, and a list of a dozen members then spent more of a phone's main thread on its pictures than
 * on its own markup.
 */
export async function renderAvatarJpeg(key: string): Promise<Buffer> {
  // loaded with the first picture, as for uploads: its native library is memory most servers' requests never use
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(renderAvatarSvg(key)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
