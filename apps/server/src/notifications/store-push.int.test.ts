import { seedContent, seedFriendship } from '@rhema/seed';
import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createSecureServer, type Http2SecureServer, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../test/self-signed';
import { restClient } from '../test/rest-client';
import { createTestServer } from '../test/test-server';

// The store apps' pushes through the real providers' protocols (packages/core/src/notifications/store-push.ts): a
// local HTTP server plays Google's token endpoint and FCM HTTP v1, a local HTTP/2 TLS server plays APNs. Each
// checks the JWT the server signs against the public half of the key the environment holds, records what is
// pushed, and answers as the provider does for a dead token, a bad message or an outage.

const PROJECT = 'rhema-test';
const TEAM = 'TEAM123456';
const KEY_ID = 'KEY7654321';
const TOPIC = 'app.rhema.ios';

interface Jwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

/** A compact JWS checked against `key` (RS256, or ES256 with its raw r||s signature); null when it fails. */
function verifiedJwt(token: string, key: KeyObject, alg: 'RS256' | 'ES256'): Jwt | null {
  const [header = '', claims = '', signature = ''] = token.split('.');
  const parsed = {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>,
  };
  const input = Buffer.from(`${header}.${claims}`);
  const sig = Buffer.from(signature, 'base64url');
  const ok =
    alg === 'ES256'
      ? verify('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, sig)
      : verify('sha256', input, key, sig);
  return ok && parsed.header.alg === alg ? parsed : null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

const listening = (server: Server | Http2SecureServer) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

interface FcmSend {
  message: {
    token: string;
    notification: { title: string; body?: string };
    data: Record<string, string>;
    android: { priority: string; ttl: string };
  };
}
interface ApnsPush {
  headers: IncomingHttpHeaders;
  token: string;
  body: { aps: { alert: { title: string; body?: string } }; url: string; kind: string };
}

describe('store apps’ pushes through FCM HTTP v1 and APNs', () => {
  const fcmKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apnsKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const tls = selfSignedCertificate();
  const tokenRequests: Jwt[] = [];
  const fcmSends: FcmSend[] = [];
  const apnsPushes: ApnsPush[] = [];
  const failOnce = new Set(['fcm-token-flaky', 'a1b2c3d4e5f6flaky', 'fcm-token-flaky-read']);
  let fcm: Server;
  let apns: Http2SecureServer;
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let tokenUrl = '';
  let clockOffset = 0;
  const { member, call } = restClient(() => server, 'store-push');

  beforeAll(async () => {
    fcm = createServer((request, response) => {
      void (async () => {
        const text = await readBody(request);
        const answer = (status: number, body: object) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body));
        };
        if (request.url === '/token') {
          const form = new URLSearchParams(text);
          const jwt = verifiedJwt(form.get('assertion') ?? '', fcmKeys.publicKey, 'RS256');
          // as Google does: a grant it cannot verify gets no token (and the push no bearer)
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !jwt)
            return answer(400, { error: 'invalid_grant' });
          tokenRequests.push(jwt);
          return answer(200, { access_token: 'ya29.local-access', expires_in: 3599, token_type: 'Bearer' });
        }
        if (request.url !== `/v1/projects/${PROJECT}/messages:send`) return answer(404, {});
        if (request.headers.authorization !== 'Bearer ya29.local-access')
          return answer(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
        const send = JSON.parse(text) as FcmSend;
        fcmSends.push(send);
        const token = send.message.token;
        if (token === 'fcm-token-unregistered')
          return answer(404, {
            error: {
              code: 404,
              status: 'NOT_FOUND',
              message: 'Requested entity was not found.',
              details: [
                { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
              ],
            },
          });
        if (token === 'fcm-token-invalid')
          return answer(400, {
            error: {
              code: 400,
              status: 'INVALID_ARGUMENT',
              message: 'The registration token is not a valid FCM registration token',
              details: [
                {
                  '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
                  errorCode: 'INVALID_ARGUMENT',
                },
              ],
            },
          });
        // INVALID_ARGUMENT about the message, not the token: the device stays
        if (token === 'fcm-token-bad-message')
          return answer(400, {
            error: {
              code: 400,
              status: 'INVALID_ARGUMENT',
              message: 'Invalid value at message.android.ttl',
              details: [
                {
                  '@type': 'type.googleapis.com/google.rpc.BadRequest',
                  fieldViolations: [{ field: 'message.android.ttl' }],
                },
              ],
            },
          });
        if (failOnce.delete(token)) return answer(503, { error: { code: 503, status: 'UNAVAILABLE' } });
        return answer(200, { name: `projects/${PROJECT}/messages/${fcmSends.length}` });
      })();
    });
    const fcmPort = await listening(fcm);
    tokenUrl = `http://127.0.0.1:${fcmPort}/token`;

    apns = createSecureServer({ key: tls.key, cert: tls.cert });
    apns.on('stream', (stream, headers) => {
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (text += chunk));
      stream.on('end', () => {
        const answer = (status: number, body?: object) => {
          stream.respond({ ':status': status, 'content-type': 'application/json' });
          stream.end(body ? JSON.stringify(body) : undefined);
        };
        const jwt = verifiedJwt(
          String(headers.authorization).replace(/^bearer /, ''),
          apnsKeys.publicKey,
          'ES256',
        );
        // as APNs does: a provider token it cannot verify is refused, and nothing is pushed
        if (
          !jwt ||
          jwt.header.kid !== KEY_ID ||
          jwt.claims.iss !== TEAM ||
          Math.abs(Number(jwt.claims.iat) - Date.now() / 1000) > 3600
        )
          return answer(403, { reason: 'InvalidProviderToken' });
        const token = decodeURIComponent(String(headers[':path']).replace(/^\/3\/device\//, ''));
        apnsPushes.push({ headers, token, body: JSON.parse(text) as ApnsPush['body'] });
        if (token === 'a1b2c3d4e5f6unregistered')
          return answer(410, { reason: 'Unregistered', timestamp: 1 });
        if (token === 'a1b2c3d4e5f6baddevice') return answer(400, { reason: 'BadDeviceToken' });
        if (token === 'a1b2c3d4e5f6toolarge') return answer(413, { reason: 'PayloadTooLarge' });
        if (failOnce.delete(token)) return answer(503, { reason: 'ServiceUnavailable' });
        answer(200);
      });
    });
    const apnsPort = await listening(apns);

    server = await createTestServer(
      {
        NOTIFICATION_EMAIL_DELAY_S: '900',
        FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({
          type: 'service_account',
          project_id: PROJECT,
          private_key_id: 'key-1',
          private_key: fcmKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          client_email: `push@${PROJECT}.iam.gserviceaccount.com`,
        }),
        FCM_TOKEN_URL: tokenUrl,
        FCM_API_URL: `http://127.0.0.1:${fcmPort}`,
        // as an env file holds it: one line, `\n` for the breaks
        APNS_KEY_P8: apnsKeys.privateKey
          .export({ type: 'pkcs8', format: 'pem' })
          .toString()
          .replace(/\n/g, '\\n'),
        APNS_KEY_ID: KEY_ID,
        APNS_TEAM_ID: TEAM,
        APNS_TOPIC: TOPIC,
        APNS_HOST: `https://127.0.0.1:${apnsPort}`,
      },
      { jobs: 'manual', pushCa: tls.cert, now: () => new Date(Date.now() + clockOffset) },
    );
    await seedContent(server.db);
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => fcm.close(resolve));
    apns.close();
  });

  async function device(owner: { token: string }, platform: 'android' | 'ios', token: string) {
    const answer = await call(owner, 'POST', '/devices', { platform, token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { data: { _id: string } }).data._id;
  }
  const devicesOf = async (owner: { token: string }) =>
    ((await call(owner, 'GET', '/devices')).body as { data: { _id: string }[] }).data.map((d) => d._id);
  const pendingDeviceJobs = () =>
    server.db.selectFrom('jobs').select('id').where('kind', '=', 'notification-push-device').execute();

  // the earlier tests' failed devices leave retries behind
  const clearDeviceJobs = () =>
    server.db.deleteFrom('jobs').where('kind', '=', 'notification-push-device').execute();

  it('Android: a friend request goes out at normal priority, a message at HIGH; the bearer token is asked once', async () => {
    const a = await member('Ada');
    const b = await member('Bola');
    await device(b, 'android', 'fcm-token-bola');
    expect((await call(a, 'POST', '/friends/requests', { user_id: b.user.id })).status).toBe(200);
    expect(fcmSends).toHaveLength(0); // nothing inside the request
    await server.app.jobs.drain();
    expect(fcmSends.at(-1)?.message).toMatchObject({
      token: 'fcm-token-bola',
      notification: { title: 'Ada sent you a friend request' },
      data: { url: '/account/friends', kind: 'friend_request' },
      android: { priority: 'NORMAL', ttl: '86400s' },
    });
    const friend = await member('Ada');
    await seedFriendship(server.db, friend.user, b.user);
    await call(friend, 'POST', `/messages/${b.user.id}`, { body: 'Lunch on Sunday?' });
    await server.app.jobs.drain();
    const sent = fcmSends.at(-1)?.message;
    expect(sent).toMatchObject({
      token: 'fcm-token-bola',
      notification: { title: 'New message from Ada' },
      data: { url: `/account/messages/${friend.user.id}`, kind: 'message' },
      android: { priority: 'HIGH', ttl: '60s' },
    });
    // the message's text never leaves in a push
    expect(JSON.stringify(sent)).not.toContain('Lunch');
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]?.header.kid).toBe('key-1');
    expect(tokenRequests[0]?.claims).toMatchObject({
      iss: `push@${PROJECT}.iam.gserviceaccount.com`,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: tokenUrl,
    });
    const { iat, exp } = tokenRequests[0]?.claims as { iat: number; exp: number };
    expect(exp - iat).toBe(3600);
  });

  it('iOS: APNs gets an alert with the topic, priority 5 for a friend request and 10 for a message', async () => {
    const a = await member('Chidi');
    const b = await member('Dayo');
    await device(b, 'ios', 'a1b2c3d4e5f6dayo');
    await call(a, 'POST', '/friends/requests', { user_id: b.user.id });
    await server.app.jobs.drain();
    const push = apnsPushes.at(-1);
    expect(push?.token).toBe('a1b2c3d4e5f6dayo');
    expect(push?.headers).toMatchObject({
      ':method': 'POST',
      'apns-topic': TOPIC,
      'apns-push-type': 'alert',
      'apns-priority': '5',
    });
    expect(push?.body).toMatchObject({
      aps: { alert: { title: 'Chidi sent you a friend request' } },
      url: '/account/friends',
      kind: 'friend_request',
    });
    expect(Number(push?.headers['apns-expiration']) - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    const friend = await member('Chidi');
    await seedFriendship(server.db, friend.user, b.user);
    await call(friend, 'POST', `/messages/${b.user.id}`, { body: 'Are you coming?' });
    await server.app.jobs.drain();
    expect(apnsPushes.at(-1)?.headers['apns-priority']).toBe('10');
    expect(apnsPushes.at(-1)?.body.aps.alert.title).toBe('New message from Chidi');
  });

  it('discreet mode: neither provider gets a name', async () => {
    const a = await member('Emeka');
    const b = await member('Funmi');
    await seedFriendship(server.db, a.user, b.user);
    await device(b, 'android', 'fcm-token-funmi');
    await device(b, 'ios', 'a1b2c3d4e5f6funmi');
    expect((await call(b, 'PATCH', '/notification-settings', { discreet: true })).status).toBe(200);
    await call(a, 'POST', `/messages/${b.user.id}`, { body: 'Hello' });
    await server.app.jobs.drain();
    const fcmPush = fcmSends.find((s) => s.message.token === 'fcm-token-funmi');
    const apnsPush = apnsPushes.find((p) => p.token === 'a1b2c3d4e5f6funmi');
    expect(fcmPush?.message.notification).toEqual({ title: 'You have a new message' });
    expect(apnsPush?.body.aps.alert).toEqual({ title: 'You have a new message' });
    expect(JSON.stringify([fcmPush, apnsPush?.body])).not.toContain('Emeka');
  });

  it('a dead token removes its device (FCM 404 UNREGISTERED and 400 on the token, APNs 410 and BadDeviceToken); a bad message does not', async () => {
    const a = await member('Gbenga');
    const b = await member('Hauwa');
    await device(b, 'android', 'fcm-token-unregistered');
    await device(b, 'android', 'fcm-token-invalid');
    await device(b, 'ios', 'a1b2c3d4e5f6unregistered');
    await device(b, 'ios', 'a1b2c3d4e5f6baddevice');
    const keptFcm = await device(b, 'android', 'fcm-token-bad-message');
    const keptApns = await device(b, 'ios', 'a1b2c3d4e5f6toolarge');
    expect(await devicesOf(b)).toHaveLength(6);
    await call(a, 'POST', '/friends/requests', { user_id: b.user.id });
    await server.app.jobs.drain();
    expect(
      fcmSends.filter((s) => s.message.token.startsWith('fcm-token-')).map((s) => s.message.token),
    ).toEqual(
      expect.arrayContaining(['fcm-token-unregistered', 'fcm-token-invalid', 'fcm-token-bad-message']),
    );
    expect((await devicesOf(b)).sort()).toEqual([keptFcm, keptApns].sort());
    const rows = await server.db
      .selectFrom('push_devices')
      .select('id')
      .where('user_id', '=', b.user.id)
      .execute();
    expect(rows.map((row) => row.id).sort()).toEqual([keptFcm, keptApns].sort());
  });

  it('an outage is tried again by the job queue after its wait, and the device stays', async () => {
    await clearDeviceJobs();
    const a = await member('Ifeoma');
    const b = await member('Jide');
    const android = await device(b, 'android', 'fcm-token-flaky');
    const ios = await device(b, 'ios', 'a1b2c3d4e5f6flaky');
    await call(a, 'POST', '/friends/requests', { user_id: b.user.id });
    await server.app.jobs.drain();
    const tries = () => ({
      fcm: fcmSends.filter((s) => s.message.token === 'fcm-token-flaky').length,
      apns: apnsPushes.filter((p) => p.token === 'a1b2c3d4e5f6flaky').length,
    });
    expect(tries()).toEqual({ fcm: 1, apns: 1 });
    expect(await pendingDeviceJobs()).toHaveLength(2);
    // not before the wait
    await server.app.jobs.drain();
    expect(tries()).toEqual({ fcm: 1, apns: 1 });
    clockOffset += 6_000;
    await server.app.jobs.drain();
    expect(tries()).toEqual({ fcm: 2, apns: 2 });
    expect(await pendingDeviceJobs()).toHaveLength(0);
    expect((await devicesOf(b)).sort()).toEqual([android, ios].sort());
    expect(
      fcmSends.filter((s) => s.message.token === 'fcm-token-flaky').at(-1)?.message.notification.title,
    ).toBe('Ifeoma sent you a friend request');
  });

  it('a retry sends nothing once the member has read the notification', async () => {
    await clearDeviceJobs();
    const a = await member('Kunle');
    const b = await member('Lola');
    await device(b, 'android', 'fcm-token-flaky-read');
    await call(a, 'POST', '/friends/requests', { user_id: b.user.id });
    await server.app.jobs.drain();
    const tries = () => fcmSends.filter((s) => s.message.token === 'fcm-token-flaky-read').length;
    expect(tries()).toBe(1);
    expect(await pendingDeviceJobs()).toHaveLength(1);
    expect((await call(b, 'PATCH', '/notifications/read', {})).status).toBe(200);
    clockOffset += 6_000;
    await server.app.jobs.drain();
    expect(tries()).toBe(1);
    expect(await pendingDeviceJobs()).toHaveLength(0);
  });
});
