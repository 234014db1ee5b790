import type { Scope } from '@svc-embed/runtime';
import type { DebugLogger } from '../base/debug-logger.js';
import { EmbedError } from '../base/errors.js';
import { httpFailure } from '../ledger/http-answer.js';
import { spendFrom, type MintBudget } from '../ledger/mint-limit.js';

/** Mints one session id: resolves with it, or rejects with an {@link EmbedError}; see {@link createMintCall}. */
export type MintCall = () => Promise<string>;

/** Options of {@link createMintCall}. */
export interface MintCallOptions {
  /** The page's `mintSessionId`. */
  mintSessionId: () => string | Promise<string>;
  /** How long one mint may take before it counts as failed (`mint-timeout`). */
  timeoutMs: number;
  /** The embed's scope: its timers, and nothing minted once it is disposed. */
  scope: Scope;
  /** Records every id minted, for logout. */
  record: (sessionId: string) => void;
  /** Revokes an id that arrived after its mint timed out. */
  revokeLateId: (sessionId: string) => void;
  /** The budgets each mint counts against: the embed's, then its ledger's. */
  budgets: readonly MintBudget[];
  /** The clock, epoch ms, for the budgets. */
  now: () => number;
  /** The embed's debug logger: a mint refused by a budget is logged as `limit`. */
  log: DebugLogger;
}

/**
 * Wraps `mintSessionId`. Each call mints (right before use), records the id and resolves with it;
 * it rejects with `mint-timeout` when the mint does not settle within `timeoutMs`, with `mint-failed`
 * when it throws, rejects or gives no string (a `Response` with `ok === false` is named with its
 * status). Nothing is minted for an embed destroyed before the mint's microtask runs (created and
 * destroyed in one task), nor past a budget (`mint-limit`). An id that arrives after the timeout is
 * never used: it is revoked.
 */
export function createMintCall(options: MintCallOptions): MintCall {
  const { mintSessionId, timeoutMs, scope, record, revokeLateId, budgets, now, log } = options;
  return () =>
    new Promise<string>((resolve, reject) => {
      let timedOut = false;
      const cancel = scope.later(timeoutMs, () => {
        timedOut = true;
        reject(new EmbedError('mint-timeout', `mintSessionId did not settle within ${timeoutMs} ms`));
      });
      // Minted a microtask later, and only if the embed still lives: an embed created and destroyed
      // in the same task (React StrictMode's mount, unmount, mount) never spends a single-use id.
      Promise.resolve()
        .then(() => {
          if (scope.disposed) throw new EmbedError('destroyed', 'destroyed');
          spendFrom(budgets, now());
          return mintSessionId();
        })
        .then((sessionId) => {
          cancel();
          const failure = httpFailure(sessionId);
          // A Response with ok false names its status; any other Response is no id either.
          if (failure) throw new EmbedError('mint-failed', `mintSessionId failed: its request failed: ${failure}`);
          if (typeof sessionId !== 'string' || !sessionId) throw new EmbedError('mint-failed', `mintSessionId failed: got ${sessionId}, not a session id`);
          record(sessionId);
          if (timedOut) return revokeLateId(sessionId);
          resolve(sessionId);
        })
        .catch((cause) => {
          cancel();
          if (cause instanceof EmbedError && cause.code === 'mint-limit') log('limit', cause.message);
          const checked = cause instanceof EmbedError && (cause.code === 'mint-failed' || cause.code === 'destroyed' || cause.code === 'mint-limit');
          reject(checked ? cause : new EmbedError('mint-failed', `mintSessionId failed: ${cause}`, cause));
        });
    });
}
