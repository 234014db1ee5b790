import type { SessionStore } from './store.js';

/** A viewer as the customer's own auth knows them: `id` keys their ledger; the rest is theirs. */
export interface Viewer {
  /** Stable id of the viewer (a user id): every id minted for them is recorded under it. */
  id: string;
}

/** Limits of {@link SessionEndpointOptions}; every one has a safe default. */
export interface EndpointLimits {
  /** Mints per viewer in any `mintWindowMs`; past it `429` with `Retry-After`. Default 30. */
  mintsPerWindow?: number;
  /** The mint limit's window, ms. Default 60000. */
  mintWindowMs?: number;
  /** Largest request body accepted, bytes; past it `413`. Default 1024. */
  bodyBytes?: number;
  /** How long an id stays in the ledger after it was minted (the session's lifetime), ms. Default 24 h. */
  sessionLifetimeMs?: number;
}

/**
 * Options of `createSessionEndpoint`.
 * @example
 * createSessionEndpoint({
 *   path: '/api/embed-session',
 *   allowedOrigins: ['https://app.example'],
 *   viewer: async (request) => (await auth(request))?.user ?? null,
 *   mint: (viewer) => platform.generateEmbedSessionId({ deploymentId: 7, externalId: viewer.id }),
 *   revoke: (sessionId) => platform.revokeEmbedSessionId(sessionId),
 * });
 */
export interface SessionEndpointOptions<V extends Viewer = Viewer> {
  /** Where the endpoint is mounted: `POST <path>`, `DELETE <path>/<id>`, `POST <path>/logout`. */
  path: string;
  /** Origins whose pages may call it (`https://app.example`); any other `Origin`, or `Sec-Fetch-Site: cross-site`, answers 403. */
  allowedOrigins: readonly string[];
  /** Who is asking, from the customer's own auth (cookie, header); `null` answers 401. */
  viewer(request: Request): V | null | Promise<V | null>;
  /** Mints one session id for `viewer` at the service (with the API key, on the server). */
  mint(viewer: V): string | Promise<string>;
  /** Revokes one session id at the service. */
  revoke(sessionId: string): unknown;
  /** The viewers' ledgers. Default: in memory, for one process only. */
  store?: SessionStore;
  /** Limits; see {@link EndpointLimits}. */
  limits?: EndpointLimits;
  /** Clock, epoch ms. Default `Date.now`. */
  now?: () => number;
}
