import { PassThrough } from 'node:stream';
import { createCaller, toPublicError, type Context } from '@rhema/api';
import { isTrackedEnvelope } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// GET /api/v1/live: the member's live stream (the procedure messages.live, which the web reads at /trpc) as plain
// Server-Sent Events for the mobile apps: one `data:` line per event (its JSON has a `type`), `id:` the stream's
// position for Last-Event-ID, a comment line every LIVE_HEARTBEAT_MS. Whatever the procedure yields is written as
// it is, so an event added to it reaches the apps without a change here. The first event is awaited before the
// answer starts: a refusal (sign-in, the per-member stream limit, a bad Last-Event-ID) is a plain answer in the
// envelope with its status, never a stream that opens and then fails.

export const LIVE_URL = '/live';
export const LIVE_PROCEDURE = 'messages.live';
/** under the server's 30 s idle timeout (app.ts) and the idle cut-offs of proxies */
export const LIVE_HEARTBEAT_MS = 10_000;
/** what an EventSource waits before it reconnects after the stream ends */
const RETRY_MS = 3_000;

type CreateContext = (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;
type SendError = (request: FastifyRequest, reply: FastifyReply, error: unknown) => FastifyReply;

/** One SSE block: the event's JSON on a data line (JSON has no raw newline), with its position as the id. */
function eventBlock(value: unknown): string {
  if (isTrackedEnvelope(value)) return `id: ${value[0]}\ndata: ${JSON.stringify(value[1])}\n\n`;
  return `data: ${JSON.stringify(value)}\n\n`;
}

function lastEventIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.lastEventId === 'string' ? query.lastEventId : undefined;
}

export function registerLiveStream(
  app: FastifyInstance,
  options: { createContext: CreateContext; sendError: SendError },
) {
  // an event stream must leave at once, never wait in a compressor's buffer
  app.get(LIVE_URL, { compress: false }, async (request, reply) => {
    const abort = new AbortController();
    reply.raw.on('close', () => abort.abort());
    let iterator: AsyncIterator<unknown>;
    let first: IteratorResult<unknown>;
    try {
      const caller = createCaller(await options.createContext(request, reply), { signal: abort.signal });
      const lastEventId = lastEventIdOf(request);
      // `?notifications=true` adds the bell's count (docs/notifications.md)
      const notifications = (request.query as Record<string, unknown> | undefined)?.notifications === 'true';
      const events = await caller.messages.live(
        lastEventId === undefined && !notifications
          ? undefined
          : {
              ...(lastEventId === undefined ? {} : { lastEventId }),
              ...(notifications ? { notifications } : {}),
            },
      );
      iterator = events[Symbol.asyncIterator]();
      // the stream takes its place (or is refused) and reads what was missed before anything is answered
      first = await iterator.next();
    } catch (error) {
      abort.abort();
      return options.sendError(request, reply, error);
    }

    const body = new PassThrough();
    const write = (text: string) => {
      if (!body.destroyed && !body.writableEnded) body.write(text);
    };
    const heartbeat = setInterval(() => write(': ping\n\n'), LIVE_HEARTBEAT_MS);
    const finish = () => {
      clearInterval(heartbeat);
      abort.abort();
      if (!body.writableEnded) body.end();
    };
    reply.raw.on('close', finish);
    // the reconnection delay rides on the first event (a block of its own would read as an empty event)
    write(`retry: ${RETRY_MS}\n${first.done ? '\n' : eventBlock(first.value)}`);
    void (async () => {
      try {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          write(eventBlock(next.value));
        }
      } catch (error) {
        // signed out meanwhile, or the server is shutting down: said once, then the stream ends (the app
        // reconnects, and a signed-out one is refused with 401)
        const publicError = toPublicError(error);
        if (publicError.status >= 500 && publicError.status !== 503)
          request.log.error({ err: error }, 'live stream failed');
        write(
          `event: error\ndata: ${JSON.stringify({ success: false, status: publicError.status, message: publicError.message })}\n\n`,
        );
      } finally {
        finish();
      }
    })();
    return (
      reply
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        // the stream holds its connection to the end: a shutdown then finishes as soon as the streams end
        .header('connection', 'close')
        .type('text/event-stream; charset=utf-8')
        .send(body)
    );
  });
}
