// The session endpoint's HTTP contract, the one place both halves read it from: `@svc-embed/server`
// builds its answers from it, the host's endpoint client (packages/host/src/endpoint/) parses them
// with it. Its routes below the endpoint's path, its answer codes with their HTTP statuses, and its
// answer shapes. A string literal of a code or a route anywhere else is a code-rules finding
// (scripts/rules/endpoint-literals.mjs). Subpath export `@svc-embed/protocol/session-endpoint`.
// The browser reads the answers with the small parsers below, not zod/mini schemas: schemas of the
// same shapes cost the host's <script> about 70 B gzip more, which its budget does not have.
/**
 * The endpoint's routes below its `path` (no trailing slash): `POST <path>` mints, `DELETE
 * <path>/<id>` revokes one of the viewer's ids, `POST <path>/logout` signs the viewer out.
 */
export const ENDPOINT_ROUTES = {
  mint: { method: 'POST', path: (path: string) => path },
  revoke: { method: 'DELETE', path: revokePath },
  logout: { method: 'POST', path: logoutPath },
} as const;

/** The sign-out route's segment below the endpoint's path: `POST <path>/logout`. */
export const LOGOUT_SEGMENT = 'logout';

/** The revoke route's path of `sessionId`: `<path>/<id>`, the id percent-encoded. */
export function revokePath(path: string, sessionId: string): string {
  return `${path}/${encodeURIComponent(sessionId)}`;
}

/** The sign-out route's path: `<path>/logout`. */
export function logoutPath(path: string): string {
  return `${path}/${LOGOUT_SEGMENT}`;
}

/** 403 `forbidden-origin`, which the browser reads (a constant of its own, so a bundle that needs only it leaves {@link ENDPOINT_CODES} out). */
export const FORBIDDEN_ORIGIN = 'forbidden-origin';
/** 404 `unknown-session`, which the browser reads (see {@link FORBIDDEN_ORIGIN}). */
export const UNKNOWN_SESSION = 'unknown-session';

/**
 * The codes of the endpoint's JSON error answers (`{ error: { code, message } }`). Changing a code
 * is a breaking change; messages may change. Each code's status is in {@link ENDPOINT_STATUS}.
 */
export const ENDPOINT_CODES = {
  /** 403: the request's `Origin` is not in `allowedOrigins`, it is `Sec-Fetch-Site: cross-site`, or it has no origin and such requests are refused. */
  forbiddenOrigin: FORBIDDEN_ORIGIN,
  /** 401: `viewer(request)` answered `null`. */
  unauthenticated: 'unauthenticated',
  /** 429: the viewer minted `limits.mintsPerWindow` ids in the window; `Retry-After` says when to try again. */
  mintLimit: 'mint-limit',
  /**
   * 429: the viewer made `limits.revocationsPerWindow` sign-outs and `DELETE`s in the window (counted
   * per server instance); nothing was claimed or revoked. `Retry-After` says when to try again.
   */
  revocationLimit: 'revocation-limit',
  /** 502: `mint(viewer)` rejected or gave no id; nothing was recorded or handed out. */
  mintFailed: 'mint-failed',
  /** 503: the store could not record, claim or count; after a mint the new id was revoked at once (or, failing that, is retried by this instance's sweep) and not handed out. */
  storeUnavailable: 'store-unavailable',
  /** 502: `revoke(sessionId)` rejected; the id stays in the viewer's ledger, pending, and the next sign-out or the sweep tries again. */
  revokeFailed: 'revoke-failed',
  /** 409: the viewer signed out while this id was being minted; it was revoked (or is pending revocation) and not handed out. */
  signedOut: 'signed-out',
  /** 404: the id is not in this viewer's ledger (another viewer's, unknown, expired or already revoked); the service was not called. */
  unknownSession: UNKNOWN_SESSION,
  /** 404: no route of the endpoint has this path. */
  notFound: 'not-found',
  /** 405: the route exists but not with this method; `Allow` lists the methods it has. */
  methodNotAllowed: 'method-not-allowed',
  /** 413: the request's body is larger than `limits.bodyBytes`. */
  bodyTooLarge: 'body-too-large',
  /** 408: the request's body did not arrive within `limits.bodyTimeoutMs`. */
  bodyTimeout: 'body-timeout',
  /** 500: `viewer(request)` threw, or gave something other than `null` or an object with a string `id`. */
  viewerFailed: 'viewer-failed',
  /**
   * 500: `viewer(request)` gave an `id` the ledger cannot key by: empty, longer than 256 UTF-16 code
   * units, holding a control character or a lone surrogate (not well-formed UTF-16). Nothing was
   * written to the store.
   */
  invalidViewerId: 'invalid-viewer-id',
  /** 400: the request's `Host` header is not a host with an optional port (it holds userinfo, a path, spaces). */
  invalidHost: 'invalid-host',
  /** 500: anything else that went wrong inside the endpoint. */
  internal: 'internal',
} as const;

