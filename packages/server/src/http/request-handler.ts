/**
 * The Fetch API handler: the checks that need no body (request-checks.ts), the body within its
 * limit and deadline, then `serveChecked`: the viewer and the route. The node adapter makes the same
 * checks itself (before reading the body) and calls `serveChecked` directly. Every answer is JSON or
 * empty, `Cache-Control: no-store`, and an error's message is the endpoint's own.
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import type { RequestContext, Viewer } from '../endpoint-options.js';
import { EndpointError } from '../errors.js';
import type { EndpointDeps } from '../endpoint-deps.js';
import { readBodyWithin } from './body-limit.js';
import { checkHead, type ServedRoute } from './request-checks.js';
import { bodyTimeoutResponse, bodyTooLargeResponse, errorResponse, isAnswerCode, noRouteResponse } from './responses.js';
import { logoutRoute, mintPageSession, mintRoute, revokeRoute } from './session-routes.js';
import type { PageSessionAnswer } from '@svc-embed/protocol/session-endpoint';
import { MAX_VIEWER_ID_LENGTH, viewerIdProblem } from '../viewer-id.js';

/** A request that passed the checks and whose body was read, with its route. */
export interface CheckedRequest {
  request: Request;
  route: ServedRoute;
  context: RequestContext;
}

/** Answers one request; anything unexpected is a 500 `internal`, reported. */
export function handleRequest<V extends Viewer>(deps: EndpointDeps<V>, request: Request, context: RequestContext): Promise<Response> {
  return answerSafely(deps, () => answer(deps, request, context));
}

/** Answers a request the node adapter checked and read: the viewer, then the route. */
export function serveChecked<V extends Viewer>(deps: EndpointDeps<V>, checked: CheckedRequest): Promise<Response> {
  return answerSafely(deps, () => serveViewer(deps, checked));
}

async function answerSafely(deps: Pick<EndpointDeps, 'report'>, answerIt: () => Promise<Response>): Promise<Response> {
  try {
    return await answerIt();
  } catch (error) {
    if (error instanceof EndpointError && isAnswerCode(error.code)) return errorResponse(error.code, error.message);
    deps.report(error, { code: ENDPOINT_CODES.internal });
    return errorResponse(ENDPOINT_CODES.internal, 'the session endpoint failed; see the server log');
  }
}

async function answer<V extends Viewer>(deps: EndpointDeps<V>, request: Request, context: RequestContext): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  const verdict = checkHead({ method: request.method, rawPath: pathname, pathname, header: (name) => request.headers.get(name) }, deps);
  if (verdict.kind === 'outside') return noRouteResponse(deps.path);
  if (verdict.kind === 'refused') return verdict.response;
  const body = request.body ? await readBodyWithin(request.body, { limitBytes: deps.limits.bodyBytes, timeoutMs: deps.limits.bodyTimeoutMs }) : 'within';
  if (body === 'too-large') return bodyTooLargeResponse(deps.limits.bodyBytes);
  if (body === 'timed-out') return bodyTimeoutResponse(deps.limits.bodyTimeoutMs);
  return serveViewer(deps, { request, route: verdict.route, context });
}

async function serveViewer<V extends Viewer>(deps: EndpointDeps<V>, checked: CheckedRequest): Promise<Response> {
  const viewer = await identifyViewer(deps, checked.request, checked.context);
  if (!viewer) return errorResponse(ENDPOINT_CODES.unauthenticated, 'no signed-in viewer: sign in, then ask again');
  return serveRoute(deps, checked.route, viewer);
}

function serveRoute<V extends Viewer>(deps: EndpointDeps<V>, route: ServedRoute, viewer: V): Promise<Response> {
  switch (route.kind) {
    case 'mint':
      return mintRoute(deps, viewer);
    case 'revoke':
      return revokeRoute(deps, { viewerId: viewer.id, sessionId: route.sessionId });
    case 'logout':
      return logoutRoute(deps, viewer.id);
  }
}

/**
 * `endpoint.mintForPage`: the viewer of the page's request, then the mint route's process. Never
 * rejects: no viewer, a refused mint or a failure (reported as the route reports it) is `null`, so
 * the page renders without an id and the browser mints through the endpoint.
 */
export async function mintForPage<V extends Viewer>(deps: EndpointDeps<V>, request: Request, context: RequestContext): Promise<PageSessionAnswer | null> {
  try {
    const viewer = await identifyViewer(deps, request, context);
    return viewer ? await mintPageSession(deps, viewer) : null;
  } catch (error) {
    if (!(error instanceof EndpointError)) deps.report(error, { code: ENDPOINT_CODES.internal });
    return null;
  }
}

/**
 * What `viewer()` gave instead of a viewer, for its report: the type, or an object's `id` type or
 * its first keys (never their values, which may be personal data).
 */
function describeViewer(viewer: NonNullable<unknown>): string {
  if (typeof viewer !== 'object') return `a ${typeof viewer}`;
  if (!('id' in viewer)) {
    const keys = Object.keys(viewer);
    const named = keys.slice(0, 5).join(', ') + (keys.length > 5 ? ', ...' : '');
    return keys.length === 0 ? 'an object without keys' : `an object without id (its keys: ${named})`;
  }
  const id = viewer.id;
  return `an object whose id is ${id === null || id === undefined ? String(id) : `a ${typeof id}`}`;
}

/** The viewer `viewer()` names, `null` for none; anything else is `viewer-failed`. */
async function identifyViewer<V extends Viewer>(deps: EndpointDeps<V>, request: Request, context: RequestContext): Promise<V | null> {
  let viewer: unknown;
  try {
    viewer = await deps.viewer(request, context);
  } catch (error) {
    deps.report(error, { code: ENDPOINT_CODES.viewerFailed });
    throw new EndpointError(ENDPOINT_CODES.viewerFailed, 'identifying the viewer failed; see the server log');
  }
  if (viewer === null || viewer === undefined) return null;
  const id = (viewer as { id?: unknown }).id;
  if (typeof id !== 'string') {
    deps.report(new TypeError(`viewer() must resolve to null or an object with a string id; it gave ${describeViewer(viewer)}`), { code: ENDPOINT_CODES.viewerFailed });
    throw new EndpointError(ENDPOINT_CODES.viewerFailed, 'identifying the viewer failed; see the server log');
  }
  refuseMalformedId(deps, id);
  return viewer as V;
}

/**
 * Refuses an id the ledger cannot key by (viewer-id.ts) before anything reaches the store: reported
 * with the id escaped (a log line gets no control character), answered without it.
 */
function refuseMalformedId(deps: Pick<EndpointDeps, 'report'>, id: string): void {
  const problem = viewerIdProblem(id);
  if (problem === null) return;
  const escaped = JSON.stringify(id.slice(0, 64)) + (id.length > 64 ? '...' : '');
  deps.report(new TypeError(`viewer() gave the id ${escaped}, which cannot key a ledger: ${problem}`), { code: ENDPOINT_CODES.invalidViewerId });
  throw new EndpointError(
    ENDPOINT_CODES.invalidViewerId,
    `the viewer's id cannot key a ledger (${problem}): a viewer id must be 1 to ${MAX_VIEWER_ID_LENGTH} UTF-16 code units of well-formed text without control characters; nothing was recorded`,
  );
}
