import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

describe('loadEnv', () => {
  it('has working defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DATA_DIR).toMatch(/\.data\/pglite$/);
  });

  it('treats an empty DATABASE_URL as unset (embedded database)', () => {
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads an S3-compatible photo store (photos stay in PHOTO_DIR without S3_BUCKET)', () => {
    expect(loadEnv({}).S3_BUCKET).toBeUndefined();
    const env = loadEnv({
      S3_BUCKET: 'rhema-photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect([env.S3_BUCKET, env.S3_REGION, env.S3_FORCE_PATH_STYLE]).toEqual([
      'rhema-photos',
      'us-east-1',
      true,
    ]);
  });

  it('reads the client origins and the minimum app version (none by default)', () => {
    expect([loadEnv({}).CORS_ORIGINS, loadEnv({}).MIN_APP_VERSION]).toEqual([[], undefined]);
    const env = loadEnv({
      CORS_ORIGINS: ' https://app.example.com , capacitor://localhost,',
      MIN_APP_VERSION: '512',
    });
    expect([env.CORS_ORIGINS, env.MIN_APP_VERSION]).toEqual([
      ['https://app.example.com', 'capacitor://localhost'],
      512,
    ]);
  });

  it('reads the store apps’ push keys (without them, pushes stay files in PUSH_DIR)', () => {
    const env = loadEnv({
      FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({
        project_id: 'rhema-app',
        client_email: 'push@rhema-app.iam.gserviceaccount.com',
        private_key: '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n',
      }),
    });
    expect(env.FCM_SERVICE_ACCOUNT_JSON?.project_id).toBe('rhema-app');
    expect([env.FCM_TOKEN_URL, env.APNS_HOST, loadEnv({}).FCM_SERVICE_ACCOUNT_JSON]).toEqual([
      'https://oauth2.googleapis.com/token',
      'https://api.push.apple.com',
      undefined,
    ]);
  });

  it.each([
    [{ CORS_ORIGINS: 'https://app.example.com/' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: '*' }, 'CORS_ORIGINS'],
    [{ MIN_APP_VERSION: 'v5' }, 'MIN_APP_VERSION'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ S3_BUCKET: 'rhema-photos' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_BUCKET: 'rhema-photos', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'Photos_Bucket', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, 'S3_BUCKET'],
    [{ S3_ENDPOINT: 'ftp://storage.example' }, 'S3_ENDPOINT'],
    [{ FCM_SERVICE_ACCOUNT_JSON: '{not json' }, 'FCM_SERVICE_ACCOUNT_JSON'],
    [{ FCM_SERVICE_ACCOUNT_JSON: '{"project_id":"p"}' }, 'FCM_SERVICE_ACCOUNT_JSON.client_email'],
    [{ APNS_KEY_ID: 'KEY1234567' }, 'APNS_KEY_P8'],
    [{ APNS_HOST: 'http://api.push.apple.com' }, 'APNS_HOST'],
  ])('stops on a bad value and names it (%o)', (source, name) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`${name}:`));
  });
});
