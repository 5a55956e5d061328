import {
  jobHandlers,
  notify,
  runDueJobs,
  unsubscribeToken,
  unsubscribeByToken,
  type NotificationDelivery,
} from '@rhema/core';
import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { CALL_RING_GRACE_MS, CALL_RING_TIMEOUT_MS, NOTIFICATIONS_PAGE_SIZE } from '@rhema/schemas';
import { seedContent, seedFriendship, seedIntroduction } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// Notifications (docs/notifications.md): each kind is stored by its event, read and marked read in the centre,
// and mailed by the job queue after the delay, once per burst, not in quiet hours, not once read; nothing across
// a block; two workers mail once.

const DELAY_MS = 900_000;

describe('notifications', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let n = 0;
  const delivery: NotificationDelivery = {
    emailDelayMs: DELAY_MS,
    origin: 'https://rhema.example',
    secret: 'test-secret',
    push: null,
  };
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  async function member(first: string) {
    n += 1;
    const { user, token } = await h.signedIn({ email: `notify-${n}@example.test`, first_name: first });
    return { user, caller: await h.withToken(token) };
  }
  /** the queue's worker at the harness clock, as a server instance runs it */
  const work = () =>
    runDueJobs(
      { db: handle.db, mailer: h.mailer, clock: () => new Date(h.clock.now), delivery },
      jobHandlers,
    );
  const mailsTo = (email: string) => h.mailer.messages.filter((m) => m.to === email);

  it('a friend request reaches the centre and the bell; accepting tells the requester', async () => {
    const a = await member('Asker');
    const b = await member('Bola');
    const sent = await a.caller.friends.send({ user_id: b.user.id });
    expect(await b.caller.notifications.unread()).toEqual({ count: 1 });
    const page = await b.caller.notifications.list();
    expect(page.data).toEqual([
      expect.objectContaining({
        kind: 'friend_request',
        title: 'Asker sent you a friend request',
        url: '/account/friends',
        read_at: null,
      }),
    ]);
    await b.caller.friends.accept({ request_id: sent.request._id });
    expect((await a.caller.notifications.list()).data[0]).toMatchObject({
      kind: 'friend_accepted',
      title: 'Bola accepted your friend request',
      url: `/account/messages/${b.user.id}`,
    });
    // opening the page it points at marks it read
    expect(await b.caller.notifications.readAt({ url: '/account/friends' })).toEqual({ count: 0 });
    expect((await b.caller.notifications.list()).data[0]?.read_at).not.toBeNull();
  });

  it('mails a burst of messages once, after the delay, without their text', async () => {
    const a = await member('Sender');
    const b = await member('Reader');
    await seedFriendship(handle.db, a.user, b.user);
    for (const body of ['Secret one', 'Secret two', 'Secret three']) {
      await a.caller.messages.send({ user_id: b.user.id, body });
      h.advance(60_000);
    }
    await work();
    expect(mailsTo(b.user.email)).toHaveLength(0);
    h.advance(DELAY_MS);
    await work();
    const mails = mailsTo(b.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('New message from Sender (3 new)');
    expect(`${mails[0]?.text}${mails[0]?.html}`).not.toMatch(/Secret/);
    expect(mails[0]?.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<https:\/\/rhema\.example\/notifications\/unsubscribe\?token=/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    h.advance(DELAY_MS);
    await work();
    expect(mailsTo(b.user.email)).toHaveLength(1);
  });

  it('mails nothing once the member read it', async () => {
    const a = await member('Quick');
    const b = await member('Reads');
    await a.caller.friends.send({ user_id: b.user.id });
    await work();
    await b.caller.notifications.readAll();
    h.advance(DELAY_MS);
    await work();
    expect(mailsTo(b.user.email)).toHaveLength(0);
  });

  it('holds mail in quiet hours of the member’s zone until they end', async () => {
    const a = await member('Late');
    const b = await member('Sleeper');
    // the harness clock is 09:00 UTC (10:00 in Lagos) plus what earlier tests moved it
    const local = new Date(h.clock.now.getTime() + 3600_000);
    const hh = (hours: number) => String((local.getUTCHours() + hours + 24) % 24).padStart(2, '0');
    await b.caller.notifications.updateSettings({
      time_zone: 'Africa/Lagos',
      quiet_hours: { start: `${hh(0)}:00`, end: `${hh(2)}:00` },
    });
    await a.caller.friends.send({ user_id: b.user.id });
    h.advance(DELAY_MS);
    await work();
    expect(mailsTo(b.user.email)).toHaveLength(0);
    h.advance(2 * 3600_000);
    await work();
    expect(mailsTo(b.user.email)).toHaveLength(1);
  });

  it('follows the settings: email off sends no mail; defaults come back as the full table', async () => {
    const a = await member('Ada');
    const b = await member('Muted');
    const defaults = await b.caller.notifications.settings();
    expect(defaults).toMatchObject({ quiet_hours: null, time_zone: 'UTC', digest: false, discreet: false });
    expect(defaults.kinds.message).toEqual({ email: true, push: true });
    const changed = await b.caller.notifications.updateSettings({
      kinds: { friend_request: { email: false } },
    });
    expect(changed.kinds.friend_request).toEqual({ email: false, push: true });
    expect(changed.kinds.message).toEqual({ email: true, push: true });
    await a.caller.friends.send({ user_id: b.user.id });
    h.advance(DELAY_MS);
    await work();
    expect(mailsTo(b.user.email)).toHaveLength(0);
    // still in the centre: in-app is always on
    expect(await b.caller.notifications.unread()).toEqual({ count: 1 });
  });

  it('discreet mode keeps names out of the subject', async () => {
    const a = await member('Named');
    const b = await member('Private');
    await b.caller.notifications.updateSettings({ discreet: true });
    await a.caller.friends.send({ user_id: b.user.id });
    h.advance(DELAY_MS);
    await work();
    const [mail] = mailsTo(b.user.email);
    expect(mail?.subject).toBe('You have a new notification');
    expect(`${mail?.subject}${mail?.text}`).not.toContain('Named');
  });

  it('nothing crosses a block, and a block removes what is there', async () => {
    const a = await member('Blocked');
    const b = await member('Blocker');
    await seedFriendship(handle.db, a.user, b.user);
    await a.caller.messages.send({ user_id: b.user.id, body: 'Hello' });
    expect(await b.caller.notifications.unread()).toEqual({ count: 1 });
    await b.caller.safety.block({ user_id: a.user.id });
    expect(await b.caller.notifications.unread()).toEqual({ count: 0 });
    expect((await b.caller.notifications.list()).data).toEqual([]);
    h.advance(DELAY_MS);
    await work();
    expect(mailsTo(b.user.email)).toHaveLength(0);
    // whatever event comes later between the two is not stored, either way
    const across = { kind: 'friend_request', title: 'x', url: '/account/friends', now: h.clock.now } as const;
    expect(await notify(handle.db, { ...across, recipientId: b.user.id, actorId: a.user.id })).toBeNull();
    expect(await notify(handle.db, { ...across, recipientId: a.user.id, actorId: b.user.id })).toBeNull();
    expect(await a.caller.notifications.unread()).toEqual({ count: 0 });
  });

  it('marks one read (another member’s is 404), pages newest first', async () => {
    const b = await member('Popular');
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 2; i++) {
      const a = await member(`Fan${i}`);
      await a.caller.friends.send({ user_id: b.user.id });
    }
    const first = await b.caller.notifications.list();
    expect(first.data).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.data[0]?.title).toBe(`Fan${NOTIFICATIONS_PAGE_SIZE + 1} sent you a friend request`);
    expect(first.paginator.hasNextPage).toBe(true);
    const second = await b.caller.notifications.list({ cursor: first.paginator.nextCursor! });
    expect(second.data.map((item) => item.title)).toEqual([
      'Fan1 sent you a friend request',
      'Fan0 sent you a friend request',
    ]);
    expect(second.paginator).toMatchObject({ hasNextPage: false, nextCursor: null });
    const target = first.data[0]!;
    const other = await member('Nosy');
    expect(await rejection(other.caller.notifications.read({ id: target._id }))).toMatchObject({
      status: 404,
    });
    const read = await b.caller.notifications.read({ id: target._id });
    expect(read.read_at).toBe(h.clock.now.toISOString());
    expect(await b.caller.notifications.unread()).toEqual({ count: NOTIFICATIONS_PAGE_SIZE + 1 });
    expect(await b.caller.notifications.readAll()).toEqual({ count: 0 });
    expect(await b.caller.notifications.unread()).toEqual({ count: 0 });
  });

  it('two workers on one database mail each notification once', async () => {
    const a = await member('Twice');
    const b = await member('Once');
    await a.caller.friends.send({ user_id: b.user.id });
    h.advance(DELAY_MS);
    await Promise.all([work(), work()]);
    expect(mailsTo(b.user.email)).toHaveLength(1);
  });

  it('a one-click unsubscribe turns that kind’s email off', async () => {
    const b = await member('Leaving');
    const token = unsubscribeToken('test-secret', b.user.id, 'friend_request');
    expect(
      await unsubscribeByToken({ db: handle.db, secret: 'other-secret', token, now: h.clock.now }),
    ).toBeNull();
    expect(
      await unsubscribeByToken({ db: handle.db, secret: 'test-secret', token, now: h.clock.now }),
    ).toEqual({
      kind: 'friend_request',
    });
    expect((await b.caller.notifications.settings()).kinds.friend_request).toEqual({
      email: false,
      push: true,
    });
  });

  it('staff hear of match requests and reports; members of introductions and consultants’ answers', async () => {
    const staff = await h.as('consultant', { email: 'notify-staff@example.test', first_name: 'Grace' });
    const asker = await member('Tunde');
    const kemi = await member('Kemi');
    await asker.caller.matchRequests.create({ user_id: kemi.user.id });
    await asker.caller.safety.report({ user_id: kemi.user.id, reason: 'scam' });
    const staffKinds = (await staff.caller.notifications.list()).data.map((item) => item.kind);
    expect(staffKinds).toEqual(expect.arrayContaining(['staff_match_request', 'staff_report']));
    const [request] = (await staff.caller.admin.matchRequests({})).data.filter(
      (row) => row.requester._id === asker.user.id,
    );
    await staff.caller.admin.declineRequest({ request_id: request!._id, note: 'Not now' });
    expect((await asker.caller.notifications.list()).data[0]).toMatchObject({ kind: 'match_request_update' });

    const intro = await seedIntroduction(handle.db, {
      owner_id: asker.user.id,
      contact_id: kemi.user.id,
      created_by: staff.user.id,
      is_active: false,
      status: 'open',
    });
    await staff.caller.admin.activate({ id: intro.id });
    expect((await asker.caller.notifications.list()).data[0]).toMatchObject({
      kind: 'match_suggested',
      url: '/account/introductions',
    });
    const premium = await asker.caller.subscriptions.createPremium({ matchId: intro.id });
    await staff.caller.subscriptions.confirm({ subscriptionId: premium._id });
    expect((await asker.caller.notifications.list()).data[0]).toMatchObject({ kind: 'premium_paid' });
    await asker.caller.introductions.request({ matchId: intro.id, message: 'Hello' });
    expect((await kemi.caller.notifications.list()).data[0]).toMatchObject({
      kind: 'introduction_request',
      title: 'Tunde would like to be introduced to you',
    });
    await kemi.caller.introductions.accept({ matchId: intro.id, message: 'Yes' });
    expect((await asker.caller.notifications.list()).data[0]).toMatchObject({
      kind: 'introduction_accepted',
      title: 'Kemi accepted your introduction',
    });
  });

  it('a caller who gives up leaves a missed call', async () => {
    const a = await member('Caller');
    const b = await member('Away');
    await seedFriendship(handle.db, a.user, b.user);
    const { call } = await a.caller.calls.start({ user_id: b.user.id });
    await a.caller.calls.end({ call_id: call._id });
    expect((await b.caller.notifications.list()).data[0]).toMatchObject({
      kind: 'missed_call',
      title: 'You missed a video call from Caller',
      url: `/account/messages/${a.user.id}`,
    });
  });

  it('a call that rings out unanswered is a missed call, told once, whoever sweeps it', async () => {
    const a = await member('Dialler');
    const b = await member('Elsewhere');
    await seedFriendship(handle.db, a.user, b.user);
    const { call } = await a.caller.calls.start({ user_id: b.user.id });
    // the caller's page is gone: nobody hangs up, nobody reads the calls again
    h.advance(CALL_RING_TIMEOUT_MS + CALL_RING_GRACE_MS);
    await work();
    expect((await b.caller.notifications.list()).data.map((item) => item.kind)).toEqual([]);
    // the ring's sweep job, queued when it started, closes it at its end
    h.advance(1_000);
    await Promise.all([work(), work()]);
    const missed = (await b.caller.notifications.list()).data;
    expect(missed).toEqual([
      expect.objectContaining({
        kind: 'missed_call',
        title: 'You missed a video call from Dialler',
        url: `/account/messages/${a.user.id}`,
      }),
    ]);
    expect((await a.caller.calls.list({ user_id: b.user.id })).calls).toEqual([
      expect.objectContaining({ _id: call._id, status: 'missed' }),
    ]);
    // a later sweep (any read of calls) or the caller's late hang-up tells nothing more
    await a.caller.calls.end({ call_id: call._id });
    await b.caller.calls.list({ user_id: a.user.id });
    expect((await b.caller.notifications.list()).data).toHaveLength(1);
  });

  it('a call swept by a read of calls, before its job, is a missed call once', async () => {
    const a = await member('Ringer');
    const b = await member('Busy');
    const c = await member('Reader');
    await seedFriendship(handle.db, a.user, b.user);
    await seedFriendship(handle.db, c.user, a.user);
    await a.caller.calls.start({ user_id: b.user.id });
    h.advance(CALL_RING_TIMEOUT_MS + CALL_RING_GRACE_MS + 1);
    // another member's read of their calls sweeps every stale call
    await c.caller.calls.list({ user_id: a.user.id });
    expect((await b.caller.notifications.list()).data.map((item) => item.kind)).toEqual(['missed_call']);
    h.advance(1_000);
    await work();
    expect((await b.caller.notifications.list()).data).toHaveLength(1);
  });
});
