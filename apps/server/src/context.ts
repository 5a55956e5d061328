import { createContextInner, type Context } from '@rhema/api';
import type { Database } from '@rhema/db';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface ServerDeps {
  db: Database;
}

/** Builds a procedure context from an HTTP request (tRPC and the REST adapter share it). */
export function contextFactory(deps: ServerDeps) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<Context> =>
    createContextInner({
      db: deps.db,
      ip: request.ip,
      ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
    });
}
