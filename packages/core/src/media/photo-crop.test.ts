import { PHOTO_LIMITS } from '@rhema/schemas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { portraitCrop, reencodePhoto } from './photos';

// Every photo is cut to the portrait frame the pages show; the cut must keep the face, not the centre.

const SKIN = { r: 198, g: 134, b: 98 };

/**
 * A full-length portrait: a face (skin tone, with eyes and a mouth) near the top of a tall frame over a textured,
 * muted background and a dark body, as a phone photo of a standing person is. A centre crop cuts the head off.
 */
async function standingPerson(width: number, height: number, faceTop: number) {
  const faceW = Math.round(width * 0.3);
  const faceH = Math.round(faceW * 1.3);
  const cx = width / 2;
  const cy = faceTop + faceH / 2;
  const noise = Array.from({ length: 120 }, (_, i) => {
    const x = (i * 97) % width;
    const y = (i * 211) % height;
    return `<rect x="${x}" y="${y}" width="14" height="9" fill="#8d9196" opacity="0.5"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#7f8488"/>${noise}
    <rect x="${cx - faceW}" y="${faceTop + faceH}" width="${faceW * 2}" height="${height}" fill="#2b2f3a"/>
    <ellipse cx="${cx}" cy="${cy}" rx="${faceW / 2}" ry="${faceH / 2}" fill="rgb(${SKIN.r},${SKIN.g},${SKIN.b})"/>
    <ellipse cx="${cx - faceW / 5}" cy="${cy - faceH / 8}" rx="${faceW / 14}" ry="${faceH / 24}" fill="#1b1b1b"/>
    <ellipse cx="${cx + faceW / 5}" cy="${cy - faceH / 8}" rx="${faceW / 14}" ry="${faceH / 24}" fill="#1b1b1b"/>
    <rect x="${cx - faceW / 6}" y="${cy + faceH / 5}" width="${faceW / 3}" height="${faceH / 18}" fill="#7a2e2e"/>
  </svg>`;
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
  return { data, faceTop, faceBottom: faceTop + faceH };
}

/** Rows of the image that hold skin-tone pixels: the face's first and last row, and how many skin pixels. */
async function skinRows(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  let first = -1;
  let last = -1;
  let count = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      const near =
        Math.abs(data[i]! - SKIN.r) < 24 &&
        Math.abs(data[i + 1]! - SKIN.g) < 24 &&
        Math.abs(data[i + 2]! - SKIN.b) < 24;
      if (!near) continue;
      count += 1;
      if (first < 0) first = y;
      last = y;
    }
  }
  return { first, last, count, height: info.height };
}

describe('portraitCrop', () => {
  it('cuts wide and tall images to the 4:5 frame, at most 1600 px high, never enlarging', () => {
    expect(portraitCrop(3200, 2000)).toEqual({ width: 1280, height: 1600 });
    expect(portraitCrop(1000, 3000)).toEqual({ width: 1000, height: 1250 });
    expect(portraitCrop(400, 500)).toEqual({ width: 400, height: 500 });
    expect(portraitCrop(64, 64)).toEqual({ width: 51, height: 64 });
    const { width, height } = portraitCrop(4000, 6000);
    expect(width / height).toBeCloseTo(PHOTO_LIMITS.aspect.width / PHOTO_LIMITS.aspect.height, 2);
  });
});

describe('reencodePhoto keeps the face in the frame', () => {
  it('keeps the whole head of a standing person whose face is near the top of a tall photo', async () => {
    const person = await standingPerson(800, 2000, 140);
    const source = await skinRows(person.data);
    // the fixture is what it claims: a centre crop of the same frame cuts the face off entirely
    const centre = await sharp(person.data)
      .resize({ width: 800, height: 1000, fit: 'cover', position: 'centre' })
      .jpeg()
      .toBuffer();
    expect((await skinRows(centre)).count).toBeLessThan(source.count * 0.05);

    const out = await reencodePhoto(person.data);
    expect([out.width, out.height]).toEqual([800, 1000]);
    const kept = await skinRows(out.data);
    // all of the face, none of it cut at the top or bottom edge
    expect(kept.count).toBeGreaterThan(source.count * 0.95);
    expect(kept.first).toBeGreaterThan(0);
    expect(kept.last).toBeLessThan(kept.height - 1);
  });

  it('keeps the face of a person standing to one side of a wide photo', async () => {
    const person = await standingPerson(900, 1000, 300);
    // the person to the right: the wide frame is the portrait, padded on the left with background
    const wide = await sharp({ create: { width: 2400, height: 1000, channels: 3, background: '#7f8488' } })
      .composite([{ input: person.data, left: 1500, top: 0 }])
      .jpeg()
      .toBuffer();
    const source = await skinRows(wide);
    const out = await reencodePhoto(wide);
    expect([out.width, out.height]).toEqual([800, 1000]);
    expect((await skinRows(out.data)).count).toBeGreaterThan(source.count * 0.95);
  });
});
