import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';

/**
 * Stable codes of {@link EndpointError}: `invalid-options`, `store-may-evict` (a report), and the codes of the endpoint's JSON
 * error answers (`{ error: { code, message } }`), `ENDPOINT_CODES` of
 * `@svc-embed/protocol/session-endpoint`, each documented there with its HTTP status. Changing a
 * code is a breaking change; messages may change.
 */
export const ENDPOINT_ERROR_CODES = {
  /** `createSessionEndpoint` was given options it cannot work with; the message says which and what to write. */
  invalidOptions: 'invalid-options',
  /**
   * Only in `onError` reports, never an answer: the Redis store runs with `allowEviction: true` on a
   * Redis whose `maxmemory-policy` is not `noeviction` (or cannot be read); once per connection.
   */
  storeMayEvict: 'store-may-evict',
  ...ENDPOINT_CODES,
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
