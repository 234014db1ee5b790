import type { IncomingMessage } from 'node:http';
import type { EndpointErrorCode } from './errors.js';
import type { OpenTelemetryMeter } from './metrics/open-telemetry.js';
import type { SessionStore } from './stores/session-store.js';

/** A viewer as the customer's own auth knows them: `id` keys their ledger; the rest is theirs. */
export interface Viewer {
  /** Stable id of the viewer (a user id): every id minted for them is recorded under it. */
  id: string;
}

/** What `viewer` gets besides the `Request`. */
export interface RequestContext {
  /**
   * The `node:http` request (Express's `req`) when the request came through the `node` adapter, so a
   * `viewer` can read what the app's own middleware set on it (`req.user`, `req.session`).
   */
  nodeRequest?: IncomingMessage;
}

/** What went wrong where, for {@link SessionEndpointOptions.onError}. */
export interface EndpointErrorReport {
  /** The code of the answer (or of `logoutViewer`'s `failed` entry). */
  code: EndpointErrorCode;
  /** The viewer concerned, when known. */
  viewerId?: string;
  /** The session id concerned, when known. */
  sessionId?: string;
}

/** One revocation the endpoint made, for {@link SessionEndpointOptions.onRevoke}. */
export interface RevocationReport {
  /** The viewer whose ledger holds the id. */
  viewerId: string;
  /** The id `revoke` was called with. */
  sessionId: string;
  /**
   * What asked for it: a `sign-out` (`POST <path>/logout`, `logoutViewer`), a `revoke` (`DELETE
   * <path>/<id>`), the `sweep` (`revokePending`), a `refused-mint` (minted across a sign-out) or an
   * `unrecorded-mint` (the store failed after the mint).
   */
  by: 'sign-out' | 'revoke' | 'sweep' | 'refused-mint' | 'unrecorded-mint';
  /** `revoked` by the service, or `failed` (the id stays pending; the failure itself goes to `onError`). */
  outcome: 'revoked' | 'failed';
  /**
   * True when an earlier call had already claimed this id for revocation (a retry after a failure,
   * a lost answer or a lease that lapsed): the service may be asked more than once for one id, which
   * is harmless when its revocation is idempotent. Count these to watch retries.
   */
  retry: boolean;
}

/** Limits of {@link SessionEndpointOptions}; every one has a safe default. */
export interface EndpointLimits {
  /** Mints per viewer in any `mintWindowMs`; past it `429` with `Retry-After`. Default 30. */
  mintsPerWindow?: number;
  /** The mint limit's window, ms. Default 60000. */
  mintWindowMs?: number;
  /** Largest request body accepted, bytes; past it `413`. Default 1024. */
  bodyBytes?: number;
  /**
   * How long a request's body may take to arrive once its head passed the checks, ms; past it `408`
   * (the endpoint's requests carry none). Default 5000.
   */
  bodyTimeoutMs?: number;
  /**
   * How long a claim for revocation holds an id before the sweep may take it over (the claimant
   * failed, stopped, or lost the store's answer), ms. Longer than your `revoke` takes. Default 60000.
   */
  revocationLeaseMs?: number;
  /**
   * How long a session lives once its id was redeemed, ms. Default 24 h. An id stays in the ledger
   * for `redemptionWindowMs + sessionLifetimeMs` from its recording, on the store's clock.
   */
  sessionLifetimeMs?: number;
  /** How long after its mint an id may still be redeemed at the service, ms. Default 5 minutes. */
  redemptionWindowMs?: number;
  /**
   * Sign-outs and `DELETE`s per viewer in any `revocationWindowMs`, counted together on each server
   * instance; past it `429 revocation-limit` with `Retry-After`, and nothing is claimed or revoked.
   * Default 60: a person signing out and closing embeds never meets it; a script does.
   */
  revocationsPerWindow?: number;
  /** The window of `revocationsPerWindow`, ms. Default 60000. */
  revocationWindowMs?: number;
  /**
   * How long one `revoke` call may take, ms: past it, the `signal` given to `revoke` aborts and the
   * call counts as failed (retried with backoff). It also bounds how long a sign-out waits before it
   * answers: ids still being revoked then are answered `pending` (`reason: 'sign-out-in-progress'`).
   * Keep it below `revocationLeaseMs`, and below 10 s (the browser waits that long for a sign-out's
   * answer). Default 5000.
   */
  revokeTimeoutMs?: number;
  /**
   * Most `revoke` calls in flight at once on one server instance, all viewers together (each
   * sign-out and each viewer of the sweep runs at most 4 of them), so one viewer's ledger cannot
   * starve everyone else's sign-out. Default 32.
   */
  revokeConcurrency?: number;
  /**
   * The backoff after an id's first failed revocation, ms; it doubles with each failure (with
   * jitter) up to `revokeRetryMaxMs`. A failed id is left to the sweep and later sign-outs until
   * then. Default 5000.
   */
  revokeRetryMs?: number;
  /** The longest backoff of a failed revocation, ms. Default 300000 (5 minutes). */
  revokeRetryMaxMs?: number;
}

