import { AwsClient } from 'aws4fetch';
import { PHOTO_KEY, type PhotoStore } from './photo-store';

export interface S3PhotoStoreOptions {
  bucket: string;
  /** e.g. https://s3.eu-west-1.example or http://127.0.0.1:9000; default: AWS's endpoint of `region` */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (MinIO and most emulators) */
  forcePathStyle: boolean;
  /** per request; a stuck storage must not hold an upload or a page for ever */
  timeoutMs?: number;
}

/**
 * The S3-compatible store (docs/decisions/082-member-photos.md): the same keys as the local folder, as
 * objects of one bucket, through plain signed HTTP requests (aws4fetch: SigV4 over `fetch`, no SDK). The bucket can
 * stay private: the server reads the objects and serves them at the same /media/photos addresses.
 */
export function createS3PhotoStore(options: S3PhotoStoreOptions): PhotoStore {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
  });
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const base = options.forcePathStyle
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${options.bucket}`
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const urlOf = (key: string) => {
    if (!PHOTO_KEY.test(key)) throw new Error(`not a photo key: ${key}`);
    return `${base}/${key}`;
  };
  const send = (key: string, init: RequestInit) =>
    client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const fail = async (what: string, key: string, res: Response) => {
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    return new Error(`S3 ${what} ${key}: ${res.status} ${detail}`);
  };

  return {
    async put(key, data) {
      const res = await send(key, {
        method: 'PUT',
        body: new Uint8Array(data),
        headers: { 'content-type': 'image/jpeg' },
      });
      if (!res.ok) throw await fail('put', key, res);
      await res.body?.cancel();
    },
    async read(key) {
      if (!PHOTO_KEY.test(key)) return null;
      const res = await send(key, { method: 'GET' });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) throw await fail('get', key, res);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      // S3 answers 204 whether or not the object was there
      const res = await send(key, { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw await fail('delete', key, res);
      await res.body?.cancel();
    },
  };
}
