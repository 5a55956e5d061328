import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { ZApnsErrorAnswer, ZFcmErrorAnswer, ZFcmTokenAnswer, type TFcmServiceAccount } from '@rhema/schemas';
import type { PushDevice, PushMessage, PushSender } from './push';

// The store apps' push providers behind PushSender (./push.ts), on node:crypto, fetch and node:http2
// (docs/decisions/214-store-push-without-sdks.md): FCM HTTP v1 for Android, an OAuth2 access token got with a
// service account's RS256-signed JWT (RFC 7523); APNs for iOS, token-based with an ES256 JWT from a .p8 key. Both
// get the PushMessage the delivery built (./deliver.ts), so discreet mode holds here as for Web Push. An answer
// that says the token is dead is 'gone' (the device is removed); any other failure throws, and the job queue
// tries again.

const SEND_TIMEOUT_MS = 10_000;
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A compact JWS: RS256 (PKCS#1 v1.5) or ES256 (the raw r||s signature JOSE wants, RFC 7518). */
export function signJwt(
  header: Record<string, string>,
  claims: Record<string, string | number>,
  key: KeyObject,
): string {
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const signature =
    header.alg === 'ES256'
      ? sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' })
      : sign('sha256', Buffer.from(input), key);
  return `${input}.${b64url(signature)}`;
}

/** Keys kept in one-line environment variables often carry `\n` for their line breaks. */
const pem = (text: string) => text.replace(/\\n/g, '\n');

/** Is FCM's answer about the token rather than the message? (its 400 INVALID_ARGUMENT covers both) */
function fcmTokenDead(status: number, body: unknown): boolean {
  const error = ZFcmErrorAnswer.safeParse(body).data?.error;
  const details = error?.details ?? [];
  if (status === 404 || details.some((detail) => detail.errorCode === 'UNREGISTERED')) return true;
  if (status !== 400 || error?.status !== 'INVALID_ARGUMENT') return false;
  return (
    details.some((detail) => detail.fieldViolations?.some((v) => v.field === 'message.token')) ||
    /registration token/i.test(error.message ?? '')
  );
}

export interface FcmOptions {
  serviceAccount: TFcmServiceAccount;
  /** the OAuth2 token endpoint (FCM_TOKEN_URL): Google's, or a test's own */
  tokenUrl: string;
  /** FCM's API origin (FCM_API_URL) */
  apiUrl: string;
  now?: () => Date;
}

/** Android: FCM HTTP v1, `POST projects/<id>/messages:send` with a bearer token kept until shortly before expiry. */
export function createFcmSender(options: FcmOptions): PushSender {
  const now = options.now ?? (() => new Date());
  const account = options.serviceAccount;
  const key = createPrivateKey(pem(account.private_key));
  const sendUrl = `${options.apiUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`;
  let cached: { token: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    const at = now().getTime();
    if (cached && cached.until > at) return cached.token;
    const iat = Math.floor(at / 1000);
    const assertion = signJwt(
      { alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) },
      { iss: account.client_email, scope: FCM_SCOPE, aud: options.tokenUrl, iat, exp: iat + 3600 },
      key,
    );
    const response = await fetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.arrayBuffer();
      throw new Error(`FCM token endpoint answered ${response.status}`);
    }
    const answer = ZFcmTokenAnswer.parse(await response.json());
    // a minute's margin, so a token never expires between this check and FCM's
    cached = { token: answer.access_token, until: at + Math.max(0, answer.expires_in - 60) * 1000 };
    return answer.access_token;
  }

  return {
    async send(device: PushDevice, message: PushMessage) {
      const response = await fetch(sendUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token: device.token,
            notification: { title: message.title, ...(message.body ? { body: message.body } : {}) },
            // FCM's data values are strings; the app opens `url` on a tap
            data: { url: message.url, kind: message.kind, tag: message.tag },
            android: {
              priority: message.urgency === 'high' ? 'HIGH' : 'NORMAL',
              ttl: `${message.ttlSeconds}s`,
              collapse_key: message.tag,
              notification: { tag: message.tag },
            },
          },
        }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      // the answer is read to its end either way, so the connection goes back to the pool
      if (response.ok) {
        await response.arrayBuffer();
        return 'sent';
      }
      const body: unknown = await response.json().catch(() => null);
      if (fcmTokenDead(response.status, body)) return 'gone';
      // a refused bearer token is fetched anew on the retry
      if (response.status === 401) cached = null;
      throw new Error(`FCM answered ${response.status}`);
    },
  };
}

