import { createECDH, randomBytes } from 'node:crypto';
import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import type { PushMessage } from './push';
import { generateVapidKeys, pushPayload, webPushOptions } from './push-senders';

// The request `web-push` makes for one push (sendNotification sends what generateRequestDetails builds): a ringing
// call asks the push service for immediate delivery (`Urgency: high`) and to drop it once the ring is over (`TTL`);
// news that can wait goes at normal urgency and lives a day (packages/core/src/notifications/deliver.ts, ring.ts).

const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  keys: {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
};
const vapid = { ...generateVapidKeys(), subject: 'mailto:support@rhema.example' };
const message = (urgency: PushMessage['urgency'], ttlSeconds: number): PushMessage => ({
  title: 'Remi is calling you',
  body: '',
  url: '/account/messages/1',
  kind: 'call',
  tag: 'call00000000-0000-0000-0000-000000000001',
  urgency,
  ttlSeconds,
});

describe('Web Push requests', () => {
  it('a ring is high urgency with a short time to live, encrypted (aes128gcm) and signed (VAPID)', () => {
    const ring = message('high', 26);
    const request = webPush.generateRequestDetails(
      subscription,
      pushPayload(ring),
      webPushOptions(vapid, ring),
    );
    expect(request.endpoint).toBe(subscription.endpoint);
    expect(request.headers).toMatchObject({
      TTL: 26,
      Urgency: 'high',
      'Content-Encoding': 'aes128gcm',
      Topic: 'call00000000-0000-0000-0000-0000',
    });
    expect(String(request.headers.Authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(String(request.headers.Authorization)).toContain(`k=${vapid.publicKey}`);
    // the payload is ciphertext: nothing of the title travels in the clear
    expect(request.body.toString('latin1')).not.toContain('Remi');
  });

  it('other news is normal urgency and lives a day', () => {
    const news = message('normal', 86_400);
    const request = webPush.generateRequestDetails(
      subscription,
      pushPayload(news),
      webPushOptions(vapid, news),
    );
    expect(request.headers).toMatchObject({ TTL: 86_400, Urgency: 'normal' });
  });
});
