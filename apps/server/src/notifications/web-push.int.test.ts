import { seedContent, seedFriendship } from '@rhema/seed';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type KeyObject,
} from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../test/self-signed';
import { restClient } from '../test/rest-client';
import { createTestServer } from '../test/test-server';

// Web Push end to end (docs/notifications.md): the test is the browser and the push service. It makes a
// subscription as a browser does (a P-256 key pair and an auth secret), registers it over api/v1, and runs its own
// HTTPS push service, which receives what the server sends for a real notification. The VAPID JWT is checked
// against GET push/public-key (RFC 8292) and the body decrypted here, independently of the sender's library, with
// the subscription's private key and auth secret (RFC 8291 over RFC 8188's aes128gcm).

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const b64 = (data: Buffer) => data.toString('base64url');

/** The browser's side of RFC 8291: the push message's plaintext, from the aes128gcm body. */
function decryptPush(
  body: Buffer,
  ua: { privateKey: Buffer; publicKey: Buffer },
  authSecret: Buffer,
): string {
  // RFC 8188: salt (16) | record size (4) | key id length (1) | key id (the sender's ephemeral public key)
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(ua.privateKey);
  const shared = ecdh.computeSecret(asPublic);
  // RFC 8291: IKM from the shared secret, keyed by the auth secret, bound to both public keys
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.publicKey, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // one record, so the last: the data, then the delimiter 0x02, then zero padding (RFC 8188)
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID public key (an uncompressed P-256 point, base64url) as a key node:crypto verifies with. */
function vapidKey(k: string): KeyObject {
  const point = Buffer.from(k, 'base64url');
  expect(point.length).toBe(65);
  expect(point[0]).toBe(4);
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: 'jwk',
  });
}

describe('Web Push received and decrypted on the test’s own HTTPS push service', () => {
  const tls = selfSignedCertificate();
  const received: Received[] = [];
  let answerStatus = 201;
  let pushService: Server;
  let origin = '';
  let server: Awaited<ReturnType<typeof createTestServer>>;
  const { member, call } = restClient(() => server, 'web-push');

  beforeAll(async () => {
    pushService = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(answerStatus);
        response.end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
    server = await createTestServer(
      { PUSH_ENDPOINT_HOSTS: '127.0.0.1', WEB_PUSH_VAPID_SUBJECT: 'mailto:push@rhema.example' },
      { jobs: 'manual', pushCa: tls.cert },
    );
    await seedContent(server.db);
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => pushService.close(resolve));
  });

  it('a friend request and a message arrive signed with the published VAPID key, decrypt, and carry TTL and urgency; a 410 removes the subscription', async () => {
    const sender = await member('Kemi');
    const browser = await member('Lanre');
    // the browser's subscription: a P-256 key pair and a 16-byte auth secret (RFC 8291)
    const ecdh = createECDH('prime256v1');
    const ua = { publicKey: ecdh.generateKeys(), privateKey: ecdh.getPrivateKey() };
    const authSecret = randomBytes(16);
    const endpoint = `${origin}/push/subscription-1`;
    const registered = await call(browser, 'POST', '/devices', {
      platform: 'web',
      subscription: { endpoint, keys: { p256dh: b64(ua.publicKey), auth: b64(authSecret) } },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const published = (await call(browser, 'GET', '/push/public-key')).body as {
      data: { key: string };
    };

    expect((await call(sender, 'POST', '/friends/requests', { user_id: browser.user.id })).status).toBe(200);
    expect(received).toHaveLength(0); // nothing inside the request
    await server.app.jobs.drain();
    expect(received).toHaveLength(1);
    const push = received[0] as Received;
    expect(push.path).toBe('/push/subscription-1');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe(String(24 * 3600));
    expect(push.headers.urgency).toBe('normal');

    // RFC 8292: `vapid t=<JWT>, k=<the application server's public key>`
    const vapid = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(push.headers.authorization));
    expect(vapid, String(push.headers.authorization)).not.toBeNull();
    const [, jwt = '', k = ''] = vapid ?? [];
    expect(k).toBe(published.data.key);
    const [header = '', claims = '', signature = ''] = jwt.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
    expect(
      verify(
        'sha256',
        Buffer.from(`${header}.${claims}`),
        { key: vapidKey(published.data.key), dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      ),
      'the VAPID JWT verifies with GET push/public-key',
    ).toBe(true);
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud: string;
      exp: number;
      sub: string;
    };
    expect(body.aud).toBe(origin);
    expect(body.sub).toBe('mailto:push@rhema.example');
    const now = Date.now() / 1000;
    expect(body.exp).toBeGreaterThan(now);
    expect(body.exp).toBeLessThanOrEqual(now + 24 * 3600);

    expect(JSON.parse(decryptPush(push.body, ua, authSecret))).toMatchObject({
      title: 'Kemi sent you a friend request',
      url: '/account/friends',
      kind: 'friend_request',
    });
    // another secret cannot read it: the decryption above is a real check
    expect(() => decryptPush(push.body, ua, randomBytes(16))).toThrow();

    // a message rings at once and is worth nothing a minute later
    const friend = await member('Kemi');
    await seedFriendship(server.db, friend.user, browser.user);
    await call(friend, 'POST', `/messages/${browser.user.id}`, { body: 'See you at eight' });
    await server.app.jobs.drain();
    const message = received[1] as Received;
    expect(message.headers.urgency).toBe('high');
    expect(message.headers.ttl).toBe('60');
    const shown = decryptPush(message.body, ua, authSecret);
    expect(JSON.parse(shown)).toMatchObject({
      title: 'New message from Kemi',
      url: `/account/messages/${friend.user.id}`,
    });
    expect(shown).not.toContain('eight');

    // the push service says the subscription is gone: it is removed
    answerStatus = 410;
    const third = await member('Mide');
    await call(third, 'POST', '/friends/requests', { user_id: browser.user.id });
    await server.app.jobs.drain();
    expect(received).toHaveLength(3);
    expect(((await call(browser, 'GET', '/devices')).body as { data: unknown[] }).data).toEqual([]);
  });
});
