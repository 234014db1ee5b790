import { PLATFORM_ERROR_CODES, PlatformError, type PlatformErrorCode, type RequestTarget } from './errors.js';

/** A non-2xx answer. `serverMessage` is the `{ error }` text of the body (or its first bytes). */
export class HttpStatusError extends PlatformError {
  declare readonly status: number;
  declare readonly request: RequestTarget;
  /** The server's own message: `error` of a JSON `{ error }` body, else the start of the body text. */
  readonly serverMessage: string;

  constructor(request: RequestTarget, status: number, serverMessage: string, code: PlatformErrorCode = PLATFORM_ERROR_CODES.httpStatus) {
    const said = serverMessage ? `: ${serverMessage}` : '';
    super(code, `${request.method} ${request.path} returned ${status}${said}`, { status, request });
    this.name = 'HttpStatusError';
    this.serverMessage = serverMessage;
  }
}

/** 400: the server rejected the request; `serverMessage` says why. */
export class BadRequestError extends HttpStatusError {
  constructor(request: RequestTarget, serverMessage: string) {
    super(request, 400, serverMessage, PLATFORM_ERROR_CODES.badRequest);
    this.name = 'BadRequestError';
  }
}

/** 401: the credential is missing, malformed or expired. Get a new API key or access token. */
export class UnauthorizedError extends HttpStatusError {
  constructor(request: RequestTarget, serverMessage: string) {
    super(request, 401, serverMessage, PLATFORM_ERROR_CODES.unauthorized);
    this.name = 'UnauthorizedError';
  }
}

/** 403: the credential is valid but not authorized for the target (for example a key scoped to other deployments). */
export class ForbiddenError extends HttpStatusError {
  constructor(request: RequestTarget, serverMessage: string) {
    super(request, 403, serverMessage, PLATFORM_ERROR_CODES.forbidden);
    this.name = 'ForbiddenError';
  }
}

/** 404: the target does not exist (or is not visible to this credential). */
export class NotFoundError extends HttpStatusError {
  constructor(request: RequestTarget, serverMessage: string) {
    super(request, 404, serverMessage, PLATFORM_ERROR_CODES.notFound);
    this.name = 'NotFoundError';
  }
}

/** 429: too many requests in flight; `retryAfterMs` is the wait the server asked for, if it said. */
export class RateLimitedError extends HttpStatusError {
  /** Milliseconds from the response until the server accepts a retry (from `Retry-After`). */
  readonly retryAfterMs: number | undefined;

  constructor(request: RequestTarget, serverMessage: string, retryAfterMs: number | undefined) {
    super(request, 429, serverMessage, PLATFORM_ERROR_CODES.rateLimited);
    this.name = 'RateLimitedError';
    this.retryAfterMs = retryAfterMs;
  }
}
