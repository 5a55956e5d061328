import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';

const BUCKET = 'rhema-photos-test';
// the one pair of credentials s3rver knows (it refuses other access keys)
const KEY = 'S3RVER';
const REGION = 'us-east-1';

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Why a SigV4 request would be refused by S3, or null when its signature is right: s3rver checks the access key
 * only (its V4 support is incomplete), so the test recomputes the signature as S3 does (canonical request, string
 * to sign, the key derived from the secret, date, region and service).
 */
export function sigV4Problem(req: IncomingMessage, secret: string, region: string): string | null {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!auth) return 'not a SigV4 Authorization header';
  const [, credential = '', signedHeaders = '', signature = ''] = auth;
  const [, date = '', scopeRegion = '', service = ''] = credential.split('/');
  if (scopeRegion !== region || service !== 's3') return `signed for ${scopeRegion}/${service}`;
  const [path = '/', query = ''] = (req.url ?? '/').split('?');
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => rfc3986(decodeURIComponent(part ?? ''))))
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k = '', v = '']) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  const headerValue = (name: string) =>
    String(req.headers[name] ?? '')
      .trim()
      .replace(/\s+/g, ' ');
  const canonicalRequest = [
    req.method,
    path,
    canonicalQuery,
    ...names.map((name) => `${name}:${headerValue(name)}`),
    '',
    signedHeaders,
    headerValue('x-amz-content-sha256'),
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    headerValue('x-amz-date'),
    credential.split('/').slice(1).join('/'),
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature
    ? null
    : 'SignatureDoesNotMatch';
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API over HTTP, objects in a temporary folder; every request's
 * SigV4 signature checked by `sigV4Problem` in front of it) on a free port of this machine, started by the test itself so it runs anywhere without setup. `env` points the app at it;
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
  // before s3rver's own middleware (Koa composes them when it starts listening): refuse a wrong signature as S3 does
  server.middleware.unshift(async (ctx, next) => {
    const problem = sigV4Problem(ctx.req, KEY, REGION);
    if (!problem) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`;
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
