/**
 * A viewer's sign-out (`POST <path>/logout`, `logoutViewer`): 1. the hint, so the sweep can find
 * the viewer should this call stop halfway; 2. the store moves the viewer's sign-out moment on (a
 * mint in flight will be refused) and claims every id of the ledger, live or already being revoked
 * (a retry takes over an earlier sign-out whose answer was lost); 3. the ids are revoked and settled.
 */
import type { LedgerParts } from './ledger-parts.js';
import { logoutAnswer, type LogoutAnswer } from './logout-answer.js';
import { revokeClaimed } from './revoke-claimed.js';
import { storeCall } from './store-call.js';

/**
 * Signs `viewerId` out of every id in their ledger (from every tab, page load, device and instance
 * that shares the store).
 * @throws {EndpointError} `store-unavailable` when the store could not hint or claim (nothing revoked; a retry is safe)
 */
export async function signOut(parts: LedgerParts, viewerId: string): Promise<LogoutAnswer> {
  const context = { viewerId, message: 'the session store could not be reached: nothing was revoked yet; sign out again once it is back' };
  const hint = await storeCall(parts, context, () => parts.store.hint(viewerId));
  const now = parts.now();
  const claimed = await storeCall(parts, context, () =>
    parts.store.signOut({ viewerId, leaseUntil: now + parts.limits.revocationLeaseMs, rememberUntil: now + parts.limits.sessionLifetimeMs }));
  return logoutAnswer(await revokeClaimed(parts, { viewerId, claimed, hint, by: 'sign-out' }));
}
