import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from '../endpoint-options.js';
import { errorResponse } from './responses.js';
import { matchRoute, ROUTE_METHODS } from './routes.js';

/**
 * A `node:http` request handler that is also Express middleware: `(req, res, next?)`. With `next`,
 * a request outside the endpoint's path goes on to the next handler, and a failure to `next(error)`.
 */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => Promise<void>;

/** What the node adapter needs of the endpoint. */
export interface NodeAdapterParts {
  /** The endpoint's path. */
  path: string;
  /** The body limit, bytes: the adapter reads one byte more at most, so the handler can answer 413. */
  bodyBytes: number;
  /** The Fetch API handler, with the request's context. */
  handle(request: Request, context: RequestContext): Promise<Response>;
}

/**
 * Adapts the Fetch API handler to `node:http` and Express: reads the body (never past the limit),
 * builds a `Request`, writes the `Response`. Under Express the path is read from `req.originalUrl`,
 * so the endpoint works with `app.use(endpoint.node)` and `app.use('/api/embed-session', endpoint.node)`
 * alike. A body an earlier body parser consumed is taken as empty (that parser's limit applies).
 */
export function createNodeHandler(parts: NodeAdapterParts): NodeHandler {
  return async (req, res, next) => {
    try {
      const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
      if (next && matchRoute(new URL(target, 'http://localhost').pathname, parts.path).kind === 'outside') return next();
      const body = await readBody(req, parts.bodyBytes);
      const request = toRequest(req, target, body);
      const response = request ? await parts.handle(request, { nodeRequest: req }) : unsupportedMethod(req.method ?? '', target, parts.path);
      if (body && body.byteLength > parts.bodyBytes) res.setHeader('Connection', 'close');
      await writeResponse(res, response);
    } catch (error) {
      if (next) return next(error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    }
  };
}

/** The request's body, up to `limit + 1` bytes (the rest is dropped), or `null` for none. */
function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.readableEnded) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (body: Uint8Array<ArrayBuffer> | null) => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size > limit) finish(new Uint8Array(Buffer.concat(chunks).subarray(0, limit + 1)));
    };
    const onEnd = () => finish(size > 0 ? new Uint8Array(Buffer.concat(chunks)) : null);
    const onError = (error: Error) => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      reject(error);
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** The `Request` of a node request, or `null` for a method the Fetch API refuses (`CONNECT`, `TRACE`). */
function toRequest(req: IncomingMessage, target: string, body: Uint8Array<ArrayBuffer> | null): Request | null {
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const host = req.headers.host && URL.canParse(`${scheme}://${req.headers.host}`) ? req.headers.host : 'localhost';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  try {
    return new Request(new URL(target, `${scheme}://${host}`), { method: req.method ?? 'GET', headers, body });
  } catch {
    return null;
  }
}

/** The answer to a method the Fetch API cannot carry: 405 with the route's methods, or 404 off the routes. */
function unsupportedMethod(method: string, target: string, path: string): Response {
  const route = matchRoute(new URL(target, 'http://localhost').pathname, path);
  if (route.kind === 'outside' || route.kind === 'unknown') return errorResponse('not-found', 'no such route');
  const allowed = ROUTE_METHODS[route.kind].join(', ');
  return errorResponse('method-not-allowed', `${method} is not served here; use ${allowed}`, { Allow: allowed });
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(body);
}
