// A whole session of a store app, over api/v1 only, through the typed client of packages/api-client on a
// listening server: sign up with the mailed code, fill the profile, join a community, befriend a member, exchange
// messages heard on GET /api/v1/live, ring and answer a video call with its signals on both streams, give and
// withdraw the special-category consent, export the data, change the password and terminate the account. The
// other member is seeded; everything the app's member does goes through the documented API.
import { createSession } from '@rhema/auth';
import {
  createRhemaClient,
  openLiveStream,
  type LiveEvent,
  type LiveItem,
  type RhemaClient,
} from '@rhema/api-client';
import { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';
import { seedContent, seedUser } from '@rhema/seed';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../test/test-server';

const EMAIL = 'app.session@example.test';
const PASSWORD = 'a long enough passphrase';
const NEW_PASSWORD = 'another long passphrase';
const TURN = { urls: 'turn:turn.example.test:3478' };

/** A member's live stream, read event by event, resumed from `lastEventId` when given. */
function liveReader(baseUrl: string, token: string, lastEventId?: string | null) {
  const abort = new AbortController();
  const items = openLiveStream({ baseUrl, token, signal: abort.signal, lastEventId });
  let lastId: string | null = null;
  return {
    /** the position of the last event read: a reconnect resumes after it */
    lastId: () => lastId,
    /** the next event that `match` accepts (the others are skipped), within `ms` */
    async until<T extends LiveEvent['type']>(
      type: T,
      match: (event: Extract<LiveEvent, { type: T }>) => boolean = () => true,
      ms = 5_000,
    ): Promise<Extract<LiveEvent, { type: T }>> {
      const deadline = Date.now() + ms;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} event within ${ms} ms`);
        const next = await Promise.race([
          items.next(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (!next) throw new Error(`no ${type} event within ${ms} ms`);
        if (next.done) throw new Error('the live stream ended');
        const item: LiveItem = next.value;
        if (item.kind === 'error') throw new Error(`the live stream failed: ${item.message}`);
        if (item.id) lastId = item.id;
        const event = item.event as Extract<LiveEvent, { type: T }>;
        if (event.type === type && match(event)) return event;
      }
    },
    close: () => abort.abort(),
  };
}

describe('an app session over api/v1 only', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let baseUrl: string;
  let token: string | null = null;
  let app: RhemaClient;
  let friend: { id: string; token: string; client: RhemaClient };
  beforeAll(async () => {
    server = await createTestServer({
      ICE_SERVERS: JSON.stringify([TURN]),
      TURN_SECRET: 'a-turn-secret-for-tests',
    });
    await seedContent(server.db);
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    app = createRhemaClient({ baseUrl, token: () => token, headers: { 'x-app-version-number': '200' } });
    const seeded = await seedUser(server.db, {
      first_name: 'Tobi',
      email: 'app.session.friend@example.test',
    });
    const session = await createSession(server.db, { userId: seeded.id, role: 'member', now: new Date() });
    friend = {
      id: seeded.id,
      token: session.token,
      client: createRhemaClient({ baseUrl, token: () => session.token }),
    };
  });
  afterAll(() => server.close());

  it('plays from sign-up to termination', async () => {
    // sign up with the mailed code
    const registered = await app.POST('/api/v1/auth/register', {
      body: {
        email: EMAIL,
        password: PASSWORD,
        first_name: 'Yetunde',
        last_name: 'Balogun',
        gender: 'female',
        date_of_birth: '1991-05-17',
        country_code: 'GB',
        phone: '+447700900777',
      },
    });
    expect(registered.data?.success).toBe(true);
    const code = /\b(\d{6})\b/.exec(server.mailer.messages.findLast((m) => m.to === EMAIL)?.text ?? '')?.[1];
    const confirmed = await app.POST('/api/v1/auth/register/confirm', {
      body: { email: EMAIL, code: code! },
    });
    expect(confirmed.response.status).toBe(200);
    token = confirmed.data!.token ?? null;
    const me = (await app.GET('/api/v1/auth/me')).data!.user;
    const myId = me._id;
    expect(me).toMatchObject({ first_name: 'Yetunde', email: EMAIL });

    // fill the profile
    const profile = await app.PUT('/api/v1/profile', {
      body: {
        first_name: 'Yetunde',
        city: 'Manchester',
        height_cm: 168,
        answers: { occupation: 'Architect' },
        core_values: ['Honesty'],
        citizenships: ['NG', 'GB'],
      },
    });
    expect(profile.response.status).toBe(200);
    expect((await app.GET('/api/v1/account/profile')).data?.data).toMatchObject({ city: 'Manchester' });

    // join a community
    const joined = await app.POST('/api/v1/communities/{slug}/join', {
      params: { path: { slug: 'weekend-hikers' } },
      body: {},
    });
    expect(joined.response.status).toBe(200);

    // befriend a member: a request, accepted by them
    const sent = await app.POST('/api/v1/friends/requests', { body: { user_id: friend.id } });
    expect(sent.response.status).toBe(200);
    const accepted = await friend.client.PATCH('/api/v1/friends/requests/{request_id}/accept', {
      params: { path: { request_id: sent.data!.data.request._id } },
    });
    expect(accepted.response.status).toBe(200);

    // messages, heard on both live streams
    const mine = liveReader(baseUrl, token!);
    let theirs = liveReader(baseUrl, friend.token);
    await mine.until('ready');
    await theirs.until('ready');
    await app.POST('/api/v1/messages/{user_id}', {
      params: { path: { user_id: friend.id } },
      body: { body: 'Hello Tobi, shall we talk?' },
    });
    const heard = await theirs.until('message');
    expect(heard).toMatchObject({ message: { body: 'Hello Tobi, shall we talk?', sender_id: myId } });
    await friend.client.POST('/api/v1/messages/{user_id}/typing', { params: { path: { user_id: myId } } });
    await mine.until('typing', (event) => event.user_id === friend.id);
    await friend.client.POST('/api/v1/messages/{user_id}', {
      params: { path: { user_id: myId } },
      body: { body: 'Yes, call me' },
    });
    expect(await mine.until('message', (e) => e.message.sender_id === friend.id)).toMatchObject({
      message: { body: 'Yes, call me' },
      unread_total: 1,
    });

    // a video call from ring to hang-up, its signals on both streams
    const rung = await app.POST('/api/v1/calls', { body: { user_id: friend.id } });
    const callId = rung.data!.data.call._id;
    expect(rung.data!.data.call.status).toBe('ringing');
    expect(await theirs.until('call')).toMatchObject({ call_id: callId, from: myId, signal: 'ring' });
    const session = await friend.client.GET('/api/v1/calls/{call_id}', {
      params: { path: { call_id: callId } },
    });
    // TURN credentials minted for this member and this call
    expect(session.data!.data.ice_servers).toEqual([
      {
        ...TURN,
        username: expect.stringMatching(new RegExp(`:${friend.id}$`)),
        credential: expect.any(String),
      },
    ]);
    const answered = await friend.client.POST('/api/v1/calls/{call_id}/answer', {
      params: { path: { call_id: callId } },
      body: { accept: true },
    });
    expect(answered.data!.data.call.status).toBe('active');
    expect(await mine.until('call')).toMatchObject({ call_id: callId, signal: 'accept' });
    // the friend's phone changes networks as the offer is sent: its stream resumes from its last id and gets it
    theirs.close();
    const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
    await app.POST('/api/v1/calls/{call_id}/signals', {
      params: { path: { call_id: callId } },
      body: { kind: 'offer', data: offer },
    });
    theirs = liveReader(baseUrl, friend.token, theirs.lastId());
    expect(await theirs.until('call')).toMatchObject({ signal: 'offer', payload: offer });
    const answer = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };
    await friend.client.POST('/api/v1/calls/{call_id}/signals', {
      params: { path: { call_id: callId } },
      body: { kind: 'answer', data: answer },
    });
    expect(await mine.until('call')).toMatchObject({ signal: 'answer', payload: answer });
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0' };
    await app.POST('/api/v1/calls/{call_id}/signals', {
      params: { path: { call_id: callId } },
      body: { kind: 'ice', data: candidate },
    });
    expect(await theirs.until('call')).toMatchObject({ signal: 'ice', payload: candidate });
    const beat = await app.POST('/api/v1/calls/{call_id}/heartbeat', {
      params: { path: { call_id: callId } },
    });
    expect(beat.data!.data.call.status).toBe('active');
    const ended = await app.PATCH('/api/v1/calls/{call_id}/end', { params: { path: { call_id: callId } } });
    expect(ended.data!.data.call.status).toBe('ended');
    expect(await theirs.until('call')).toMatchObject({ call_id: callId, signal: 'hangup' });
    const calls = await app.GET('/api/v1/messages/{user_id}/calls', {
      params: { path: { user_id: friend.id } },
    });
    expect(calls.data!.data.calls.map((c) => c.status)).toEqual(['ended']);
    theirs.close();

    // the special-category consent, given and withdrawn
    const consent = await app.GET('/api/v1/profile/special-consent');
    expect(consent.data!.data).toMatchObject({ text_version: SPECIAL_CATEGORY_CONSENT.textVersion });
    const given = await app.POST('/api/v1/profile/special-consent', {
      body: { text_version: SPECIAL_CATEGORY_CONSENT.textVersion },
    });
    expect(given.response.status).toBe(200);
    await app.PUT('/api/v1/profile', {
      body: { first_name: 'Yetunde', height_cm: 168, answers: { religion: 'Christian' } },
    });
    const withdrawn = await app.DELETE('/api/v1/profile/special-consent');
    expect(withdrawn.response.status).toBe(200);
    const editor = await app.GET('/api/v1/profile');
    expect(JSON.stringify(editor.data)).not.toContain('Christian');

    // the data export holds the account, the consent's history and the messages
    const exported = await app.POST('/api/v1/account/export');
    expect(exported.data!.data.format).toBe('rhema-member-data/1');
    const text = JSON.stringify(exported.data!.data.data);
    expect(text).toContain(EMAIL);
    expect(text).toContain('Hello Tobi, shall we talk?');
    expect(text).not.toMatch(/argon2|password_hash/);

    // the password changes: the old one signs in no more, this session stays
    const changed = await app.POST('/api/v1/account/password', {
      body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(changed.data).toEqual({ success: true, message: 'Your password has been changed' });
    const oldLogin = await app.POST('/api/v1/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    expect(oldLogin.response.status).toBe(401);
    expect((await app.GET('/api/v1/auth/me')).response.status).toBe(200);

    // terminate: the token is refused (a live stream too), nothing of the member is left
    const terminated = await app.POST('/api/v1/account/terminate', {
      body: { password: NEW_PASSWORD, confirm: true },
    });
    expect(terminated.data).toEqual({ success: true, message: 'Your account has been terminated' });
    mine.close();
    const after = await app.GET('/api/v1/auth/me');
    expect(after.response.status).toBe(401);
    expect(after.error).toMatchObject({ success: false });
    const login = await app.POST('/api/v1/auth/login', { body: { email: EMAIL, password: NEW_PASSWORD } });
    expect(login.response.status).toBe(401);
    const live = await fetch(`${baseUrl}/api/v1/live`, { headers: { authorization: `Bearer ${token}` } });
    expect(live.status).toBe(401);
    const { rows } = await sql<{ n: number }>`
      select (select count(*) from users where id = ${myId} or email = ${EMAIL})::int
           + (select count(*) from messages where sender_id = ${myId} or recipient_id = ${myId})::int
           + (select count(*) from calls where caller_id = ${myId} or callee_id = ${myId})::int
           + (select count(*) from friend_requests where requester_id = ${myId})::int as n`.execute(
      server.db,
    );
    expect(rows[0]!.n).toBe(0);
    // the friend is still there
    expect((await friend.client.GET('/api/v1/auth/me')).response.status).toBe(200);
  }, 60_000);
});
