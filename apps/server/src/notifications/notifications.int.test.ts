import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '@rhema/auth';
import { unsubscribeToken } from '@rhema/core';
import type { TLiveMessageEvent } from '@rhema/schemas';
import { seedContent, seedFriendship, seedUser } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseStream } from '../test/sse';
import { createTestServer } from '../test/test-server';

// Notifications through the server (docs/notifications.md): the bell's count on the live stream, the worker's
// mail with its List-Unsubscribe headers, and the one-click unsubscribe without a cookie.

type Server = Awaited<ReturnType<typeof createTestServer>>;

describe('notifications through the server', () => {
  let server: Server;
  let base: string;
  const open: SseStream[] = [];
  let n = 0;
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

  async function member(first_name: string) {
    n += 1;
    const user = await seedUser(server.db, { first_name, email: `notify-server-${n}@example.test` });
    const { token } = await createSession(server.db, { userId: user.id, role: 'member', now: new Date() });
    return { ...user, token };
  }
  const rest = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
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
    expect((await rest(a.token, 'POST', '/friends/requests', { user_id: b.id })).statusCode).toBe(200);
    expect(await bell.nextData<TLiveMessageEvent>()).toEqual({ type: 'notifications', unread: 1 });
    expect((await rest(b.token, 'PATCH', '/notifications/read', {})).json()).toEqual({
      success: true,
      data: { count: 0 },
    });
    expect(await bell.nextData<TLiveMessageEvent>()).toEqual({ type: 'notifications', unread: 0 });
    await plain.expectQuiet(300);
  });

  it('a stream opened while a call rings shows the ring (the callee opened a page after it started)', async () => {
    const a = await member('Early');
    const b = await member('Late');
    await seedFriendship(server.db, a, b);
    const started = await server.app.inject({
      method: 'POST',
      url: '/trpc/calls.start',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: { user_id: b.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const call = (started.json() as { result: { data: { call: { _id: string } } } }).result.data.call._id;
    const stream = await openSse(`${base}/trpc/messages.live`, { authorization: `Bearer ${b.token}` });
    open.push(stream);
    expect((await stream.next()).event).toBe('connected');
    expect((await stream.nextData<TLiveMessageEvent>()).type).toBe('ready');
    expect(await stream.nextData<TLiveMessageEvent>()).toMatchObject({
      type: 'call',
      call_id: call,
      from: a.id,
      signal: 'ring',
    });
  });

  it('mails after the delay through the worker, with List-Unsubscribe; a cookieless one-click POST stops it', async () => {
    const a = await member('Sender');
    const b = await member('Mailed');
    await rest(a.token, 'POST', '/friends/requests', { user_id: b.id });
    // nothing is sent inside the request
    expect(server.mailer.messages.filter((m) => m.to === b.email)).toHaveLength(0);
    await server.app.jobs.drain();
    const [mail] = server.mailer.messages.filter((m) => m.to === b.email);
    expect(mail?.subject).toBe('Sender sent you a friend request');
    const link = /^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(link.startsWith('https://rhema.example/notifications/unsubscribe?token=')).toBe(true);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const path = link.slice('https://rhema.example'.length);
    const wrongBody = await server.app.inject({ method: 'POST', url: path, payload: 'yes please' });
    expect(wrongBody.statusCode).toBe(400);
    const forged = await server.app.inject({
      method: 'POST',
      url: `/notifications/unsubscribe?token=${unsubscribeToken('another-secret-another-secret-0123', b.id, 'friend_request')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    const looked = await server.app.inject({ method: 'GET', url: path });
    expect(looked.statusCode).toBe(200);
    expect(
      (await rest(b.token, 'GET', '/notification-settings')).json().data.kinds.friend_request.email,
    ).toBe(true);
    const oneClick = await server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await rest(b.token, 'GET', '/notification-settings')).json().data.kinds.friend_request).toEqual({
      email: false,
      push: true,
    });
    // the next one stays in the app
    const c = await member('Another');
    await rest(c.token, 'POST', '/friends/requests', { user_id: b.id });
    await server.app.jobs.drain();
    expect(server.mailer.messages.filter((m) => m.to === b.email)).toHaveLength(1);
    expect((await rest(b.token, 'GET', '/notifications/unread')).json().data).toEqual({ count: 2 });
  });

  it('a ringing call goes to the callee’s phone by the queue, as a high-urgency push (the development provider)', async () => {
    const a = await member('Ringing');
    const b = await member('Pocket');
    await seedFriendship(server.db, a, b);
    const token = `android-token-${b.id}`;
    expect((await rest(b.token, 'POST', '/devices', { platform: 'android', token })).statusCode).toBe(200);
    const started = await server.app.inject({
      method: 'POST',
      url: '/trpc/calls.start',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: { user_id: b.id },
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
        url: `/account/messages/${a.id}`,
        urgency: 'high',
      },
    ]);
  });
});
