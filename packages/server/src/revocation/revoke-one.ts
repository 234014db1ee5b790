/**
 * `DELETE <path>/<id>`: one id of the viewer's own, revoked. The hint first, then the claim (live,
 * or pending and due: a retry takes over an earlier claim whose lease lapsed), then the revocation
 * and its settlement. An id another call holds is not revoked again: its revocation is joined when
 * it runs on this instance, and otherwise left to that call (or its backoff).
 */
import type { LedgerDeps } from './ledger-deps.js';
import { revokeClaimed } from './revoke-claimed.js';
import { storeCall } from './store-call.js';

/**
 * What became of the id: not the viewer's (`absent`), `revoked`, `held` by another call (on another
 * instance, or backing off after a failure), or `failed` and still in the ledger: `released` (due
 * after its backoff) or `leased` (the store could not be told; due once the lease lapses).
 */
type OneRevocation = { kind: 'absent' } | { kind: 'revoked' } | { kind: 'held' } | { kind: 'failed'; pending: 'released' | 'leased' };

/**
 * Revokes `sessionId` if it is in `viewerId`'s ledger.
 * @throws {EndpointError} `store-unavailable` when the store could not hint or claim (nothing revoked; a retry is safe)
 */
export async function revokeOne(deps: LedgerDeps, target: { viewerId: string; sessionId: string }): Promise<OneRevocation> {
  const { viewerId, sessionId } = target;
  const context = { viewerId, message: 'the session store could not be reached: nothing was revoked yet; try again once it is back' };
  const hint = await storeCall(deps, context, () => deps.store.hint(viewerId));
  const claim = await storeCall(deps, context, () => deps.store.claim({ viewerId, sessionId, leaseMs: deps.limits.revocationLeaseMs }));
  if (claim === 'absent') {
    await revokeClaimed(deps, { viewerId, claimed: { ids: [], reclaimed: [] }, hint, by: 'revoke' });
    return { kind: 'absent' };
  }
  const held = claim === 'held';
  if (held && !deps.inFlight.isRunning(sessionId)) return { kind: 'held' };
  const claimed = held ? { ids: [], reclaimed: [], held: [sessionId] } : { ids: [sessionId], reclaimed: claim === 'reclaimed' ? [sessionId] : [] };
  const outcome = await revokeClaimed(deps, { viewerId, claimed, hint, by: 'revoke' });
  if (outcome.revoked.includes(sessionId)) return { kind: 'revoked' };
  return { kind: 'failed', pending: outcome.pending === null ? 'leased' : 'released' };
}
