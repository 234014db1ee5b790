/**
 * Stable codes of {@link EndpointError}, and of the endpoint's JSON error answers
 * (`{ error: { code, message } }`). Changing a code is a breaking change; messages may change.
 */
export const ENDPOINT_ERROR_CODES = {
  /** `createSessionEndpoint` was given options it cannot work with; the message says which and what to write. */
  invalidOptions: 'invalid-options',
  /** 403: the request's `Origin` is not in `allowedOrigins`, it is `Sec-Fetch-Site: cross-site`, or it has no origin and such requests are refused. */
  forbiddenOrigin: 'forbidden-origin',
  /** 401: `viewer(request)` answered `null`. */
  unauthenticated: 'unauthenticated',
  /** 429: the viewer minted `limits.mintsPerWindow` ids in the window; `Retry-After` says when to try again. */
  mintLimit: 'mint-limit',
  /** 502: `mint(viewer)` rejected or gave no id; nothing was recorded or handed out. */
  mintFailed: 'mint-failed',
  /** 503: the store could not record, claim or count; after a mint the new id was revoked at once (or, failing that, is retried by this instance's sweep) and not handed out. */
  storeUnavailable: 'store-unavailable',
  /** 502: `revoke(sessionId)` rejected; the id stays in the viewer's ledger, pending, and the next sign-out or the sweep tries again. */
  revokeFailed: 'revoke-failed',
  /** 409: the viewer signed out while this id was being minted; it was revoked (or is pending revocation) and not handed out. */
  signedOut: 'signed-out',
  /** 404: the id is not in this viewer's ledger (another viewer's, unknown, expired or already revoked); the service was not called. */
  unknownSession: 'unknown-session',
  /** 404: no route of the endpoint has this path. */
  notFound: 'not-found',
  /** 405: the route exists but not with this method; `Allow` lists the methods it has. */
  methodNotAllowed: 'method-not-allowed',
  /** 413: the request's body is larger than `limits.bodyBytes`. */
  bodyTooLarge: 'body-too-large',
  /** 408: the request's body did not arrive within `limits.bodyTimeoutMs`. */
  bodyTimeout: 'body-timeout',
  /** 500: `viewer(request)` threw, or gave something other than `null` or an object with a non-empty string `id`. */
  viewerFailed: 'viewer-failed',
  /** 500: anything else that went wrong inside the endpoint. */
  internal: 'internal',
} as const;

/** One of the values of {@link ENDPOINT_ERROR_CODES}. */
export type EndpointErrorCode = (typeof ENDPOINT_ERROR_CODES)[keyof typeof ENDPOINT_ERROR_CODES];

/**
 * The one error class of `@svc-embed/server`: thrown by `createSessionEndpoint` and
 * `createRedisStore` for invalid options, and by `logoutViewer` and `revokePending` when the store
 * fails; inside the endpoint it becomes the JSON error answer.
 * Its `message` is always the endpoint's own text: the underlying error (which may hold an API key
 * or a service's response body) is only its `cause`, never shown to a browser.
 */
export class EndpointError extends Error {
  /** Stable machine-readable code. */
  readonly code: EndpointErrorCode;

  /** An error with its stable `code`, the endpoint's own `message`, and the underlying error as `cause` (never shown to a browser). */
  constructor(code: EndpointErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EndpointError';
    this.code = code;
  }
}
