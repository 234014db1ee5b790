// Stores whose ledger is whole, for tests of revocation that expect `complete: true`: a store made
// now has a ledger horizon of now, and a sign-out answers `complete: false` (ledger-incomplete)
// until an id's longest life (the redemption window and the session lifetime) has passed.
import { createMemoryStore, DEFAULT_REDEMPTION_WINDOW_MS, DEFAULT_SESSION_LIFETIME_MS, type MemoryStore } from '../../src/index.js';

/** The longest life of an id with the default limits: 5 minutes to redeem it, then 24 h. */
export const ID_LIFETIME_MS = DEFAULT_REDEMPTION_WINDOW_MS + DEFAULT_SESSION_LIFETIME_MS;

/** A memory store on `now` whose ledger is whole from the start (no id minted before it can be live: the test's service starts with it). */
export function wholeMemoryStore(now: () => number = Date.now): MemoryStore {
  return createMemoryStore({ now, ledgerSince: 0 });
}

/** Makes the Redis ledger under `prefix` whole: its horizon mark set to the epoch, as on a Redis that has run for long. */
export async function makeRedisLedgerWhole(client: { set(key: string, value: string): Promise<unknown> }, prefix = 'svc-embed:'): Promise<void> {
  await client.set(`${prefix}horizon`, '0');
}
