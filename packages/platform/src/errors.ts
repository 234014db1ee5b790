/**
 * Stable codes of {@link PlatformError}. Changing a code is a breaking change; messages may change.
 */
export const PLATFORM_ERROR_CODES = {
  /** An argument was rejected before anything was sent (xor rules, 1-100 items, https...). */
  invalidArgument: 'invalid-argument',
  /** The server answered 400; `serverMessage` holds its `{ error }` text. */
  badRequest: 'bad-request',
  /** The server answered 401: the credential is missing, malformed or expired. */
  unauthorized: 'unauthorized',
  /** The server answered 403: the credential is valid but not authorized for the target. */
  forbidden: 'forbidden',
  /** The server answered 404. */
  notFound: 'not-found',
  /** The server answered 429; `retryAfterMs` says when it asked to be tried again. */
  rateLimited: 'rate-limited',
  /** The server answered another non-2xx status (409, 5xx...); see `status`. */
  httpStatus: 'http-status',
  /** No response: connection refused or reset, DNS failure, timeout, or a body cut off mid-way. */
  network: 'network',
  /** The caller's `AbortSignal` fired. */
  aborted: 'aborted',
  /** The response was not the JSON the spec describes; `detail` names the field. */
  invalidResponse: 'invalid-response',
  /** A dashboard-export job finished with `status: 'failed'`; the message holds its `error`. */
  exportFailed: 'export-failed',
  /** A dashboard-export job reached `expiresAt` (or was gone) before its file was downloaded. */
  exportExpired: 'export-expired',
  /** A batched bulk move stopped at a request that failed; see `completed`, `failedBatch` (and `failedBatchMayHaveApplied`) and `unsent`. */
  bulkMoveInterrupted: 'bulk-move-interrupted',
} as const;

/** One of the values of {@link PLATFORM_ERROR_CODES}. */
export type PlatformErrorCode = (typeof PLATFORM_ERROR_CODES)[keyof typeof PLATFORM_ERROR_CODES];

/** Where a failed request went, when the error comes from one. */
export interface RequestTarget {
  /** HTTP method, for example `POST`. */
  method: string;
  /** Path and query on the base URL, for example `/api/v1/deployments?offset=0`. */
  path: string;
}

/**
 * Base class of every error this package throws; switch on `code`, or use `instanceof` with a
 * subclass ({@link UnauthorizedError}, {@link RateLimitedError}...).
 */
export class PlatformError extends Error {
  /** Stable machine-readable code. */
  readonly code: PlatformErrorCode;
  /** HTTP status of the response that caused the error, when there was one. */
  readonly status: number | undefined;
  /** The request that failed, when the error comes from one. */
  readonly request: RequestTarget | undefined;

  constructor(
    code: PlatformErrorCode,
    message: string,
    options: { status?: number; request?: RequestTarget; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PlatformError';
    this.code = code;
    this.status = options.status;
    this.request = options.request;
  }
}

/** An argument was rejected before any request was sent. `field` names it. */
export class InvalidArgumentError extends PlatformError {
  /** Dotted name of the offending argument, for example `items.3.id`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(PLATFORM_ERROR_CODES.invalidArgument, message);
    this.name = 'InvalidArgumentError';
    this.field = field;
  }
}

/** The response did not match the spec's shape; `detail` says where. */
export class InvalidResponseError extends PlatformError {
  /** Dotted path of the first field that did not match, and what was expected. */
  readonly detail: string;

  constructor(request: RequestTarget, status: number, detail: string, cause?: unknown) {
    super(PLATFORM_ERROR_CODES.invalidResponse, `${request.method} ${request.path} returned an unexpected body: ${detail}`, {
      status,
      request,
      cause,
    });
    this.name = 'InvalidResponseError';
    this.detail = detail;
  }
}

/** No usable response: the connection failed, timed out, or the body was cut off. */
export class NetworkError extends PlatformError {
  constructor(request: RequestTarget, reason: string, cause?: unknown) {
    super(PLATFORM_ERROR_CODES.network, `${request.method} ${request.path} failed: ${reason}`, { request, cause });
    this.name = 'NetworkError';
  }
}

/** The caller's `AbortSignal` fired before the operation finished. */
export class AbortedError extends PlatformError {
  constructor(what: string, cause?: unknown) {
    super(PLATFORM_ERROR_CODES.aborted, `${what} was aborted by the caller's signal`, { cause });
    this.name = 'AbortedError';
  }
}