/** One of the values of {@link ENDPOINT_CODES}: the `error.code` of an error answer. */
export type EndpointAnswerCode = (typeof ENDPOINT_CODES)[keyof typeof ENDPOINT_CODES];

/** The HTTP status of each answer code. */
export const ENDPOINT_STATUS: Record<EndpointAnswerCode, number> = {
  'forbidden-origin': 403,
  unauthenticated: 401,
  'mint-limit': 429,
  'revocation-limit': 429,
  'mint-failed': 502,
  'store-unavailable': 503,
  'revoke-failed': 502,
  'unknown-session': 404,
  'not-found': 404,
  'method-not-allowed': 405,
  'body-too-large': 413,
  'body-timeout': 408,
  'signed-out': 409,
  'viewer-failed': 500,
  'invalid-viewer-id': 500,
  'invalid-host': 400,
  internal: 500,
};

/** The answer to a mint, 200: `{ "sessionId": "...", "viewer": "..." }`. */
export interface MintAnswer {
  sessionId: string;
  /**
   * The viewer tag: an opaque keyed hash of the viewer's id (never the id), the same for one viewer
   * on every instance of the backend. The browser compares tags to notice that another viewer signed
   * in between mints; it reads nothing else from it. Optional: a backend that sends none is trusted
   * to serve one viewer.
   */
  viewer?: string;
}

/** An error answer (any non-2xx status but 204): `{ "error": { "code": "...", "message": "..." } }`. */
export interface ErrorAnswer {
  error: { code: EndpointAnswerCode; message: string };
}

type Body = Record<string, unknown> | null | undefined;

/**
 * The id of the `<script type="application/json">` element that carries the first id a server
 * minted while it rendered the page: `pageSessionScript` (`@svc-embed/server`) renders it,
 * `sessionFromPage()` (`@svc-embed/host`) reads it.
 */
export const PAGE_SESSION_ELEMENT_ID = 'svc-embed-session';

/**
 * What that element holds: a {@link MintAnswer}, and when the id was minted and stops being
 * redeemable at the service (epoch ms, the server's clock: 5 minutes after its mint by default).
 */
export interface PageSessionAnswer extends MintAnswer {
  mintedAt: number;
  expiresAt: number;
}

/** The `sessionId` of a mint answer ({@link MintAnswer}); the caller checks that it is a string. */
export const sessionIdOf = (body: unknown): unknown => (body as Body)?.sessionId;

/** The viewer tag of a mint or logout answer ({@link MintAnswer}, {@link LogoutAnswer}) when it is a string, else undefined. */
export function viewerTagOf(body: unknown): string | undefined {
  const viewer = (body as Body)?.viewer;
  return typeof viewer === 'string' ? viewer : undefined;
}

/** The `error.code` of an error answer ({@link ErrorAnswer}), whatever it is (its `message` is for people; a custom backend may leave it out). */
export const errorCodeOf = (body: unknown): unknown => ((body as Body)?.error as Body)?.code;

/** `value` when it is a string, else undefined. */
const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The `error.message` of an error answer ({@link ErrorAnswer}) when it is a string, else undefined (a custom backend may leave it out). */
export const errorMessageOf = (body: unknown): string | undefined => stringOr(((body as Body)?.error as Body)?.message);

