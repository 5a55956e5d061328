import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';

const BUCKET = 'rhema-photos-test';
// the one pair of credentials s3rver knows (it refuses other access keys)
const KEY = 'S3RVER';

/**
 * A real S3-compatible server (s3rver: the S3 REST API over HTTP, objects in a temporary folder) on a free port of
 * this machine, started by the test itself so it runs anywhere without setup. `env` points the app at it;
 * `list(prefix)` reads the bucket's keys through the S3 API (ListObjectsV2), not through the store under test.
 */
export async function startS3Server() {
  const directory = await mkdtemp(join(tmpdir(), 'rhema-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new AwsClient({
    accessKeyId: KEY,
    secretAccessKey: KEY,
    service: 's3',
    region: 'us-east-1',
  });
  return {
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async list(prefix: string): Promise<string[]> {
      const res = await client.fetch(
        `${endpoint}/${BUCKET}?list-type=2&prefix=${encodeURIComponent(prefix)}`,
      );
      if (!res.ok) throw new Error(`list ${prefix}: ${res.status} ${await res.text()}`);
      return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1] ?? '').sort();
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
