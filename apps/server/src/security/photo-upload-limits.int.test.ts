// docs/security.md, F18: POST /api/photos had no rate limit and checked the 6-photo count before
// any lock, so 16 parallel large PNGs of one member were all decoded (one stored) while a concurrent login waited
// seconds. Now each upload counts in the member's hourly limit (the one rate limiter), one member's uploads run one
// after the other so the count refuses the 7th before decoding, and a process decodes a bounded number at once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession, RATE_LIMITS } from '@rhema/auth';
import { PHOTO_DECODES_AT_ONCE } from '@rhema/core';
import { PHOTO_LIMITS } from '@rhema/schemas';
import { seedUser } from '@rhema/seed';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

describe('photo upload limits (F18)', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let folder: string;
  let png: Buffer;
  let n = 0;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rhema-photo-limits-'));
    server = await createTestServer({ PHOTO_DIR: folder });
    png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#aa5522' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await server?.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function member() {
    n += 1;
    const user = await seedUser(server.db, { email: `photo-limit-${n}@example.test`, photos: 0 });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    return token;
  }
  const upload = (token: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${token}` },
      payload: png,
    });

  it('16 parallel uploads of one member: 6 stored, 10 refused with 409 before any decode', async () => {
    const token = await member();
    const before = server.app.photoUploads.stats().started;
    const answers = await Promise.all(Array.from({ length: 16 }, () => upload(token)));
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 201: PHOTO_LIMITS.maxPhotos, 409: 10 });
    expect(server.app.photoUploads.stats().started - before).toBe(PHOTO_LIMITS.maxPhotos);
  });

  it(`uploads of many members at once: at most ${PHOTO_DECODES_AT_ONCE} decodes run together, every upload stored`, async () => {
    const tokens = await Promise.all(Array.from({ length: 8 }, () => member()));
    const answers = await Promise.all(tokens.map((token) => upload(token)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(server.app.photoUploads.stats().peak).toBeLessThanOrEqual(PHOTO_DECODES_AT_ONCE);
    expect(server.app.photoUploads.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("an upload past the member's hourly limit answers 429 with Retry-After", async () => {
    const token = await member();
    const limit = RATE_LIMITS.photoUploadsPerMember.limit;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await upload(token)).statusCode);
    // refused uploads count too: six stored, the rest 409
    expect(tally(statuses)).toEqual({ 201: PHOTO_LIMITS.maxPhotos, 409: limit - PHOTO_LIMITS.maxPhotos });
    const limited = await upload(token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false });
  });
});
