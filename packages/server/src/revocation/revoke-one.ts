/**
 * `DELETE <path>/<id>`: one id of the viewer's own, revoked. The hint first, then the claim (live
 * or already pending: a retry takes over an earlier claim whose answer was lost), then the
 * revocation and its settlement.
 */
import type { LedgerDeps } from './ledger-deps.js';
import { revokeClaimed } from './revoke-claimed.js';
import { storeCall } from './store-call.js';

/**
 * What became of the id: not the viewer's (`absent`), `revoked`, or `failed` and still in the
 * ledger: `released` (due at once for the next sign-out or sweep) or `leased` (the store could not be
 * told; due once the lease lapses).
 */
type OneRevocation = { kind: 'absent' } | { kind: 'revoked' } | { kind: 'failed'; pending: 'released' | 'leased' };

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
  const claimed = { ids: [sessionId], reclaimed: claim === 'reclaimed' ? [sessionId] : [] };
  const outcome = await revokeClaimed(deps, { viewerId, claimed, hint, by: 'revoke' });
  if (outcome.revoked.length > 0) return { kind: 'revoked' };
  return { kind: 'failed', pending: outcome.pending === null ? 'leased' : 'released' };
}
