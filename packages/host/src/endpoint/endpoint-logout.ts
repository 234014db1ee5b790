// One endpoint's sign-out, `POST <endpoint>/logout`, tried again within a bound: at most
// LOGOUT_ATTEMPTS attempts, each given LOGOUT_ATTEMPT_TIMEOUT_MS, LOGOUT_RETRY_DELAY_MS before the
// second and twice that before the third. Only failures that may pass soon are tried again: no answer
// (a network error, the deadline) and the answers 408 and 5xx (a store down answers 503). A 429 (the
// backend limits the viewer's sign-outs) is final at once, `rate-limited` with its `Retry-After`: a
// retry within a second or two would only be refused again. Any other answer (404: no logout route;
// 401: the backend does not know the viewer) is final at once.
import type { LogoutAnswer } from '@svc-embed/protocol/session-endpoint';

/** The reason of a sign-out answered 429 (`revocation-limit` from `@svc-embed/server`, or any backend's limit). */
const RATE_LIMITED = 'rate-limited';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import { httpStatus, retryAfterMs } from './http-answer.js';
import type { SessionEndpointCallbacks } from './session-endpoint.js';

/** Attempts of one endpoint's sign-out before it is reported as failed. */
const LOGOUT_ATTEMPTS = 3;
/** Wait before the second attempt, ms; doubled before each further one (1 s, then 2 s). */
const LOGOUT_RETRY_DELAY_MS = 1_000;
/** How long one attempt may take before it counts as failed (the request is left to end on its own), ms. */
const LOGOUT_ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * What one session endpoint's sign-out did: its logout answer (`LogoutAnswer`) with what only the
 * browser adds, as its part of the ledger's `LogoutResult`.
 */
export interface EndpointSignOut extends Omit<LogoutAnswer, 'failed' | 'complete' | 'reason'> {
  /** The endpoint. */
  endpoint: string;
  /** The viewer tag of the viewer the endpoint serves now: its answer's, else its latest mint's (none from an endpoint that sends none). */
  viewer?: string;
  /** Ids whose revocation failed at the service, each with an `EmbedError` `revoke-failed` (the endpoint's sentence). */
  failed: { sessionId: string; error: unknown }[];
  /** How it went: the endpoint's answer said `complete` or not (`pending`), or there was none (`failed`). */
  backend: 'complete' | 'pending' | 'failed';
  /** Why the sign-out failed, when `backend` is `failed`. */
  error?: EmbedError;
  /**
   * The answer's `reason` (`ledger-incomplete`, `sign-out-in-progress`), or `rate-limited` when the
   * endpoint answered 429 (then `backend` is `failed`).
   */
  reason?: LogoutAnswer['reason'] | typeof RATE_LIMITED;
  /** With `rate-limited`: how long the endpoint's `Retry-After` asked to wait, ms, when it said. */
  retryAfterMs?: number;
}

/** The timers an endpoint's sign-out waits with: the page's window. */
export type LogoutTimers = Pick<Window, 'setTimeout' | 'clearTimeout'>;

/** The `Response` of a refused attempt (the cause of its `EmbedError`), else undefined. */
const answerOf = (error: unknown) => (error instanceof EmbedError ? error.cause : undefined);

/** Whether a failed attempt may pass if tried again soon: no answer, or 408 or 5xx. */
function worthRetrying(error: unknown): boolean {
  const status = httpStatus(answerOf(error));
  return status === undefined || status >= 500 || status === 408;
}

/** One attempt: the endpoint's answer, or a rejection once `LOGOUT_ATTEMPT_TIMEOUT_MS` has passed without it. */
function attempt(callbacks: SessionEndpointCallbacks, timers: LogoutTimers): Promise<LogoutAnswer> {
  let timer = 0;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = timers.setTimeout(() => reject(new EmbedError('revoke-failed', DEV ? `no answer in ${LOGOUT_ATTEMPT_TIMEOUT_MS} ms` : [LOGOUT_ATTEMPT_TIMEOUT_MS])), LOGOUT_ATTEMPT_TIMEOUT_MS);
  });
  return Promise.race([Promise.resolve().then(callbacks.logout), deadline]).finally(() => timers.clearTimeout(timer));
}

/** The endpoint's answer as its part of the `LogoutResult`: each failure an `EmbedError`, `complete` when its backend confirmed that nothing waits, else `pending`. */
function answered(callbacks: SessionEndpointCallbacks, answer: LogoutAnswer): EndpointSignOut {
  const failed = answer.failed.map(({ sessionId, error }) => ({ sessionId, error: new EmbedError('revoke-failed', error) }));
  const { endpoint, viewer } = callbacks;
  const { reason, ledgerSince } = answer;
  return { endpoint, viewer: answer.viewer ?? viewer, revoked: answer.revoked, failed, pending: answer.pending, backend: answer.complete ? 'complete' : 'pending', reason, ledgerSince };
}

/** The sign-out of an endpoint that failed with `cause`: `rate-limited` when it answered 429. */
function failedSignOut(callbacks: SessionEndpointCallbacks, cause: unknown): EndpointSignOut {
  const answer = answerOf(cause);
  const error = new EmbedError('revoke-failed', DEV ? `sign-out failed (${cause}); ids may still be live: call logout() again` : [String(cause)], cause);
  const failed: EndpointSignOut = { endpoint: callbacks.endpoint, viewer: callbacks.viewer, revoked: [], failed: [], pending: [], backend: 'failed', error };
  return httpStatus(answer) === 429 ? { ...failed, reason: RATE_LIMITED, retryAfterMs: retryAfterMs(answer) } : failed;
}

/** Signs the viewer out through one endpoint, trying again within the bound above; never rejects. */
export async function signOutThrough(callbacks: SessionEndpointCallbacks, timers: LogoutTimers): Promise<EndpointSignOut> {
  for (let attempts = 1; ; attempts++) {
    try {
      return answered(callbacks, await attempt(callbacks, timers));
    } catch (cause) {
      if (attempts >= LOGOUT_ATTEMPTS || !worthRetrying(cause)) return failedSignOut(callbacks, cause);
      await new Promise((resolve) => void timers.setTimeout(resolve, LOGOUT_RETRY_DELAY_MS * 2 ** (attempts - 1)));
    }
  }
}