export interface ApnsOptions {
  /** the .p8 key's PEM text (APNS_KEY_P8) */
  keyP8: string;
  keyId: string;
  teamId: string;
  /** the app's bundle id (APNS_TOPIC) */
  topic: string;
  /** APNs origin (APNS_HOST): production, the sandbox, or a test's own */
  host: string;
  /** extra certificate authorities to trust (a test's self-signed APNs) */
  ca?: string | Buffer;
  now?: () => Date;
}

/** Apple takes a provider token for up to an hour and refuses a new one more often than every 20 minutes. */
const APNS_TOKEN_MS = 50 * 60_000;
/** APNs' reasons that say the device token is no more. */
const APNS_DEAD_REASONS = new Set(['BadDeviceToken', 'Unregistered']);

/** iOS: APNs over one kept HTTP/2 connection, `POST /3/device/<token>` with an ES256 provider token. */
export function createApnsSender(options: ApnsOptions): PushSender & { close(): void } {
  const now = options.now ?? (() => new Date());
  const key = createPrivateKey(pem(options.keyP8));
  let cached: { token: string; until: number } | null = null;
  let session: ClientHttp2Session | null = null;

  function providerToken(): string {
    const at = now().getTime();
    if (cached && cached.until > at) return cached.token;
    const token = signJwt(
      { alg: 'ES256', kid: options.keyId },
      { iss: options.teamId, iat: Math.floor(at / 1000) },
      key,
    );
    cached = { token, until: at + APNS_TOKEN_MS };
    return token;
  }

  function connection(): ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(options.host, options.ca ? { ca: options.ca } : {});
    opened.on('error', () => opened.destroy());
    // an idle connection goes; the next push opens another, and none holds the process open
    opened.setTimeout(5 * 60_000, () => opened.close());
    opened.unref();
    session = opened;
    return opened;
  }

  function post(path: string, headers: Record<string, string>, body: string) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = connection().request({ ':method': 'POST', ':path': path, ...headers });
      request.setTimeout(SEND_TIMEOUT_MS, () => request.close(constants.NGHTTP2_CANCEL));
      let status = 0;
      let text = '';
      request.setEncoding('utf8');
      request.on('response', (answer) => {
        status = Number(answer[':status']);
      });
      request.on('data', (chunk: string) => {
        text += chunk;
      });
      request.on('end', () => resolve({ status, body: text }));
      request.on('error', reject);
      request.on('close', () => {
        if (!status) reject(new Error('APNs closed the stream without an answer'));
      });
      request.end(body);
    });
  }

  return {
    async send(device, message) {
      const answer = await post(
        `/3/device/${encodeURIComponent(device.token)}`,
        {
          authorization: `bearer ${providerToken()}`,
          'apns-topic': options.topic,
          'apns-push-type': 'alert',
          // 10: at once (a ringing call); 5: when the phone's power allows
          'apns-priority': message.urgency === 'high' ? '10' : '5',
          'apns-expiration': String(Math.floor(now().getTime() / 1000) + message.ttlSeconds),
          'apns-collapse-id': message.tag.slice(0, 64),
          'content-type': 'application/json',
        },
        JSON.stringify({
          aps: {
            alert: { title: message.title, ...(message.body ? { body: message.body } : {}) },
            sound: 'default',
          },
          url: message.url,
          kind: message.kind,
        }),
      );
      if (answer.status === 200) return 'sent';
      let reason: string | undefined;
      try {
        reason = ZApnsErrorAnswer.safeParse(JSON.parse(answer.body)).data?.reason;
      } catch {
        reason = undefined;
      }
      if (answer.status === 410 || (answer.status === 400 && reason && APNS_DEAD_REASONS.has(reason)))
        return 'gone';
      if (reason === 'ExpiredProviderToken') cached = null;
      throw new Error(`APNs answered ${answer.status}${reason ? ` ${reason}` : ''}`);
    },
    close() {
      session?.close();
      session = null;
    },
  };
}
