/**
 * A viewer's sign-out (`POST <path>/logout`, `logoutViewer`): 1. the hint, so the sweep can find
 * the viewer should this call stop halfway; 2. the store moves the viewer's sign-out moment on (a
 * mint in flight will be refused) and claims every id of the ledger, live or already pending
 * (a retry takes over an earlier sign-out whose answer was lost); 3. the store's ledger horizon is
 * read, after the claim (a flush that lost ids before the claim lost the horizon's mark too, so the
 * horizon read after it is young); 4. the ids are revoked and settled, and the answer is `complete` only if nothing waits
 * and the ledger is older than an id's longest life.
 */
import type { LedgerDeps } from './ledger-deps.js';
import type { LogoutAnswer } from '@svc-embed/protocol/session-endpoint';
import { idLifetimeMs } from './id-lifetime.js';
import { ledgerOf, signOutAnswer } from './logout-answer.js';
import { revokeClaimed } from './revoke-claimed.js';
import { storeCall } from './store-call.js';

/**
 * Signs `viewerId` out of every id in their ledger (from every tab, page load, device and instance
 * that shares the store).
 * @throws {EndpointError} `store-unavailable` when the store could not hint or claim (nothing revoked; a retry is safe)
 */
export async function signOutViewer(deps: LedgerDeps, viewerId: string): Promise<LogoutAnswer> {
  const context = { viewerId, message: 'the session store could not be reached: nothing was revoked yet; sign out again once it is back' };
  const hint = await storeCall(deps, context, () => deps.store.hint(viewerId));
  const claimed = await storeCall(deps, context, () =>
    deps.store.signOut({ viewerId, leaseMs: deps.limits.revocationLeaseMs, rememberMs: deps.limits.sessionLifetimeMs }));
  const horizon = await storeCall(deps, context, () => deps.store.horizon());
  const outcome = await revokeClaimed(deps, { viewerId, claimed, hint, by: 'sign-out' });
  return signOutAnswer(outcome, ledgerOf(horizon, idLifetimeMs(deps.limits)));
}
