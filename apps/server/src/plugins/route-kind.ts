import type { FastifyRequest } from 'fastify';

/**
 * Whether a request is an API call (tRPC or /api/v1), decided by the route Fastify matched: its pattern, after the
 * router decoded the path. The raw URL is not asked: `/%61pi/v1/...` reaches the /api/v1 routes while a prefix test
 * on the raw string says otherwise (docs/security.md, F6). Unmatched requests (the not-found answers) are not
 * API calls.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  return route === '/trpc' || route.startsWith('/trpc/') || route.startsWith('/api/');
}

/** The matched route is a tRPC one (the browser's calls, which get cookies on login and logout). */
export function isTrpcRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && (route === '/trpc' || route.startsWith('/trpc/'));
}

/** The route of the web build's hashed scripts and style sheets (routes/assets.ts). */
export const BUILT_FILE_ROUTE = '/assets/:file';

/** The matched route serves one of the web build's hashed scripts or style sheets: a file, never a document. */
export function isBuiltFileRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url === BUILT_FILE_ROUTE;
}
