import {
  createJobQueue,
  jobHandlers,
  runDueJobs,
  type JobQueue,
  type PushDevice,
  type PushMessage,
  type PushSender,
} from '@rhema/core';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { seedContent, seedFriendship } from '@rhema/seed';
import { CALL_RING_TIMEOUT_MS } from '@rhema/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContextInner } from '../../context';
import { createCaller } from '../../root';
import { createHarness, rejection } from '../../test/harness';

// The devices pushes go to (docs/notifications.md): only https endpoints on the known push services are taken
// (anything else is 400, so no subscription makes the server call an internal address); a push service's 410
// removes the subscription; pushes follow the settings, quiet hours and discreet mode.

describe('push devices', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let n = 0;
  const pushed: { device: PushDevice; message: PushMessage }[] = [];
  const gone = new Set<string>();
  const sender: PushSender = {
    async send(device, message) {
      if (gone.has(device.token)) return 'gone';
      pushed.push({ device, message });
      return 'sent';
    },
  };
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  async function member(first: string, jobs?: JobQueue) {
    n += 1;
    const user = await h.user({ email: `devices-${n}@example.test`, first_name: first });
    const caller = createCaller(
      createContextInner({
        db: handle.db,
        user: { id: user.id, role: 'member', first_name: first },
        session: { id: `session-${user.id}`, via: 'bearer' },
        now: () => new Date(h.clock.now),
        push: { publicKey: 'BPublicKeyForTests', endpointHosts: ['fcm.googleapis.com', '127.0.0.1'] },
        ...(jobs ? { jobs } : {}),
      }),
    );
    return { user, caller };
  }
  const delivery = { emailDelayMs: 900_000, origin: 'https://rhema.example', secret: 's', push: sender };
  const work = () =>
    runDueJobs(
      { db: handle.db, mailer: h.mailer, clock: () => new Date(h.clock.now), delivery },
      jobHandlers,
    );
  const subscription = (endpoint: string) => ({
    platform: 'web' as const,
    subscription: { endpoint, keys: { p256dh: 'BKey', auth: 'auth' } },
  });

  it('takes https endpoints on the known push services only', async () => {
    const { caller } = await member('Pusher');
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost:3000/internal',
      'https://fcm.googleapis.com.evil.example/x',
      'https://user:pass@fcm.googleapis.com/x',
    ])
      expect(await rejection(caller.devices.register(subscription(endpoint)))).toMatchObject({
        status: 400,
        field: 'subscription',
      });
    const web = await caller.devices.register(subscription('https://fcm.googleapis.com/fcm/send/abc'));
    const local = await caller.devices.register(subscription('https://127.0.0.1:8443/push/1'));
    const phone = await caller.devices.register({ platform: 'android', token: 'android-token-1' });
    expect((await caller.devices.list()).map((d) => d._id).sort()).toEqual(
      [web._id, local._id, phone._id].sort(),
    );
    expect(await caller.devices.publicKey()).toEqual({ key: 'BPublicKeyForTests' });
    const other = await member('Other');
    expect(await rejection(other.caller.devices.remove({ id: web._id }))).toMatchObject({ status: 404 });
    expect(await caller.devices.remove({ id: web._id })).toEqual({});
    expect(await caller.devices.list()).toHaveLength(2);
  });

  it('registers 20 devices an hour per member, then answers 429 with the time to wait (F29)', async () => {
    const { caller } = await member('Many');
    for (let i = 0; i < 20; i += 1)
      await caller.devices.register({ platform: 'android', token: `android-token-many-${i}` });
    expect(
      await rejection(caller.devices.register({ platform: 'android', token: 'android-token-many-20' })),
    ).toMatchObject({ status: 429 });
    expect(await caller.devices.list()).toHaveLength(20);
  });

  it('pushes at once, discreetly when asked, and a 410 removes the subscription', async () => {
    const a = await member('Kunle');
    const b = await member('Lola');
    await b.caller.devices.register(subscription('https://127.0.0.1:8443/push/lola-gone'));
    await b.caller.devices.register({ platform: 'ios', token: 'ios-token-lola' });
    gone.add('https://127.0.0.1:8443/push/lola-gone');
    await a.caller.friends.send({ user_id: b.user.id });
    await work();
    const toLola = pushed.filter((p) => p.device.token === 'ios-token-lola');
    expect(toLola.map((p) => p.message.title)).toEqual(['Kunle sent you a friend request']);
    expect(toLola[0]?.message).toMatchObject({ url: '/account/friends', urgency: 'normal' });
    expect((await b.caller.devices.list()).map((d) => d.platform)).toEqual(['ios']);

    await b.caller.notifications.updateSettings({ discreet: true });
    const c = await member('Musa');
    await c.caller.friends.send({ user_id: b.user.id });
    await work();
    expect(pushed.filter((p) => p.device.token === 'ios-token-lola').at(-1)?.message).toMatchObject({
      title: 'You have a new notification',
      body: '',
    });
  });

  it('holds a push through quiet hours and sends none when push is off', async () => {
    const a = await member('Nneka');
    const b = await member('Obi');
    await b.caller.devices.register({ platform: 'android', token: 'android-token-obi' });
    const hour = (h.clock.now.getUTCHours() + 24) % 24;
    const hh = (x: number) => String((hour + x) % 24).padStart(2, '0');
    await b.caller.notifications.updateSettings({
      quiet_hours: { start: `${hh(0)}:00`, end: `${hh(1)}:00` },
    });
    await a.caller.friends.send({ user_id: b.user.id });
    await work();
    const toObi = () => pushed.filter((p) => p.device.token === 'android-token-obi');
    expect(toObi()).toHaveLength(0);
    h.advance(3600_000);
    await work();
    expect(toObi()).toHaveLength(1);

    await b.caller.notifications.updateSettings({
      quiet_hours: null,
      kinds: { friend_request: { push: false } },
    });
    const c = await member('Pelu');
    await c.caller.friends.send({ user_id: b.user.id });
    await work();
    expect(toObi()).toHaveLength(1);
  });

  it('a ringing call is a high-urgency push at once, living as long as the ring; none once answered', async () => {
    // the server's queue: a job added runs as soon as the request has its answer, with the instance's providers
    const jobs = createJobQueue({
      db: handle.db,
      mailer: h.mailer,
      handlers: jobHandlers,
      clock: () => new Date(h.clock.now),
      delivery,
      mode: 'manual',
    });
    const a = await member('Remi', jobs);
    const b = await member('Sade', jobs);
    await seedFriendship(handle.db, a.user, b.user);
    await b.caller.devices.register({ platform: 'android', token: 'android-token-sade' });
    await b.caller.devices.register(subscription('https://127.0.0.1:8443/push/sade'));
    const toSade = () => pushed.filter((p) => p.device.token.includes('sade'));

    const { call } = await a.caller.calls.start({ user_id: b.user.id });
    h.advance(4_000);
    await jobs.drain();
    expect(
      toSade()
        .map((p) => p.device.platform)
        .sort(),
    ).toEqual(['android', 'web']);
    expect(toSade()[0]?.message).toEqual({
      title: 'Remi is calling you',
      body: 'Answer the video call on Rhema.',
      url: `/account/messages/${a.user.id}`,
      kind: 'call',
      tag: `call${call._id}`,
      urgency: 'high',
      // what is left of the ring: a push service holding it longer would ring for a call that is over
      ttlSeconds: (CALL_RING_TIMEOUT_MS - 4_000) / 1000,
    });
    expect(await b.caller.notifications.unread()).toEqual({ count: 0 });

    // answered before the job ran: no push; discreet: no name
    await b.caller.calls.end({ call_id: call._id });
    await b.caller.notifications.updateSettings({ discreet: true });
    const second = await a.caller.calls.start({ user_id: b.user.id });
    await b.caller.calls.answer({ call_id: second.call._id, accept: true });
    await jobs.drain();
    expect(toSade()).toHaveLength(2);
    await b.caller.calls.end({ call_id: second.call._id });
    await a.caller.calls.start({ user_id: b.user.id });
    await jobs.drain();
    expect(
      toSade()
        .slice(2)
        .map((p) => [p.message.title, p.message.body]),
    ).toEqual([
      ['You have an incoming video call', ''],
      ['You have an incoming video call', ''],
    ]);
  });
});
