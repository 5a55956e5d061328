import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unsubscribeToken } from '@rhema/core';
import type { TLiveMessageEvent } from '@rhema/schemas';
import { seedContent, seedFriendship } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseStream } from '../test/sse';
import { restClient } from '../test/rest-client';
import { createTestServer } from '../test/test-server';

// Notifications through the server (docs/notifications.md): the bell's count on the live stream, the worker's
// mail with its List-Unsubscribe headers, and the one-click unsubscribe without a cookie.

type Server = Awaited<ReturnType<typeof createTestServer>>;

describe('notifications through the server', () => {
  let server: Server;
  let base: string;
  const open: SseStream[] = [];
  const { member, call } = restClient(() => server, 'notify-server');
  let pushDir: string;
  beforeAll(async () => {
    pushDir = await mkdtemp(join(tmpdir(), 'rhema-push-'));
    server = await createTestServer(
      { NOTIFICATION_EMAIL_DELAY_S: '0', PUBLIC_ORIGIN: 'https://rhema.example', PUSH_DIR: pushDir },
      {
        jobs: 'manual',
      },
    );
    await seedContent(server.db);
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await server.close();
    await rm(pushDir, { recursive: true, force: true });
  });

  it('the bell’s count moves live for a stream that asks for it, and only then', async () => {
    const a = await member('Ringer');
    const b = await member('Bell');
    const input = encodeURIComponent(JSON.stringify({ notifications: true }));
    const bell = await openSse(`${base}/trpc/messages.live?input=${input}`, {
      authorization: `Bearer ${b.token}`,
    });
    const plain = await openSse(`${base}/trpc/messages.live`, { authorization: `Bearer ${b.token}` });
    open.push(bell, plain);
    for (const stream of [bell, plain]) {
      expect((await stream.next()).event).toBe('connected');
      expect((await stream.nextData<TLiveMessageEvent>()).type).toBe('ready');
    }
    // the count comes with the stream's `ready`: the app reads it no more when it connects
    expect(await bell.nextData<TLiveMessageEvent>()).toEqual({ type: 'notifications', unread: 0 });
    expect((await call(a, 'POST', '/friends/requests', { user_id: b.user.id })).status).toBe(200);
    expect(await bell.nextData<TLiveMessageEvent>()).toEqual({ type: 'notifications', unread: 1 });
    expect((await call(b, 'PATCH', '/notifications/read', {})).body).toEqual({
      success: true,
      data: { count: 0 },
    });
    expect(await bell.nextData<TLiveMessageEvent>()).toEqual({ type: 'notifications', unread: 0 });
    await plain.expectQuiet(300);
  });

  it('a stream opened while a call rings shows the ring (the callee opened a page after it started)', async () => {
    const a = await member('Early');
    const b = await member('Late');
    await seedFriendship(server.db, a.user, b.user);
    const started = await server.app.inject({
      method: 'POST',
      url: '/trpc/calls.start',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: { user_id: b.user.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const callId = (started.json() as { result: { data: { call: { _id: string } } } }).result.data.call._id;
    const stream = await openSse(`${base}/trpc/messages.live`, { authorization: `Bearer ${b.token}` });
    open.push(stream);
    expect((await stream.next()).event).toBe('connected');
    expect((await stream.nextData<TLiveMessageEvent>()).type).toBe('ready');
    expect(await stream.nextData<TLiveMessageEvent>()).toMatchObject({
      type: 'call',
      call_id: callId,
      from: a.user.id,
      signal: 'ring',
    });
  });

  it('mails after the delay through the worker, with List-Unsubscribe; a cookieless one-click POST stops it', async () => {
    const a = await member('Sender');
    const b = await member('Mailed');
    await call(a, 'POST', '/friends/requests', { user_id: b.user.id });
    // nothing is sent inside the request
    expect(server.mailer.messages.filter((m) => m.to === b.user.email)).toHaveLength(0);
    await server.app.jobs.drain();
    const [mail] = server.mailer.messages.filter((m) => m.to === b.user.email);
    expect(mail?.subject).toBe('Sender sent you a friend request');
    const link = /^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(link.startsWith('https://rhema.example/notifications/unsubscribe?token=')).toBe(true);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const path = link.slice('https://rhema.example'.length);
    const wrongBody = await server.app.inject({ method: 'POST', url: path, payload: 'yes please' });
    expect(wrongBody.statusCode).toBe(400);
    const forged = await server.app.inject({
      method: 'POST',
      url: `/notifications/unsubscribe?token=${unsubscribeToken('another-secret-another-secret-0123', b.user.id, 'friend_request')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    const looked = await server.app.inject({ method: 'GET', url: path });
    expect(looked.statusCode).toBe(200);
    expect((await call(b, 'GET', '/notification-settings')).body.data.kinds.friend_request.email).toBe(true);
    const oneClick = await server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await call(b, 'GET', '/notification-settings')).body.data.kinds.friend_request).toEqual({
      email: false,
      push: true,
    });
    // the next one stays in the app
    const c = await member('Another');
    await call(c, 'POST', '/friends/requests', { user_id: b.user.id });
    await server.app.jobs.drain();
    expect(server.mailer.messages.filter((m) => m.to === b.user.email)).toHaveLength(1);
    expect((await call(b, 'GET', '/notifications/unread')).body.data).toEqual({ count: 2 });
  });

  it('a ringing call goes to the callee’s phone by the queue, as a high-urgency push (the development provider)', async () => {
    const a = await member('Ringing');
    const b = await member('Pocket');
    await seedFriendship(server.db, a.user, b.user);
    const token = `android-token-${b.user.id}`;
    expect((await call(b, 'POST', '/devices', { platform: 'android', token })).status).toBe(200);
    const started = await server.app.inject({
      method: 'POST',
      url: '/trpc/calls.start',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: { user_id: b.user.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const pushes = async () => {
      const files = (await readdir(pushDir)).filter((file) => file.endsWith('.json'));
      const all = await Promise.all(
        files.map(async (file) => JSON.parse(await readFile(join(pushDir, file), 'utf8'))),
      );
      return (all as { token: string }[]).filter((push) => push.token === token);
    };
    // nothing is sent inside the request: the queue's job does it
    expect(await pushes()).toEqual([]);
    await server.app.jobs.drain();
    expect(await pushes()).toEqual([
      {
        platform: 'android',
        token,
        title: 'Ringing is calling you',
        body: 'Answer the video call on Rhema.',
        url: `/account/messages/${a.user.id}`,
        urgency: 'high',
      },
    ]);
  });
});
