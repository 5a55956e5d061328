import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { ServerMetrics } from './metrics';

// Every request has an id that support, the logs and the member's answer share: the load balancer's
// `x-request-id` when it sent a usable one, else a new UUID. It is the `request_id` of each log line written during
// the request (Fastify's request logger), the `x-request-id` header of every answer, and the `request_id` of a 5xx
// envelope (rest/adapter.ts). One log line per request, written when the answer has gone (Fastify's own logging
// wrote two: one on arrival, one on completion; docs/ops/README.md).

/** What a kept id may be: what load balancers and tracing headers use, short enough for a log line. */
const USABLE_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's request lines: nothing on arrival, one line when the answer has gone (its request, status and time),
 * the default's level kept (error when the request failed). Fastify's other lines (errors its default handler
 * logs, a route not found) stay as they are.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else requestLines(request.server.log).info({ request_id: request.id, ...line }, 'request completed');
  }
}

/**
 * The line of an answered request holds only what the `req` and `res` serializers make of the request (method,
 * address, host, client address and port) and the answer (its status), and its time: no header, body or error, so
 * none of the server's redaction paths (app.ts) can match in it. Written through a child of the server's logger
 * without them: the same serializers, level and destination, and the same line (the id the request's own logger
 * carries is the first field, as there), but not the redaction's copy and walk of each field (~12 of the ~108 KB
 * an answer to GET api/v1/faqs allocated, 10-14 % of its CPU: bench/results/2026-11-29-request-path.md).
 * Every other line, the failed request's included, keeps the redaction; observability.int.test.ts holds this
 * line to those fields.
 */
const requestLineLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();
function requestLines(serverLog: FastifyBaseLogger): FastifyBaseLogger {
  let lines = requestLineLoggers.get(serverLog);
  if (!lines) {
    lines = serverLog.child({}, { redact: [] });
    requestLineLoggers.set(serverLog, lines);
  }
  return lines;
}

/** Fastify's options for request ids and its request log lines. */
export const requestIdOptions = {
  genReqId(request: IncomingMessage) {
    const sent = request.headers[REQUEST_ID_HEADER];
    return typeof sent === 'string' && USABLE_REQUEST_ID.test(sent) ? sent : randomUUID();
  },
  logController: new OneLinePerRequest({ requestIdLogLabel: 'request_id' }),
} satisfies Partial<FastifyServerOptions>;

/** The id on every answer, and the metrics' observation when the answer has gone. */
export function registerRequestLog(app: FastifyInstance, metrics: ServerMetrics | null) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  if (metrics)
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observe(request, reply);
      done();
    });
}
