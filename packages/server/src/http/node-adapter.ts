/**
 * The endpoint behind `node:http` and Express: 1. the checks that need no body, on the raw
 * request-target and the headers (request-checks.ts), and the `Host` (400 when malformed), answered before a byte is read; 2. the body,
 * within its limit and deadline (408, 413); 3. a `Request` for the viewer and the route (the Fetch
 * handler's `serveChecked`, with no second round of checks); 4. its `Response` written back. A refusal made before the body was read closes the connection when a body may
 * follow, so an unread body is never drained.
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { declaresBody, readNodeBody } from './node-body.js';
import { checkHead, pathnameOf, type HeadCheckOptions, type RequestHead, type ServedRoute } from './request-checks.js';
import type { CheckedRequest } from './request-handler.js';
import { bodyTimeoutResponse, bodyTooLargeResponse, errorResponse, noRouteResponse } from './responses.js';

/**
 * A `node:http` request handler that is also Express middleware: `(req, res, next?)`. With `next`,
 * a request outside the endpoint's path goes on to the next handler, and a failure to `next(error)`.
 */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => Promise<void>;

/** What the node adapter needs of the endpoint. */
interface NodeAdapterParts {
  /** The options the checks read (path, origins, the body's limit). */
  checks: HeadCheckOptions;
  /** How long the body may take to arrive, ms. */
  bodyTimeoutMs: number;
  /** The viewer and the route, for a request that passed the checks and whose body was read. */
  serve(checked: CheckedRequest): Promise<Response>;
}

/**
 * Adapts the Fetch API handler to `node:http` and Express. Under Express the path is read from
 * `req.originalUrl`, so the endpoint works with `app.use(endpoint.node)` and
 * `app.use('/api/embed-session', endpoint.node)` alike. A body an earlier body parser consumed is
 * taken as empty (that parser's limit applies).
 */
export function createNodeHandler(deps: NodeAdapterParts): NodeHandler {
  return async (req, res, next) => {
    try {
      const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
      const head = nodeHead(req, target);
      const verdict = checkHead(head, deps.checks);
      if (verdict.kind === 'outside') {
        if (next) return next();
        return await writeResponse(res, noRouteResponse(deps.checks.path), { close: declaresBody(req) });
      }
      if (verdict.kind === 'refused') return await writeResponse(res, verdict.response, { close: declaresBody(req) });
      const host = hostOf(req.headers.host);
      if (host === null) return await writeResponse(res, invalidHostResponse(), { close: declaresBody(req) });
      await serveRead(deps, { req, res, target, host, pathname: head.pathname, route: verdict.route });
    } catch (error) {
      if (next) return next(error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    }
  };
}

/** One checked request on its way: the node objects, its target and route. */
interface NodeExchange {
  req: IncomingMessage;
  res: ServerResponse;
  target: string;
  /** The `Host` header, checked (`localhost` when there was none). */
  host: string;
  pathname: string;
  route: ServedRoute;
}

/** The body, then the viewer and the route; a body too large or too slow is answered without it. */
async function serveRead(deps: NodeAdapterParts, exchange: NodeExchange): Promise<void> {
  const { req, res } = exchange;
  const body = await readNodeBody(req, { limitBytes: deps.checks.limits.bodyBytes, timeoutMs: deps.bodyTimeoutMs });
  if (body.kind === 'too-large') return writeResponse(res, bodyTooLargeResponse(deps.checks.limits.bodyBytes), { close: true });
  if (body.kind === 'timed-out') return writeResponse(res, bodyTimeoutResponse(deps.bodyTimeoutMs), { close: true });
  const request = toRequest(exchange, body.bytes);
  return writeResponse(res, await deps.serve({ request, route: exchange.route, context: { nodeRequest: req } }), { close: false });
}

function nodeHead(req: IncomingMessage, target: string): RequestHead {
  const rawPath = target.split(/[?#]/, 1)[0] ?? '/';
  return {
    method: req.method ?? 'GET',
    rawPath,
    pathname: pathnameOf(rawPath),
    header: (name) => {
      const value = req.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/**
 * The `Request` of a page's node request, for `viewer()` (`endpoint.mintForPage(req)`): its headers
 * (cookies), and its URL as far as it is one (`localhost` for a malformed `Host`, `/` for a strange target).
 */
export function pageRequestOf(req: IncomingMessage): Request {
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  const path = target.startsWith('/') && URL.canParse(target, 'http://localhost') ? target : '/';
  const pathname = path.split(/[?#]/, 1)[0] ?? '/';
  return toRequest({ req, target: path, host: hostOf(req.headers.host) ?? 'localhost', pathname }, null);
}

/** The `Request` of a node request whose method and path passed the checks. */
function toRequest(exchange: Pick<NodeExchange, 'req' | 'target' | 'host' | 'pathname'>, body: Uint8Array<ArrayBuffer> | null): Request {
  const { req, target, host } = exchange;
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const queryAt = target.indexOf('?');
  const search = queryAt === -1 ? '' : target.slice(queryAt);
  return new Request(`${scheme}://${host}${exchange.pathname}${search}`, { method: req.method ?? 'GET', headers, body });
}

/**
 * A host and an optional port, as RFC 9110 allows in `Host`: a registered name or IPv4 address, or
 * an IPv6 literal in brackets. No userinfo (`user@`), path, query, spaces or backslashes: each of
 * those would make another URL than the request's, or none (`new Request` refuses credentials).
 */
const HOST_PATTERN = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::\d{1,5})?$/;

/** The request's `Host`, checked: `localhost` when it has none (HTTP/1.0), `null` when it is malformed. */
function hostOf(header: string | undefined): string | null {
  if (header === undefined || header === '') return 'localhost';
  return HOST_PATTERN.test(header) && URL.canParse(`http://${header}`) ? header : null;
}

/** 400 `invalid-host`. */
function invalidHostResponse(): Response {
  return errorResponse(ENDPOINT_CODES.invalidHost, 'the Host header must be a host name with an optional port, such as app.example or app.example:8443 (no user@, path or spaces)');
}

async function writeResponse(res: ServerResponse, response: Response, how: { close: boolean }): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (how.close) res.setHeader('Connection', 'close');
  res.end(body);
}
