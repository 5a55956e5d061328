import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import type { Agent } from 'node:https';
import { join } from 'node:path';
import webPush from 'web-push';
import type { PushDevice, PushMessage, PushSender } from './push';

// The push providers behind PushSender (./push.ts). Web Push through the `web-push` library (VAPID, RFC 8292;
// payload encrypted with aes128gcm, RFC 8291; TTL and urgency set); the store apps' pushes, without provider keys,
// written as JSON files into PUSH_DIR as mail is in development.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact for the push services */
  subject: string;
}

/** What a service worker reads from a push (apps/web/public/sw.js). */
export function pushPayload(message: PushMessage): string {
  return JSON.stringify({
    title: message.title,
    body: message.body,
    url: message.url,
    tag: message.tag,
    kind: message.kind,
  });
}

/**
 * What `web-push` is asked for one push: VAPID, aes128gcm, the message's time to live and urgency (the `TTL` and
 * `Urgency` headers of RFC 8030), a topic so a newer push of one notification replaces an undelivered older one.
 */
export function webPushOptions(
  vapid: VapidKeys,
  message: PushMessage,
  agent?: Agent,
): webPush.RequestOptions {
  return {
    vapidDetails: vapid,
    TTL: message.ttlSeconds,
    urgency: message.urgency,
    topic: message.tag.slice(0, 32),
    contentEncoding: 'aes128gcm',
    timeout: 10_000,
    ...(agent ? { agent } : {}),
  };
}

/** Browsers' subscriptions: a 404 or 410 from the push service means the subscription is gone. */
export function createWebPushSender(vapid: VapidKeys, options: { agent?: Agent } = {}): PushSender {
  return {
    async send(device: PushDevice, message: PushMessage) {
      if (!device.p256dh || !device.auth) return 'gone';
      try {
        await webPush.sendNotification(
          { endpoint: device.token, keys: { p256dh: device.p256dh, auth: device.auth } },
          pushPayload(message),
          webPushOptions(vapid, message, options.agent),
        );
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw error;
      }
    },
  };
}

/** Development: each push a JSON file `{ platform, token, title, body, url }` in `dir`. */
export function createFilePushSender(dir: string, log?: { info(message: string): void }): PushSender {
  return {
    async send(device, message) {
      await mkdir(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`,
      );
      const body = {
        platform: device.platform,
        token: device.token,
        title: message.title,
        body: message.body,
        url: message.url,
        urgency: message.urgency,
      };
      await writeFile(`${file}.partial`, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      await rename(`${file}.partial`, file);
      log?.info(`push "${message.kind}" for ${device.platform} written to ${file}`);
      return 'sent';
    },
  };
}

/** One sender per platform: a device of a platform without one is skipped. */
export function pushByPlatform(senders: Partial<Record<'web' | 'android' | 'ios', PushSender>>): PushSender {
  return {
    async send(device, message) {
      const sender = senders[device.platform as keyof typeof senders];
      return sender ? sender.send(device, message) : 'sent';
    },
  };
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}
