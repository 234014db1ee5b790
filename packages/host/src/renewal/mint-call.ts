import type { Scope } from '@svc-embed/runtime';
import { DEV } from '../base/dev-mode.js';
import { destroyedError, EmbedError } from '../base/errors.js';
import type { EmbedIds } from '../ledger/embed-ids.js';
import { httpFailure } from '../endpoint/http-answer.js';
import { spendFrom } from '../ledger/mint-limit.js';
import type { EmbedContext } from '../mount/embed-context.js';

/** Mints one session id: resolves with it, or rejects with an {@link EmbedError}; see {@link createMintCall}. */
export type MintCall = () => Promise<string>;

/** Options of {@link createMintCall}. */
interface MintCallOptions {
  /**
   * The resolved options: the `mintSessionId` to call (its session endpoint's, or the page's), how
   * long one mint may take (`mintTimeoutMs`), the clock (for the budgets), the logger (a mint refused
   * by a budget is logged as `limit`).
   */
  context: Pick<EmbedContext, 'callbacks' | 'mintTimeoutMs' | 'now' | 'log'>;
  /** The embed's scope: its timers, and nothing minted once it is disposed. */
  scope: Scope;
  /**
   * The embed's side of the ledger: `record` keeps every id minted (for the sign-out), `revokeLateId`
   * revokes one that arrived after its mint timed out, `budgets` are those each mint spends from.
   */
  ids: Pick<EmbedIds, 'record' | 'revokeLateId' | 'budgets'>;
}

/** What a mint that did not settle in time says, by where ids come from: the session endpoint, or the page's own `mintSessionId`. */
const timeoutMessage = (endpoint: string | undefined, ms: number) => `${endpoint ? `POST ${endpoint}` : 'mintSessionId'} did not answer within ${ms} ms: check it, or raise mintTimeoutMs`;

/**
 * Wraps `mintSessionId`, or gives `undefined` without one (nothing to mint with). Each call mints (right before use), records the id and resolves with it;
 * it rejects with `mint-timeout` when the mint does not settle within `mintTimeoutMs`, with `mint-failed`
 * when it throws, rejects or gives no string (a `Response` with `ok === false` is named with its
 * status). Nothing is minted for an embed destroyed before the mint's microtask runs (created and
 * destroyed in one task), nor past a budget (`mint-limit`). An id that arrives after the timeout is
 * never used: it is revoked.
 */
export function createMintCall(options: MintCallOptions): MintCall | undefined {
  const { scope } = options;
  const { callbacks, mintTimeoutMs, now, log } = options.context;
  const { record, revokeLateId, budgets } = options.ids;
  const { mintSessionId } = callbacks;
  if (!mintSessionId) return undefined;
  return () =>
    new Promise<string>((resolve, reject) => {
      let timedOut = false;
      const cancel = scope.later(mintTimeoutMs, () => {
        timedOut = true;
        reject(new EmbedError('mint-timeout', DEV ? timeoutMessage(callbacks.endpoint?.endpoint, mintTimeoutMs) : [callbacks.endpoint?.endpoint ?? 'mintSessionId', mintTimeoutMs]));
      });
      // Minted a microtask later, and only if the embed still lives: an embed created and destroyed
      // in the same task (React StrictMode's mount, unmount, mount) never spends a single-use id.
      Promise.resolve()
        .then(() => {
          if (scope.disposed) throw destroyedError();
          spendFrom(budgets, now());
          return mintSessionId();
        })
        .then((sessionId) => {
          cancel();
          const failure = httpFailure(sessionId);
          // A Response with ok false names its status; any other Response is no id either.
          if (failure) throw new EmbedError('mint-failed', DEV ? `mintSessionId failed: its request failed: ${failure}` : [failure]);
          if (typeof sessionId !== 'string' || !sessionId) throw new EmbedError('mint-failed', DEV ? `mintSessionId failed: got ${sessionId}, not a session id` : [String(sessionId)]);
          record(sessionId);
          if (timedOut) return revokeLateId(sessionId);
          resolve(sessionId);
        })
        .catch((cause) => {
          cancel();
          if (cause instanceof EmbedError && cause.code === 'mint-limit') log('limit', cause.message);
          // Our own verdicts pass as they are (`mint-*`, `destroyed`, `signed-out`, a session endpoint's `endpoint-*`); anything else is the mint's own failure.
          const checked = cause instanceof EmbedError && /^(mint-|destroyed|signed-out|endpoint-)/.test(cause.code);
          reject(checked ? cause : new EmbedError('mint-failed', DEV ? `mintSessionId failed: ${cause}` : [String(cause)], cause));
        });
    });
}
