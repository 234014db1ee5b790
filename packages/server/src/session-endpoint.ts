import type { RequestContext, SessionEndpointOptions, Viewer } from './endpoint-options.js';
import { EndpointError } from './errors.js';
import { createNodeHandler, type NodeHandler } from './http/node-adapter.js';
import { handleRequest } from './http/request-handler.js';
import { resolveOptions } from './resolve-options.js';
import { logoutViewer, type LogoutAnswer } from './ledger/revocation.js';
import type { SessionStore } from './stores/session-store.js';

/** What `createSessionEndpoint` returns: one endpoint, three ways in. Every function may be passed unbound. */
export interface SessionEndpoint {
  /**
   * The Fetch API handler: Next.js route handlers, Hono (`endpoint.fetch(c.req.raw)`), Bun, Deno,
   * Cloudflare-style workers. Requests outside `path` answer 404.
   */
  fetch(request: Request): Promise<Response>;
  /**
   * The `node:http` handler and Express middleware (`app.use(endpoint.node)`): a request outside
   * `path` goes to `next()` when there is one (404 otherwise).
   */
  node: NodeHandler;
  /**
   * Revokes every id in the viewer's ledger, as `POST <path>/logout` does, from the customer's own
   * sign-out code (no tab needs to be open). Resolves with what was revoked and what failed.
   * @throws {EndpointError} `store-unavailable` when the store could not be read (nothing revoked)
   */
  logoutViewer(viewerId: string): Promise<LogoutAnswer>;
  /** The path it serves, without a trailing slash. */
  readonly path: string;
  /** The store that holds the ledgers (the memory store unless `store` was given). */
  readonly store: SessionStore;
}

/**
 * Creates the session endpoint for the customer's backend: `POST <path>` mints an id for the signed-in
 * viewer and records it in their ledger before answering `{ sessionId }`; `DELETE <path>/<id>`
 * revokes one of the viewer's own ids (any other answers 404); `POST <path>/logout` revokes every id
 * of the viewer, from every tab, page load, device and server instance sharing the store. The
 * browser side is `createEmbed({ sessionEndpoint })` or `<svc-embed session-endpoint>`.
 * @throws {EndpointError} `invalid-options`, naming the option and what to write
 * @example
 * const endpoint = createSessionEndpoint({
 *   path: '/api/embed-session',
 *   allowedOrigins: ['https://app.example'],
 *   viewer: (request, { nodeRequest }) => currentUser(nodeRequest),
 *   mint: (viewer) => client.generateEmbedSessionId({ deploymentId: 42, externalId: viewer.id }),
 *   revoke: (sessionId) => revokeAtService(sessionId),
 * });
 * app.use(endpoint.node);
 */
export function createSessionEndpoint<V extends Viewer = Viewer>(options: SessionEndpointOptions<V>): SessionEndpoint {
  const resolved = resolveOptions(options);
  const handle = (request: Request, context: RequestContext = {}) => handleRequest(resolved, request, context);
  return {
    fetch: (request) => handle(request),
    node: createNodeHandler({ checks: resolved, bodyTimeoutMs: resolved.limits.bodyTimeoutMs, handle }),
    logoutViewer: (viewerId) => {
      if (typeof viewerId !== 'string' || viewerId.length === 0) {
        return Promise.reject(new EndpointError('invalid-options', 'logoutViewer needs the viewer\'s id, the `id` your viewer() gives'));
      }
      return logoutViewer(resolved, viewerId);
    },
    path: resolved.path,
    store: resolved.store,
  };
}
