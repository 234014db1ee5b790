import { checkBodySize } from './body-limit.js';
import type { RequestContext, Viewer } from '../endpoint-options.js';
import { EndpointError } from '../errors.js';
import { checkOrigin } from './origin-check.js';
import type { ResolvedOptions } from '../resolve-options.js';
import { errorResponse } from './responses.js';
import { matchRoute, ROUTE_METHODS, type Route } from './routes.js';
import { logoutRoute, mintRoute, revokeRoute } from './session-routes.js';

/** A request's route, once it is known to be one of the endpoint's with an allowed method. */
type ServedRoute = Exclude<Route, { kind: 'unknown' | 'outside' }>;

/**
 * Answers one request, in this order: the route (404), its method (405 with `Allow`), the origin
 * (403), the body's size (413), the viewer (401), then the route itself. Every answer is JSON or
 * empty, `Cache-Control: no-store`, and an error's message is the endpoint's own.
 */
export async function handleRequest<V extends Viewer>(options: ResolvedOptions<V>, request: Request, context: RequestContext): Promise<Response> {
  try {
    return await answer(options, request, context);
  } catch (error) {
    if (error instanceof EndpointError && error.code !== 'invalid-options') return errorResponse(error.code, error.message);
    options.report(error, { code: 'internal' });
    return errorResponse('internal', 'the session endpoint failed; see the server log');
  }
}

async function answer<V extends Viewer>(options: ResolvedOptions<V>, request: Request, context: RequestContext): Promise<Response> {
  const route = matchRoute(new URL(request.url).pathname, options.path);
  if (route.kind === 'outside' || route.kind === 'unknown') {
    return errorResponse('not-found', `no such route: the endpoint serves POST ${options.path}, DELETE ${options.path}/<id> and POST ${options.path}/logout`);
  }
  const allowed: readonly string[] = ROUTE_METHODS[route.kind];
  if (!allowed.includes(request.method)) {
    return errorResponse('method-not-allowed', `${request.method} is not served here; use ${allowed.join(' or ')}`, { Allow: allowed.join(', ') });
  }
  const refused = checkOrigin(request, options);
  if (refused) return errorResponse('forbidden-origin', refused.message);
  if ((await checkBodySize(request, options.limits.bodyBytes)) === 'too-large') {
    return errorResponse('body-too-large', `the request's body is over ${options.limits.bodyBytes} bytes; the endpoint needs none`);
  }
  const viewer = await identifyViewer(options, request, context);
  if (!viewer) return errorResponse('unauthenticated', 'no signed-in viewer: sign in, then ask again');
  return serveRoute(options, route, viewer);
}

function serveRoute<V extends Viewer>(options: ResolvedOptions<V>, route: ServedRoute, viewer: V): Promise<Response> {
  switch (route.kind) {
    case 'mint':
      return mintRoute(options, viewer);
    case 'revoke':
      return revokeRoute(options, viewer, route.sessionId);
    case 'logout':
      return logoutRoute(options, viewer);
  }
}

/** The viewer `options.viewer` names, `null` for none; anything else is `viewer-failed`. */
async function identifyViewer<V extends Viewer>(options: ResolvedOptions<V>, request: Request, context: RequestContext): Promise<V | null> {
  let viewer: unknown;
  try {
    viewer = await options.viewer(request, context);
  } catch (error) {
    options.report(error, { code: 'viewer-failed' });
    throw new EndpointError('viewer-failed', 'identifying the viewer failed; see the server log');
  }
  if (viewer === null || viewer === undefined) return null;
  const id = (viewer as { id?: unknown }).id;
  if (typeof id !== 'string' || id.length === 0) {
    options.report(new TypeError('viewer() must resolve to null or an object with a non-empty string id'), { code: 'viewer-failed' });
    throw new EndpointError('viewer-failed', 'identifying the viewer failed; see the server log');
  }
  return viewer as V;
}
