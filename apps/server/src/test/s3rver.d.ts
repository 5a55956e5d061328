// s3rver ships no types; only what apps/server/src/test/s3-server.ts uses
declare module 's3rver' {
  import type { IncomingMessage } from 'node:http';
  import type { AddressInfo } from 'node:net';
  /** s3rver is a Koa application: its middleware, composed when it starts listening */
  type Middleware = (
    ctx: { req: IncomingMessage; status: number; type: string; body: unknown },
    next: () => Promise<void>,
  ) => Promise<void>;
  export default class S3rver {
    middleware: Middleware[];
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      resetOnClose?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
