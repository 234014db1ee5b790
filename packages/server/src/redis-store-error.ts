/** Why the Redis store refused an operation; stable, so code may branch on it. */
export const RedisStoreErrorCode = {
  /** The client is not connected (never connected, closed, or reconnecting): nothing was sent. */
  unavailable: 'redis-unavailable',
  /** Redis did not answer within `timeoutMs`: the command was withdrawn if still queued. */
  timeout: 'redis-timeout',
  /** Redis answered with an error, the connection broke mid-command, or the reply had an unexpected shape. */
  failed: 'redis-failed',
} as const;

/** One of {@link RedisStoreErrorCode}'s values. */
export type RedisStoreErrorCode = (typeof RedisStoreErrorCode)[keyof typeof RedisStoreErrorCode];

/**
 * The error a Redis store operation rejects with. The endpoint treats any rejection of its store as
 * "not recorded" (it revokes a fresh id at once and answers 503), so this class is for logs and for
 * code that uses the store directly.
 */
export class RedisStoreError extends Error {
  /** Why; see {@link RedisStoreErrorCode}. */
  readonly code: RedisStoreErrorCode;

  constructor(code: RedisStoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RedisStoreError';
    this.code = code;
  }
}
