import { EmbedError } from './errors.js';
import { httpFailure } from './http-answer.js';
import type { Scope } from './scope.js';

/** Mints one session id and hands it to `use` at once; see {@link createSessionMint}. */
export type SessionMint = (use: (sessionId: string) => void) => Promise<void>;

/**
 * Wraps `mintSessionId`. Each call mints (right before use), records the id, hands it to `use` in
 * the same tick and resolves; it rejects with `mint-timeout` when the mint does not settle within
 * `timeoutMs`, with `mint-failed` when it throws, rejects or gives no string (a `Response` with
 * `ok === false` is named with its status), or with `destroyed`.
 * Nothing is minted for an embed destroyed before the mint's microtask runs (created and destroyed
 * in one task). An id that arrives after the timeout or after destroy is never used: `drop` revokes it.
 */
export function createSessionMint(
  mintSessionId: (() => string | Promise<string>) | undefined,
  timeoutMs: number,
  scope: Scope,
  record: (sessionId: string) => void,
  drop: (sessionId: string) => void,
): SessionMint {
  return (use) =>
    scope.guard(
      new Promise<void>((resolve, reject) => {
        let late: unknown;
        const cancel = scope.later(timeoutMs, () =>
          reject((late = new EmbedError('mint-timeout', `mintSessionId did not settle within ${timeoutMs} ms`))),
        );
        // Minted a microtask later, and only if the embed still lives: an embed created and destroyed
        // in the same task (React StrictMode's mount, unmount, mount) never spends a single-use id.
        Promise.resolve()
          .then(() => {
            if (scope.dead) throw new EmbedError('destroyed', 'destroyed');
            return mintSessionId!();
          })
          .then((sessionId) => {
            cancel();
            const failure = httpFailure(sessionId);
            // A Response with ok false names its status; any other Response is no id either.
            if (failure) throw Error(`its request failed: ${failure}`);
            if (typeof sessionId !== 'string' || !sessionId) throw Error(`got ${sessionId}, not a session id`);
            record(sessionId);
            if (late || scope.dead) return drop(sessionId);
            use(sessionId);
            resolve();
          })
          .catch((cause) => (cancel(), reject(new EmbedError('mint-failed', `mintSessionId failed: ${cause}`, cause))));
      }),
    );
}
