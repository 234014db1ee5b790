import { ENDPOINT_ROUTES, LOGOUT_SEGMENT } from '@svc-embed/protocol/session-endpoint';

/** The routes of the endpoint below its `path`, as a request's path names them. */
export type Route =
  /** `<path>`: `POST` mints. */
  | { kind: 'mint' }
  /** `<path>/logout`: `POST` revokes every id of the viewer. */
  | { kind: 'logout' }
  /** `<path>/<id>`: `DELETE` revokes that id if it is the viewer's. */
  | { kind: 'revoke'; sessionId: string }
  /** Below `<path>` but no route of the endpoint (`<path>/a/b`, a malformed id). */
  | { kind: 'unknown' }
  /** Not below `<path>` at all: another handler's request (Express's `next()`). */
  | { kind: 'outside' };

/** The methods of each route, for matching and for `Allow`. */
export const ROUTE_METHODS = { mint: [ENDPOINT_ROUTES.mint.method], logout: [ENDPOINT_ROUTES.logout.method], revoke: [ENDPOINT_ROUTES.revoke.method] } as const;

/** Longest session id the revoke route accepts; longer ones are answered 404 unread. */
const MAX_SESSION_ID_LENGTH = 512;

/** The route a request's path (`URL.pathname`, still percent-encoded) names below `path`. */
export function matchRoute(pathname: string, path: string): Route {
  if (pathname === path || pathname === `${path}/`) return { kind: 'mint' };
  if (!pathname.startsWith(`${path}/`)) return { kind: 'outside' };
  const rest = pathname.slice(path.length + 1);
  if (rest === LOGOUT_SEGMENT) return { kind: 'logout' };
  if (rest.includes('/') || rest.length > MAX_SESSION_ID_LENGTH * 3) return { kind: 'unknown' };
  const sessionId = decodeSegment(rest);
  if (sessionId === null || sessionId.length === 0 || sessionId.length > MAX_SESSION_ID_LENGTH) return { kind: 'unknown' };
  return { kind: 'revoke', sessionId };
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
