import type { LedgerDeps } from './ledger-deps.js';

/**
 * The longest an id can stay live, from its mint: its redemption window, then its session's
 * lifetime from the redemption. An id stays in the ledger that long, and a ledger younger than that
 * may miss ids that are still live.
 */
export function idLifetimeMs(limits: LedgerDeps['limits']): number {
  return limits.redemptionWindowMs + limits.sessionLifetimeMs;
}
