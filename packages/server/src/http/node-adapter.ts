/**
 * The Fetch API handler behind `node:http` and Express: 1. the checks that need no body, on the raw
 * request-target and the headers (request-checks.ts), answered before a byte is read; 2. the body,
 * within its limit and deadline (408, 413); 3. a `Request` for the Fetch handler; 4. its `Response`
 * written back. A refusal made before the body was read closes the connection when a body may
 * follow, so an unread body is never drained.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from '../endpoint-options.js';
import { readNodeBody } from './node-body.js';
import { checkHead, pathnameOf, type HeadCheckOptions, type RequestHead } from './request-checks.js';
import { bodyTimeoutResponse, bodyTooLargeResponse, noRouteResponse } from './responses.js';

/**
 * A `node:http` request handler that is also Express middleware: `(req, res, next?)`. With `next`,
 * a request outside the endpoint's path goes on to the next handler, and a failure to `next(error)`.
 */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => Promise<void>;

/** What the node adapter needs of the endpoint. */
export interface NodeAdapterParts {
  /** The options the checks read (path, origins, the body's limit). */
  checks: HeadCheckOptions;
  /** How long the body may take to arrive, ms. */
  bodyTimeoutMs: number;
  /** The Fetch API handler, with the request's context. */
  handle(request: Request, context: RequestContext): Promise<Response>;
}

/**
 * Adapts the Fetch API handler to `node:http` and Express. Under Express the path is read from
 * `req.originalUrl`, so the endpoint works with `app.use(endpoint.node)` and
 * `app.use('/api/embed-session', endpoint.node)` alike. A body an earlier body parser consumed is
 * taken as empty (that parser's limit applies).
 */
export function createNodeHandler(parts: NodeAdapterParts): NodeHandler {
  return async (req, res, next) => {
    try {
      const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
      const verdict = checkHead(nodeHead(req, target), parts.checks);
      if (verdict.kind === 'outside') {
        if (next) return next();
        return await writeResponse(res, noRouteResponse(parts.checks.path), { close: expectsBody(req) });
      }
      if (verdict.kind === 'refused') return await writeResponse(res, verdict.response, { close: expectsBody(req) });
      await serveRead(parts, { req, res, target });
    } catch (error) {
      if (next) return next(error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    }
  };
}

/** The body, then the Fetch handler; a body too large or too slow is answered without it. */
async function serveRead(parts: NodeAdapterParts, exchange: { req: IncomingMessage; res: ServerResponse; target: string }): Promise<void> {
  const { req, res, target } = exchange;
  const body = await readNodeBody(req, { limitBytes: parts.checks.limits.bodyBytes, timeoutMs: parts.bodyTimeoutMs });
  if (body.kind === 'too-large') return writeResponse(res, bodyTooLargeResponse(parts.checks.limits.bodyBytes), { close: true });
  if (body.kind === 'timed-out') return writeResponse(res, bodyTimeoutResponse(parts.bodyTimeoutMs), { close: true });
  return writeResponse(res, await parts.handle(toRequest(req, target, body.bytes), { nodeRequest: req }), { close: false });
}

function nodeHead(req: IncomingMessage, target: string): RequestHead {
  return {
    method: req.method ?? 'GET',
    rawPath: target.split(/[?#]/, 1)[0] ?? '/',
    header: (name) => {
      const value = req.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** The `Request` of a node request whose method and path passed the checks. */
function toRequest(req: IncomingMessage, target: string, body: Uint8Array<ArrayBuffer> | null): Request {
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const host = req.headers.host && URL.canParse(`${scheme}://${req.headers.host}`) ? req.headers.host : 'localhost';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const queryAt = target.indexOf('?');
  const search = queryAt === -1 ? '' : target.slice(queryAt);
  return new Request(`${scheme}://${host}${pathnameOf(target)}${search}`, { method: req.method ?? 'GET', headers, body });
}

/** Whether a body may follow the head: answered without reading it, the connection must then close. */
function expectsBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

async function writeResponse(res: ServerResponse, response: Response, how: { close: boolean }): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (how.close) res.setHeader('Connection', 'close');
  res.end(body);
}
