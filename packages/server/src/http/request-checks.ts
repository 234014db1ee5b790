/**
 * The checks a request passes before a byte of its body is read, from its method, path and headers
 * alone, cheapest first: dot segments in the raw path, the route (404), the method (405 with
 * `Allow`), the origin (403), the declared `Content-Length` (413). The Fetch handler and the node
 * adapter both run them: the node adapter on the raw request-target, before it reads the body.
 */
import { ENDPOINT_CODES, ENDPOINT_ROUTES } from '@svc-embed/protocol/session-endpoint';
import type { ResolvedOptions } from '../resolve-options.js';
import { checkOrigin } from './origin-check.js';
import { bodyTooLargeResponse, errorResponse, noRouteResponse, notFoundResponse } from './responses.js';
import { matchRoute, ROUTE_METHODS, type Route } from './routes.js';

/** A request's route, once it is known to be one of the endpoint's with an allowed method. */
export type ServedRoute = Exclude<Route, { kind: 'unknown' | 'outside' }>;

/** What the checks read of a request. */
export interface RequestHead {
  method: string;
  /**
   * The path as the client sent it: the node adapter's raw request-target (without its query), or
   * a Fetch `Request`'s `URL.pathname` (where the URL parser has already resolved dot segments).
   */
  rawPath: string;
  /** The path as the URL parser reads it (percent-encoded, dot segments resolved): `pathnameOf(rawPath)`. */
  pathname: string;
  header(name: string): string | null;
}

/** `outside` the endpoint's path (another handler's), `refused` with its answer, or `served` by a route. */
type HeadVerdict = { kind: 'outside' } | { kind: 'refused'; response: Response } | { kind: 'served'; route: ServedRoute };

/** The options the checks read. */
export type HeadCheckOptions = Pick<ResolvedOptions, 'path' | 'allowedOrigins' | 'requestsWithoutOrigin'> & { limits: Pick<ResolvedOptions['limits'], 'bodyBytes'> };

/** Runs the checks, in order. */
export function checkHead(head: RequestHead, options: HeadCheckOptions): HeadVerdict {
  const route = matchRoute(head.pathname, options.path);
  if (route.kind === 'outside') return { kind: 'outside' };
  if (hasDotSegmentsOrBackslash(head.rawPath)) {
    return refused(notFoundResponse(`paths with dot segments or backslashes are not served; ask for ${options.path}, ${options.path}/<id> or ${ENDPOINT_ROUTES.logout.path(options.path)} itself`));
  }
  if (route.kind === 'unknown') return refused(noRouteResponse(options.path));
  const allowed: readonly string[] = ROUTE_METHODS[route.kind];
  if (!allowed.includes(head.method)) {
    return refused(errorResponse(ENDPOINT_CODES.methodNotAllowed, `${head.method} is not served here; use ${allowed.join(' or ')}`, { Allow: allowed.join(', ') }));
  }
  const origin = checkOrigin(head.header, options);
  if (origin) return refused(errorResponse(ENDPOINT_CODES.forbiddenOrigin, origin.message));
  if (Number(head.header('content-length') ?? 0) > options.limits.bodyBytes) return refused(bodyTooLargeResponse(options.limits.bodyBytes));
  return { kind: 'served', route };
}

const refused = (response: Response): HeadVerdict => ({ kind: 'refused', response });

/**
 * The percent-encoded pathname of a request-target: an origin-form target (`/a/b?q`) is read as a
 * path only (`//evil/a` stays a path, never a host), an absolute-form one as the URL it is.
 */
export function pathnameOf(rawPath: string): string {
  return new URL(rawPath.startsWith('/') ? `http://localhost${rawPath}` : rawPath, 'http://localhost').pathname;
}

/**
 * Whether a raw path holds a `.` or `..` segment (also percent-encoded, `%2e`) or a backslash: the
 * URL parser would resolve them, so a proxy that filters on the raw path would see another path
 * than the route that serves it.
 */
function hasDotSegmentsOrBackslash(rawPath: string): boolean {
  if (rawPath.includes('\\')) return true;
  if (!rawPath.includes('.') && !rawPath.includes('%')) return false;
  return rawPath.split('/').some((segment) => {
    const plain = segment.replace(/%2e/gi, '.');
    return plain === '.' || plain === '..';
  });
}