/** What `revoke` gets besides the id. */
export interface RevokeContext {
  /** Aborts once the call has taken `limits.revokeTimeoutMs`: pass it to `fetch` so a stalled service holds nothing. */
  signal: AbortSignal;
}

/**
 * Options of `createSessionEndpoint`.
 * @example
 * createSessionEndpoint({
 *   path: '/api/embed-session',
 *   allowedOrigins: ['https://app.example'],
 *   viewer: async (request) => (await auth(request))?.user ?? null,
 *   mint: (viewer) => platform.generateEmbedSessionId({ deploymentId: 7, externalId: viewer.id }),
 *   revoke: (sessionId, { signal }) => revokeAtService(sessionId, signal), // your service contract's revocation call
 * });
 */
export interface SessionEndpointOptions<V extends Viewer = Viewer> {
  /** Where the endpoint is mounted: `POST <path>`, `DELETE <path>/<id>`, `POST <path>/logout`. */
  path: string;
  /** Origins whose pages may call it (`https://app.example`); any other `Origin`, or `Sec-Fetch-Site: cross-site`, answers 403. */
  allowedOrigins: readonly string[];
  /**
   * Who is asking, from the customer's own auth (cookie, header; through the `node` adapter also
   * `context.nodeRequest`); `null` answers 401. A throw, or a value without a non-empty string `id`,
   * answers 500 `viewer-failed`.
   */
  viewer(request: Request, context: RequestContext): V | null | Promise<V | null>;
  /** Mints one session id for `viewer` at the service (with the API key, on the server). A throw, or no non-empty string, answers 502 `mint-failed`. */
  mint(viewer: V): string | Promise<string>;
  /**
   * Revokes one session id at the service; a throw (or a rejected promise) is a failed revocation,
   * retried later with backoff. It may be called more than once for one id (a retry after a lost
   * answer): an id the service already revoked must resolve, not throw (the emulator answers 204
   * again). `context.signal` aborts after `limits.revokeTimeoutMs`: pass it to `fetch`.
   */
  revoke(sessionId: string, context: RevokeContext): unknown;
  /** The viewers' ledgers. Default: in memory, for one process only. */
  store?: SessionStore;
  /** Limits; see {@link EndpointLimits}. */
  limits?: EndpointLimits;
  /**
   * A request with neither `Origin` nor `Sec-Fetch-Site` comes from no browser (browsers send
   * `Origin` on every POST and DELETE): a server-side caller, a script, a test. It cannot carry a
   * viewer's cookies without having them, so the default is `'allow'` (its `viewer()` still decides);
   * `'refuse'` answers it 403 `forbidden-origin`.
   */
  requestsWithoutOrigin?: 'allow' | 'refuse';
  /**
   * Told of every failure with its underlying error (a rejected `mint`, `revoke` or store call, a
   * throwing `viewer`), for the server's log: the answers themselves carry only the endpoint's own
   * messages. The error may hold secrets (a service's response body): log it where secrets may go.
   * Default: `console.error('svc-embed session endpoint:', report, error)`, the server's standard
   * error (`null` means the same). Give `() => {}` to report nothing.
   */
  onError?(error: unknown, report: EndpointErrorReport): void;
  /**
   * Told of every call of `revoke` the endpoint makes, with its outcome and whether it was a retry:
   * for metrics (revocations per id, retries). Default: nothing is reported.
   */
  onRevoke?(report: RevocationReport): void;
  /**
   * Where the endpoint's OpenTelemetry metrics go (the README's "Operating it" lists them): a `Meter`
   * of `@opentelemetry/api`, such as `metrics.getMeter('my-app')`. Default: when `@opentelemetry/api`
   * is installed, a meter of the app's global meter provider (register it before creating the
   * endpoint; until an app registers one, the meter is a no-op); otherwise none. `endpoint.status()`
   * gives the same figures either way.
   */
  meter?: OpenTelemetryMeter;
  /**
   * The key of the viewer tag, a secret of at least 16 characters, the same on every instance of
   * your backend (from its configuration, like a cookie secret). Each mint and sign-out answer
   * carries `viewer`, an HMAC-SHA-256 of the viewer's `id` under this key (never the id): the browser
   * compares tags to notice that another user signed in between mints, and reports the previous
   * user's ids it could not revoke. Default: a key made from `path` and `allowedOrigins`, the same on
   * every instance but not secret, so a page script that guesses a viewer's id can check it against
   * the tag; set a secret to rule that out.
   */
  viewerTagKey?: string;
  /** Clock, epoch ms. Default `Date.now`. */
  now?: () => number;
}
