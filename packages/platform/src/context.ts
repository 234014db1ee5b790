import type { Clock } from './clock.js';

/** Everything an operation needs to send a request; built once by `createPlatformClient`. */
export interface ClientContext {
  /** Checked base URL without a trailing slash. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  readonly apiKey: string;
  readonly fetch: typeof globalThis.fetch;
  readonly clock: Clock;
  /** Time allowed for the response headers of one attempt. */
  readonly timeoutMs: number;
  /** Further attempts for idempotent requests after a network failure, 429 or 502-504. */
  readonly retries: number;
  /** First backoff delay between those attempts; doubles each time. */
  readonly retryDelayMs: number;
  /** Longest `Retry-After` wait the client accepts on its own; longer ones surface as errors. */
  readonly maxRetryAfterMs: number;
  readonly userAgent: string;
}
