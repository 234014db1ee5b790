/**
 * A viewer's sign-out (`POST <path>/logout`, `logoutViewer`): 1. the hint, so the sweep can find
 * the viewer should this call stop halfway; 2. the store moves the viewer's sign-out moment on (a
 * mint in flight will be refused) and claims every id of the ledger that no other call holds (live,
 * or pending and due: a retry takes over an earlier call whose lease lapsed); 3. the store's ledger
 * horizon is read, after the claim (a flush that lost ids before the claim lost the horizon's mark
 * too, so the horizon read after it is young); 4. the claimed ids are revoked and settled, and the
 * revocations of held ids running on this instance are joined. Sign-outs of one viewer are so
 * merged: each id gets one `revoke` call, however many sign-outs run at once. The answer comes
 * within `limits.revokeTimeoutMs` of the claim: what is still being revoked then is answered
 * pending, and its revocation goes on. It is `complete` only if nothing waits and the ledger is
 * older than an id's longest life.
 */
import type { LedgerDeps } from './ledger-deps.js';
import type { LogoutAnswer } from '@svc-embed/protocol/session-endpoint';
import { idLifetimeMs } from './id-lifetime.js';
import { inProgressAnswer, ledgerOf, signOutAnswer } from './logout-answer.js';
import type { RevocationOutcome } from './in-flight.js';
import { startRevocation } from './revoke-claimed.js';
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
  const ledger = ledgerOf(horizon, idLifetimeMs(deps.limits));
  const running = startRevocation(deps, { viewerId, claimed, hint, by: 'sign-out' });
  const outcome = await within(running.outcome, deps.limits.revokeTimeoutMs);
  if (outcome === 'late') return inProgressAnswer({ progress: running.progress, held: claimed.held, ledger });
  return signOutAnswer(outcome, ledger);
}

/** The outcome, or `'late'` once `ms` have passed without it (it goes on regardless). */
async function within(outcome: Promise<RevocationOutcome>, ms: number): Promise<RevocationOutcome | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    return await Promise.race([outcome, late]);
  } finally {
    clearTimeout(timer);
  }
}
