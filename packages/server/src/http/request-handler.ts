/**
 * The Fetch API handler: the checks that need no body (request-checks.ts), the body within its
 * limit and deadline, the viewer, then the route. Every answer is JSON or empty, `Cache-Control:
 * no-store`, and an error's message is the endpoint's own.
 */
import type { RequestContext, Viewer } from '../endpoint-options.js';
import { EndpointError } from '../errors.js';
import type { EndpointParts } from '../session-parts.js';
import { readBodyWithin } from './body-limit.js';
import { checkHead, type ServedRoute } from './request-checks.js';
import { bodyTimeoutResponse, bodyTooLargeResponse, errorResponse, noRouteResponse } from './responses.js';
import { logoutRoute, mintRoute, revokeRoute } from './session-routes.js';

/** Answers one request; anything unexpected is a 500 `internal`, reported. */
export async function handleRequest<V extends Viewer>(parts: EndpointParts<V>, request: Request, context: RequestContext): Promise<Response> {
  try {
    return await answer(parts, request, context);
  } catch (error) {
    if (error instanceof EndpointError && error.code !== 'invalid-options') return errorResponse(error.code, error.message);
    parts.report(error, { code: 'internal' });
    return errorResponse('internal', 'the session endpoint failed; see the server log');
  }
}

async function answer<V extends Viewer>(parts: EndpointParts<V>, request: Request, context: RequestContext): Promise<Response> {
  const head = { method: request.method, rawPath: new URL(request.url).pathname, header: (name: string) => request.headers.get(name) };
  const verdict = checkHead(head, parts);
  if (verdict.kind === 'outside') return noRouteResponse(parts.path);
  if (verdict.kind === 'refused') return verdict.response;
  const body = await readBodyWithin(request, { limitBytes: parts.limits.bodyBytes, timeoutMs: parts.limits.bodyTimeoutMs });
  if (body === 'too-large') return bodyTooLargeResponse(parts.limits.bodyBytes);
  if (body === 'timed-out') return bodyTimeoutResponse(parts.limits.bodyTimeoutMs);
  const viewer = await identifyViewer(parts, request, context);
  if (!viewer) return errorResponse('unauthenticated', 'no signed-in viewer: sign in, then ask again');
  return serveRoute(parts, verdict.route, viewer);
}

function serveRoute<V extends Viewer>(parts: EndpointParts<V>, route: ServedRoute, viewer: V): Promise<Response> {
  switch (route.kind) {
    case 'mint':
      return mintRoute(parts, viewer);
    case 'revoke':
      return revokeRoute(parts, { viewerId: viewer.id, sessionId: route.sessionId });
    case 'logout':
      return logoutRoute(parts, viewer.id);
  }
}

/** The viewer `viewer()` names, `null` for none; anything else is `viewer-failed`. */
async function identifyViewer<V extends Viewer>(parts: EndpointParts<V>, request: Request, context: RequestContext): Promise<V | null> {
  let viewer: unknown;
  try {
    viewer = await parts.viewer(request, context);
  } catch (error) {
    parts.report(error, { code: 'viewer-failed' });
    throw new EndpointError('viewer-failed', 'identifying the viewer failed; see the server log');
  }
  if (viewer === null || viewer === undefined) return null;
  const id = (viewer as { id?: unknown }).id;
  if (typeof id !== 'string' || id.length === 0) {
    parts.report(new TypeError('viewer() must resolve to null or an object with a non-empty string id'), { code: 'viewer-failed' });
    throw new EndpointError('viewer-failed', 'identifying the viewer failed; see the server log');
  }
  return viewer as V;
}
