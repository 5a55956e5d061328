import type { DbHandle } from '@rhema/db';
import { createTestDb } from '@rhema/db/testing';
import { MESSAGE_MAX } from '@rhema/schemas';
import { seedContent } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, rejection } from '../../test/harness';

// Stored messages (live delivery: apps/server/src/live-messages.int.test.ts): only between members who both
// accepted a friend request, at most 2,000 characters, unread counts, and a block closes the thread both
// ways.

describe('messages between members', () => {
  let handle: DbHandle;
  let h: ReturnType<typeof createHarness>;
  let n = 0;
  beforeAll(async () => {
    handle = await createTestDb();
    await seedContent(handle.db);
    h = createHarness(handle.db);
  });
  afterAll(() => handle.close());

  async function member(first: string) {
    n += 1;
    const { user, token } = await h.signedIn({ email: `messages-${n}@example.test`, first_name: first });
    return { user, caller: await h.withToken(token) };
  }

  it('is refused before both accepted, then delivered with unread counts', async () => {
    const a = await member('Writer');
    const b = await member('Reader');
    const refusedStranger = await rejection(a.caller.messages.send({ user_id: b.user.id, body: 'Hi' }));
    expect(refusedStranger).toMatchObject({ status: 403 });
    const sent = await a.caller.friends.send({ user_id: b.user.id });
    // a pending request is not enough, from either side
    expect(await rejection(a.caller.messages.send({ user_id: b.user.id, body: 'Hi' }))).toMatchObject({
      status: 403,
    });
    expect(await rejection(b.caller.messages.send({ user_id: a.user.id, body: 'Hi' }))).toMatchObject({
      status: 403,
    });
    await b.caller.friends.accept({ request_id: sent.request._id });

    await a.caller.messages.send({ user_id: b.user.id, body: 'Hello Reader' });
    h.advance(1000);
    await a.caller.messages.send({ user_id: b.user.id, body: 'Are you free on Sunday?' });
    const inbox = await b.caller.messages.conversations();
    expect(inbox.unread_total).toBe(2);
    expect(inbox.conversations).toEqual([
      expect.objectContaining({
        unread: 2,
        member: expect.objectContaining({ first_name: 'Writer' }),
        last_message: expect.objectContaining({ body: 'Are you free on Sunday?', from_me: false }),
      }),
    ]);
    const thread = await b.caller.messages.thread({ user_id: a.user.id });
    expect(thread.messages.map((m) => m.body)).toEqual(['Hello Reader', 'Are you free on Sunday?']);
    expect(thread.can_send).toBe(true);
    expect((await b.caller.messages.conversations()).unread_total).toBe(0);

    const long = 'x'.repeat(MESSAGE_MAX + 1);
    expect(await rejection(b.caller.messages.send({ user_id: a.user.id, body: long }))).toMatchObject({
      status: 400,
      field: 'body',
    });
    expect(
      (await b.caller.messages.send({ user_id: a.user.id, body: 'y'.repeat(MESSAGE_MAX) })).body,
    ).toHaveLength(MESSAGE_MAX);
    expect(await rejection(b.caller.messages.send({ user_id: a.user.id, body: '   ' }))).toMatchObject({
      status: 400,
    });
  });

  it('lists conversations by their last message, with its preview, and the thread marks them read', async () => {
    const me = await member('Lister');
    const b = await member('Early');
    const c = await member('Later');
    for (const other of [b, c]) {
      const sent = await me.caller.friends.send({ user_id: other.user.id });
      await other.caller.friends.accept({ request_id: sent.request._id });
    }
    await b.caller.messages.send({ user_id: me.user.id, body: 'first from Early' });
    h.advance(1000);
    await c.caller.messages.send({ user_id: me.user.id, body: 'from Later' });
    h.advance(1000);
    const order = async () =>
      (await me.caller.messages.conversations()).conversations.map((x) => [
        x.member.first_name,
        x.last_message.body,
        x.last_message.from_me,
        x.unread,
      ]);
    expect(await order()).toEqual([
      ['Later', 'from Later', false, 1],
      ['Early', 'first from Early', false, 1],
    ]);
    // my answer to Early moves that conversation to the top, its preview mine; reading it cleared its count
    await me.caller.messages.thread({ user_id: b.user.id });
    await me.caller.messages.send({ user_id: b.user.id, body: 'my answer' });
    expect(await order()).toEqual([
      ['Early', 'my answer', true, 0],
      ['Later', 'from Later', false, 1],
    ]);
    // the sender reads "Seen" from read_at
    const seen = await b.caller.messages.thread({ user_id: me.user.id });
    expect(seen.messages.find((m) => m.body === 'first from Early')?.read_at).not.toBeNull();
  });

  it('a block closes the thread and the conversation list both ways at once', async () => {
    const a = await member('Talker');
    const b = await member('Blocker');
    const sent = await a.caller.friends.send({ user_id: b.user.id });
    await b.caller.friends.accept({ request_id: sent.request._id });
    await a.caller.messages.send({ user_id: b.user.id, body: 'Hi there' });
    await b.caller.safety.block({ user_id: a.user.id });
    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      expect((await viewer.caller.messages.conversations()).conversations).toEqual([]);
      expect(await rejection(viewer.caller.messages.thread({ user_id: other.user.id }))).toMatchObject({
        status: 404,
      });
      expect(
        await rejection(viewer.caller.messages.send({ user_id: other.user.id, body: 'Hi' })),
      ).toMatchObject({
        status: 404,
      });
    }
    expect((await b.caller.messages.conversations()).unread_total).toBe(0);
  });
});
