// Profile editing over api/v1 as a mobile client sees it: the envelope's refusals name the field in the
// message, special-category answers need the consent (403), photos are ordered and deleted (404 for another's
// photo), and a photo uploaded by POST /api/photos with the same Bearer token becomes the profile picture.
// contract.int.test.ts checks each row's 200 against the OpenAPI document; this checks the rules.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '@rhema/auth';
import { seedContent, seedUser } from '@rhema/seed';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

describe('api/v1 profile', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let folder: string;
  let n = 0;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rhema-rest-profile-'));
    server = await createTestServer({ PHOTO_DIR: folder });
    await seedContent(server.db);
  });
  afterAll(async () => {
    await server.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function member(options: { special_category_consent?: boolean; photos?: number } = {}) {
    n++;
    const user = await seedUser(server.db, { email: `rest-profile-${n}@example.test`, ...options });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    return { user, token };
  }

  async function call(token: string, method: 'GET' | 'PUT' | 'DELETE', url: string, body?: object) {
    const res = await server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field below
    return { status: res.statusCode, body: res.json() as Record<string, any> };
  }

  const form = {
    first_name: 'Amaka',
    city: 'Abuja',
    state_of_origin: 'Imo',
    height_cm: 165,
    answers: { occupation: 'Nurse', languages: 'English, Igbo' },
    core_values: ['Kindness'],
    citizenships: ['NG', 'GB'],
  };

  it('saves the profile and reads it back; refusals name the field in the message', async () => {
    const { token } = await member({ special_category_consent: false });
    const saved = await call(token, 'PUT', '/profile', form);
    expect(saved).toMatchObject({
      status: 200,
      body: {
        success: true,
        data: { first_name: 'Amaka', city: 'Abuja', height_cm: 165, citizenships: ['GB', 'NG'] },
      },
    });
    const read = await call(token, 'GET', '/profile');
    expect(read.body.data.questions).toContainEqual({
      key: 'languages',
      hint: 'Languages spoken',
      answer: 'English, Igbo',
    });

    expect(await call(token, 'PUT', '/profile', { ...form, height_cm: 300 })).toMatchObject({
      status: 400,
      body: { success: false, message: expect.stringMatching(/^height_cm: /) },
    });
    expect(await call(token, 'PUT', '/profile', { ...form, first_name: '' })).toMatchObject({
      status: 400,
      body: { success: false, message: expect.stringMatching(/^first_name: /) },
    });
    const special = await call(token, 'PUT', '/profile', { ...form, answers: { religion: 'Christian' } });
    expect(special).toMatchObject({
      status: 403,
      body: { success: false, message: expect.stringMatching(/^answers\.religion: /) },
    });
    expect((await call(token, 'GET', '/profile')).body.data.city).toBe('Abuja');
  });

  it('uploads with the Bearer token, reorders and deletes photos; the first is the profile picture', async () => {
    const { token } = await member({ photos: 1 });
    const jpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#a05030' } })
      .jpeg()
      .toBuffer();
    const uploaded = await server.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
      payload: jpeg,
    });
    expect(uploaded.statusCode).toBe(201);
    const photos = (await call(token, 'GET', '/profile/photos')).body.data as { id: string; url: string }[];
    expect(photos).toHaveLength(2);

    const reversed = photos.map((p) => p.id).reverse();
    const ordered = await call(token, 'PUT', '/profile/photos/order', { ids: reversed });
    expect(ordered.body.data.map((p: { id: string }) => p.id)).toEqual(reversed);
    const profile = await server.app.inject({
      method: 'GET',
      url: '/trpc/account.profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json().result.data.profile_pic_url).toBe(ordered.body.data[0].url);
    expect(await call(token, 'PUT', '/profile/photos/order', { ids: [reversed[0]] })).toMatchObject({
      status: 400,
      body: { success: false, message: expect.stringMatching(/^ids: /) },
    });

    const other = await member({ photos: 1 });
    const theirs = (await call(other.token, 'GET', '/profile/photos')).body.data[0].id as string;
    expect((await call(token, 'DELETE', `/profile/photos/${theirs}`)).status).toBe(404);
    const left = await call(token, 'DELETE', `/profile/photos/${reversed[0]}`);
    expect(left).toMatchObject({ status: 200, body: { success: true } });
    expect(left.body.data.map((p: { id: string }) => p.id)).toEqual([reversed[1]]);
  });
});
