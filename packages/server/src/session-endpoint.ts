import type { SessionEndpointOptions, Viewer } from './endpoint-options.js';
import { EndpointError } from './errors.js';
import { viewerIdProblem } from './viewer-id.js';
import { createNodeHandler, pageRequestOf, type NodeHandler } from './http/node-adapter.js';
import type { IncomingMessage } from 'node:http';
import { handleRequest, mintForPage, serveChecked } from './http/request-handler.js';
import { ENDPOINT_CODES, type LogoutAnswer, type PageSessionAnswer } from '@svc-embed/protocol/session-endpoint';
import { signOutViewer } from './revocation/sign-out.js';
import { revokePending, type SweepReport } from './revocation/sweep.js';
import { resolveOptions } from './resolve-options.js';
import { createEndpointDeps } from './endpoint-deps.js';
import type { SessionStore } from './stores/session-store.js';
import { endpointStatus, type EndpointStatus } from './metrics/endpoint-figures.js';

/** What `createSessionEndpoint` returns: one endpoint, three ways in, and its sweep. Every function may be passed unbound. */
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
   * Mints the viewer's first id while the page renders, so that the embed has it at once (no request
   * from the browser before the iframe loads): the mint route's process, with the same `viewer()`,
   * mint limit and sign-out moment, recorded in the viewer's ledger before it is handed out (a
   * sign-out revokes it like any other). Give it the page's request: a Fetch API `Request`, or
   * Express's / `node:http`'s `req` (`viewer()` gets it as `{ nodeRequest }` too). Render the result
   * with `pageSessionScript()` and pass `firstSession: sessionFromPage()` to `createEmbed`. Resolves
   * with the id, its viewer tag, when it was minted and when it stops being redeemable
   * (`limits.redemptionWindowMs` later), or with `null` when none was minted (no signed-in viewer,
   * the mint limit, a sign-out meanwhile, a failure of the store or the service, reported through
   * `onError`): the page renders without one and the browser mints through the endpoint. Never rejects.
   * @example
   * app.get('/reports', async (req, res) => res.send(page({ firstId: pageSessionScript(await endpoint.mintForPage(req)) })));
   */
  mintForPage(request: Request | IncomingMessage): Promise<PageSessionAnswer | null>;
  /**
   * Signs the viewer out, as `POST <path>/logout` does, from the customer's own sign-out code (no tab
   * needs to be open): records the sign-out moment (a mint in flight is refused) and revokes every
   * id in the viewer's ledger. Resolves with what was revoked, what failed and what is pending.
   * @throws {EndpointError} `store-unavailable` when the store could not be reached (nothing revoked; call it again);
   *   `invalid-viewer-id` for an id no `viewer()` may give (empty, over 256 UTF-16 code units, a control
   *   character or a lone surrogate)
   */
  logoutViewer(viewerId: string): Promise<LogoutAnswer>;
  /**
   * The sweep: retries every revocation that is due (failed, or claimed by a call that stopped or
   * lost the store's answer), and what this instance could not hand to the store. Run it on a
   * timer, on every instance (leases keep two sweeps off one id).
   * @throws {EndpointError} `store-unavailable` when the store could not be read (run it again later)
   * @example
   * setInterval(() => endpoint.revokePending().catch((error) => console.error('sweep:', error.message)), 60_000).unref();
   */
  revokePending(): Promise<SweepReport>;
  /**
   * The endpoint's figures, the same as its OpenTelemetry metrics (for an app without
   * OpenTelemetry: a health route, a log line): mint requests by outcome, revoke calls, the store's
   * pending backlog and its oldest age, what this instance keeps in memory, its sweeps and their lag.
   * Reads the store's backlog once (`pending` is `null` when the store failed). Never rejects.
   * @example
   * app.get('/internal/embed-status', async (req, res) => res.json(await endpoint.status()));
   */
  status(): Promise<EndpointStatus>;
  /** The path it serves, without a trailing slash. */
  readonly path: string;
  /** The store that holds the ledgers (the memory store unless `store` was given). */
  readonly store: SessionStore;
}

/**
 * Creates the session endpoint for the customer's backend: `POST <path>` mints an id for the signed-in
 * viewer and records it in their ledger before answering `{ sessionId }`; `DELETE <path>/<id>`
 * revokes one of the viewer's own ids (any other answers 404); `POST <path>/logout` signs the viewer
 * out of every id, from every tab, page load, device and server instance sharing the store. The
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
  const deps = createEndpointDeps(resolveOptions(options));
  return {
    fetch: (request) => handleRequest(deps, request, {}),
    node: createNodeHandler({ checks: deps, bodyTimeoutMs: deps.limits.bodyTimeoutMs, serve: (checked) => serveChecked(deps, checked) }),
    mintForPage: (request) => (isFetchRequest(request) ? mintForPage(deps, request, {}) : mintForPage(deps, pageRequestOf(request), { nodeRequest: request })),
    logoutViewer: (viewerId) => {
      if (typeof viewerId !== 'string') {
        return Promise.reject(new EndpointError('invalid-options', 'logoutViewer needs the viewer\'s id, the `id` your viewer() gives'));
      }
      const problem = viewerIdProblem(viewerId);
      if (problem !== null) {
        return Promise.reject(new EndpointError(ENDPOINT_CODES.invalidViewerId, `logoutViewer needs the viewer's id, the \`id\` your viewer() gives, and this one cannot key a ledger: ${problem}`));
      }
      return signOutViewer(deps, viewerId);
    },
    revokePending: () => revokePending(deps),
    status: () => endpointStatus({ figures: deps.metrics, readPending: deps.readPending, unrecorded: () => deps.backlog.size() }),
    path: deps.path,
    store: deps.store,
  };
}

/** A Fetch API `Request` (of any realm: its `headers` has `get`), not a node request (whose `headers` is a plain object). */
function isFetchRequest(request: Request | IncomingMessage): request is Request {
  return typeof (request.headers as { get?: unknown }).get === 'function';
}