/**
 * The logout answer in a body: its three lists (their entries are the endpoint's, not checked one by
 * one), `complete` true only when it is `true`, `reason` and `ledgerSince` when they are strings
 * (a `reason` this version does not know is kept: `complete` is false with it); undefined when a
 * list is missing.
 */
export function logoutAnswerOf(body: unknown): LogoutAnswer | undefined {
  const { revoked, failed, pending, complete, reason, ledgerSince } = (body ?? {}) as Record<string, unknown>;
  if (!Array.isArray(revoked) || !Array.isArray(failed) || !Array.isArray(pending)) return undefined;
  const why = stringOr(reason) as LogoutReason | undefined;
  return { revoked, failed, pending, complete: complete === true && !why, viewer: viewerTagOf(body), reason: why, ledgerSince: stringOr(ledgerSince) };
}

/**
 * Why a logout answer is not `complete` (its `reason`), when the endpoint knows (a custom backend
 * may leave it out). Adding a value is not a breaking change: read an unknown one as "pending".
 */
export const LOGOUT_REASONS = {
  /**
   * Ids of the viewer are being revoked by another call (another sign-out, a `DELETE`, the sweep,
   * here or on another instance), their retry after a failure is not due yet, or the service did not
   * answer within the endpoint's deadline: they stay pending, and the call that holds them (or the
   * sweep) finishes the work. Nothing was asked of the service twice.
   */
  signOutInProgress: 'sign-out-in-progress',
  /** The service failed to revoke ids (listed in `failed`); they stay pending and are retried with backoff. */
  revokeFailed: 'revoke-failed',
  /** The store could not be told what was revoked; `pending` lists what this call knows failed, and the sweep finishes once the store is back. */
  storeUnavailable: 'store-unavailable',
  /**
   * The endpoint's store has not held its ledger for as long as an id can stay live (a new or
   * restarted memory store, a flushed or new Redis): ids minted before `ledgerSince` may be live and
   * unknown to it.
   */
  ledgerIncomplete: 'ledger-incomplete',
} as const;

/** One of the values of {@link LOGOUT_REASONS}. */
export type LogoutReason = (typeof LOGOUT_REASONS)[keyof typeof LOGOUT_REASONS];

/**
 * The answer of a viewer's sign-out (`POST <path>/logout`, the server's `logoutViewer`), 200: what
 * it revoked, what failed, and what still waits.
 * @example
 * { "revoked": ["ses_1", "ses_2"], "failed": [{ "sessionId": "ses_3", "error": "..." }], "pending": ["ses_3"], "complete": false }
 * @example
 * { "revoked": [], "failed": [], "pending": [], "complete": false, "reason": "ledger-incomplete", "ledgerSince": "2026-11-27T13:02:00.000Z" }
 */
export interface LogoutAnswer {
  /** Ids this sign-out revoked at the service: from every tab, page load and device of the viewer. */
  revoked: string[];
  /** Ids whose revocation failed this time, each with the endpoint's sentence; each stays in the ledger, pending. */
  failed: { sessionId: string; error: string }[];
  /**
   * Every id of the viewer still waiting for revocation after this sign-out: the failed ones, and
   * any another call is revoking at this moment. The next sign-out and the sweep retry them.
   */
  pending: string[];
  /**
   * True when the store confirmed that nothing of the viewer waits for revocation and its ledger is
   * whole: every id minted for them before this sign-out is revoked. False while anything is
   * pending, when the store could not be asked after revoking (then `pending` lists what this call
   * knows failed), or when the ledger may miss ids (then `reason` says so).
   */
  complete: boolean;
  /** Why it is not `complete` (absent when it is): one of {@link LOGOUT_REASONS}. */
  reason?: LogoutReason;
  /** With `reason`: since when the store's ledger is whole, ISO 8601 on the store's clock; ids minted before it may still be live. */
  ledgerSince?: string;
  /** The viewer tag of the viewer signed out, as in {@link MintAnswer}: ids of this page minted for another viewer are not theirs. */
  viewer?: string;
}
