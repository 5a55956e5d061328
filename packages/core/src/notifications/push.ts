// What a push is and who sends it (docs/notifications.md): the delivery (./deliver.ts) hands each of the member's
// devices one PushMessage; the sender behind this interface speaks Web Push, FCM or APNs (./push-senders.ts), or
// writes files in development.

export interface PushMessage {
  title: string;
  body: string;
  /** the page to open on a click */
  url: string;
  kind: string;
  /** the notification's id: a later push of the same tag replaces it on screen */
  tag: string;
  urgency: 'high' | 'normal';
  ttlSeconds: number;
}

export interface PushDevice {
  id: string;
  platform: string;
  token: string;
  p256dh: string | null;
  auth: string | null;
}

export interface PushSender {
  /** 'gone': the push service says the device or subscription no longer exists (it is then removed) */
  send(device: PushDevice, message: PushMessage): Promise<'sent' | 'gone'>;
}
