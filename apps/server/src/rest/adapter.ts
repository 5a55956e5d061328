import { createCaller, toPublicError, type Context } from '@rhema/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAppVersion } from '../plugins/mobile-clients';
import { apiDocs } from './docs';
import { registerLiveStream } from './live';
import { buildOpenApiDocument } from './openapi';
import { replyBody } from './reply';
import type { RestRequest, RestRoute } from './route-shape';
import { restRoutes } from './routes';

type CreateContext = (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;

function toRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function defaultInput(route: RestRoute, request: RestRequest): unknown {
  if (route.method === 'GET') return { ...request.query, ...request.params };
  return { ...request.body, ...request.params };
}

/** Calls a procedure of the caller by its dotted path, split once per row (['faqs', 'list']). */
function callProcedure(caller: unknown, path: readonly string[], input: unknown): Promise<unknown> {
  const fn = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return (fn as (input: unknown) => Promise<unknown>)(input);
}

/** Answers any error in the product's envelope with the mapped status; 5xx bodies stay generic. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const publicError = toPublicError(error);
  if (publicError.status >= 500) request.log.error({ err: error }, 'request failed');
  if (publicError.retryAfterSeconds) reply.header('retry-after', String(publicError.retryAfterSeconds));
  return reply.status(publicError.status).send({
    ...publicError.details,
    success: false,
    message: publicError.message,
    // what support asks a member for: the same id as the answer's x-request-id and the request's log lines
    ...(publicError.status >= 500 ? { request_id: request.id } : {}),
  });
}

/** Mounts every row of the table under the current prefix (/api/v1). */
export async function restAdapter(
  app: FastifyInstance,
  options: { createContext: CreateContext; minAppVersion?: number | undefined },
) {
  requireAppVersion(app, options.minAppVersion);
  // the mobile app sends its "empty payload" calls (activate, reject, premium...) as no body at all with a JSON
  // Content-Type, which Fastify's own parser refuses: here no body reads as {} (the same rules otherwise)
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    return parseJson(request, text, done);
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    // Fastify's own 4xx (malformed JSON, body too large, wrong content type) keep their status and say why
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ success: false, message: error.message });
    }
    return sendError(request, reply, error);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ success: false, message: `No such API path: ${request.method} ${request.url.split('?')[0]}` }),
  );

  registerLiveStream(app, { createContext: options.createContext, sendError });
  const openApiDocument = buildOpenApiDocument();
  app.get('/openapi.json', async () => openApiDocument);
  await app.register(apiDocs);

  for (const route of restRoutes) {
    const procedurePath = route.procedure.split('.');
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        const restRequest: RestRequest = {
          query: toRecord(request.query),
          body: toRecord(request.body),
          params: toRecord(request.params) as Record<string, string>,
        };
        try {
          const caller = createCaller(await options.createContext(request, reply));
          const input = route.input ? route.input(restRequest) : defaultInput(route, restRequest);
          const data = await callProcedure(caller, procedurePath, input);
          return reply.send(replyBody(route.reply, data));
        } catch (error) {
          return sendError(request, reply, error);
        }
      },
    });
  }
}
