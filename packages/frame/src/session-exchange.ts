import type { Scope } from '@svc-embed/runtime';
import type { SessionExchange } from './frame-options.js';

/** An event on its way to the host, built when it is sent (so `expiresInMs` is exact). */
export type OutgoingEvent = () => unknown;

/** Options of {@link createSessionExchange}. */
export interface SessionExchangeOptions {
  /** The surface's exchange, from `session.exchange`. */
  exchange: SessionExchange;
  /** How long one exchange may take before it counts as failed. */
  timeoutMs: number;
  /** The frame's scope: a result that arrives after it is disposed is ignored. */
  scope: Scope;
  /** Sends a session event on (to the frame's outbox). */
  post: (message: OutgoingEvent) => void;
  /** An exchange worked: the new session's `expiresAt`. */
  swap: (expiresAt: number) => void;
  /** An exchange failed: what to tell the host, and the reason to log. */
  fail: (message: string, reason: unknown) => void;
}

/** The `set-session` side of the frame: ids exchanged one after another, and the session events they gate. */
export interface SessionExchangeGate {
  /** Queues `sessionId`: exchanged once, after the ids before it, with its own timeout. */
  redeem(sessionId: string): void;
  /**
   * Sends a session event (`session-expiring`, `session-expired`), or holds it while an exchange
   * runs: if the exchange works the event was about the session it replaced (the host would take it
   * for news of the new one and renew that too) and is dropped; if every exchange fails it goes out
   * after the errors.
   */
  postSessionEvent(message: OutgoingEvent): void;
  /** True for the messages that went through `postSessionEvent`. */
  isSessionEvent(message: OutgoingEvent): boolean;
}

/** Rejection of an exchange that outlasted its timeout. */
class ExchangeTimeoutError extends Error {
  readonly code = 'exchange-timeout';
}

/** Creates the {@link SessionExchangeGate} of a signed frame. */
export function createSessionExchange(options: SessionExchangeOptions): SessionExchangeGate {
  const { exchange, timeoutMs, scope, post, swap, fail } = options;
  // Ids received and not settled yet; while there is one, session events wait in `held`.
  let pending = 0;
  let held: OutgoingEvent[] = [];
  const sessionEvents = new WeakSet<OutgoingEvent>();
  let tail: Promise<unknown> = Promise.resolve();

  const run = (sessionId: string) =>
    new Promise<number>((resolve, reject) => {
      const cancel = scope.later(timeoutMs, () => reject(new ExchangeTimeoutError(`exchange timed out after ${timeoutMs} ms`)));
      new Promise<{ expiresAt: number }>((settle) => settle(exchange(sessionId)))
        .then((result) => {
          if (Number.isFinite(result?.expiresAt)) resolve(result.expiresAt);
          else reject(result);
        }, reject)
        .finally(cancel);
    });

  const settled = (expiresAt: number) => {
    pending--;
    held = []; // about the session just replaced
    if (!scope.disposed) swap(expiresAt);
  };
  const failed = (reason: unknown) => {
    const timedOut = reason instanceof ExchangeTimeoutError;
    fail(`set-session: ${timedOut ? reason.message : 'the session id could not be exchanged'}`, reason);
    pending--;
    if (!pending) held.splice(0).forEach(post);
  };

  return {
    redeem(sessionId) {
      pending++;
      tail = tail.then(() => (scope.disposed ? undefined : run(sessionId).then(settled, failed)));
    },
    postSessionEvent(message) {
      sessionEvents.add(message);
      if (pending) held.push(message);
      else post(message);
    },
    isSessionEvent: (message) => sessionEvents.has(message),
  };
}
