import type { Scope } from './scope.js';

/** Default time one exchange may take before it counts as failed: 30 seconds. */
export const EXCHANGE_TIMEOUT_MS = 30_000;

/**
 * Exchanges a single-use session id (from `set-session`) for a new signed session, usually by
 * calling the service's token endpoint; resolves with the new session's `expiresAt` (epoch ms).
 * @example (sessionId) => api.exchangeSession(sessionId).then(({ expiresAt }) => ({ expiresAt }))
 */
export type SessionExchange = (sessionId: string) => PromiseLike<{ expiresAt: number }> | { expiresAt: number };

/**
 * Returns a function that queues session ids and exchanges them strictly one after another, in arrival
 * order, each exactly once and each with its own timeout. `swap` gets the new `expiresAt`; `fail` gets
 * the reason (a timeout message, or whatever the exchange rejected or resolved with).
 */
export function createExchangeQueue(
  exchange: SessionExchange,
  timeoutMs: number,
  scope: Scope,
  swap: (expiresAt: number) => void,
  fail: (reason: unknown, timedOut: boolean) => void,
): (sessionId: string) => void {
  const timedOut = {};
  let tail: Promise<unknown> = Promise.resolve();
  const run = (sessionId: string) =>
    new Promise<number>((resolve, reject) => {
      const cancel = scope.timeout(() => reject(timedOut), timeoutMs);
      new Promise<{ expiresAt: number }>((settle) => settle(exchange(sessionId)))
        .then((result) => (Number.isFinite(result?.expiresAt) ? resolve(result.expiresAt) : reject(result)), reject)
        .finally(cancel);
    });
  return (sessionId) => {
    tail = tail.then(
      () =>
        scope.live &&
        run(sessionId).then(
          (expiresAt) => scope.live && swap(expiresAt),
          (reason) => fail(reason, reason === timedOut),
        ),
    );
  };
}
