// Messages over api/v1 as a mobile client sees them: refused before both accepted (403), 1 to 2,000
// characters (400), the conversation list with unread counts, the thread marks it read, a block hides it (404).
// contract.int.test.ts checks each row's 200 against the OpenAPI document; this checks the rules.
import { MESSAGE_MAX } from '@rhema/schemas';
import { seedContent, seedFriendship } from '@rhema/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restClient } from '../test/rest-client';
import { createTestServer } from '../test/test-server';

type Server = Awaited<ReturnType<typeof createTestServer>>;

describe('api/v1 messages', () => {
  let server: Server;
  beforeAll(async () => {
    server = await createTestServer();
    await seedContent(server.db);
  });
  afterAll(() => server.close());

  const { member, call } = restClient(() => server, 'rest-msg');

  it('a conversation between friends, with unread counts and the read mark', async () => {
    const a = await member('Adaeze');
    const b = await member('Bisola');
    const refused = await call(a, 'POST', `/messages/${b.user.id}`, { body: 'Hello' });
    expect(refused).toMatchObject({ status: 403, body: { success: false } });
    expect(refused.body.message).toBe(
      'You can message a member once you have both accepted a friend request or an introduction.',
    );

    await seedFriendship(server.db, a.user, b.user);
    const sent = await call(a, 'POST', `/messages/${b.user.id}`, { body: 'Hello Bisola' });
    expect(sent).toMatchObject({
      status: 200,
      body: { success: true, data: { sender_id: a.user.id, recipient_id: b.user.id, body: 'Hello Bisola' } },
    });
    const tooLong = await call(a, 'POST', `/messages/${b.user.id}`, { body: 'x'.repeat(MESSAGE_MAX + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('body: A message can have at most 2000 characters');

    const inbox = await call(b, 'GET', '/messages');
    expect(inbox.status).toBe(200);
    expect(inbox.body.data.unread_total).toBe(1);
    expect(inbox.body.data.conversations[0]).toMatchObject({
      unread: 1,
      member: { _id: a.user.id, first_name: 'Adaeze' },
      last_message: { body: 'Hello Bisola', from_me: false },
    });
    expect(inbox.body.data.conversations[0].member).not.toHaveProperty('email');
    const thread = await call(b, 'GET', `/messages/${a.user.id}`);
    expect(thread.body.data).toMatchObject({ can_send: true, has_older: false });
    expect(thread.body.data.messages.map((m: { body: string }) => m.body)).toEqual(['Hello Bisola']);
    expect((await call(b, 'GET', '/messages')).body.data.unread_total).toBe(0);
  });

  it('a block hides the thread both ways and refuses sending', async () => {
    const a = await member('Chioma');
    const b = await member('Dayo');
    await seedFriendship(server.db, a.user, b.user);
    await call(a, 'POST', `/messages/${b.user.id}`, { body: 'Hi' });
    const blocked = await server.app.inject({
      method: 'POST',
      url: '/trpc/safety.block',
      headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
      payload: { user_id: a.user.id },
    });
    expect(blocked.statusCode).toBe(200);
    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      expect((await call(viewer, 'GET', `/messages/${other.user.id}`)).status).toBe(404);
      expect((await call(viewer, 'POST', `/messages/${other.user.id}`, { body: 'Hi' })).status).toBe(404);
      expect((await call(viewer, 'GET', '/messages')).body.data.conversations).toEqual([]);
    }
  });
});
