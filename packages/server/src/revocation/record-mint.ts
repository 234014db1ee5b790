/**
 * The record step of a mint: a fresh id goes into the viewer's ledger before it may be handed out.
 * The store refuses it when the viewer signed out while it was being minted (their sign-out moment
 * moved on): it is then recorded as pending, and revoked at once. An id the store could not
 * record is revoked at once too; if that fails, this instance keeps it for its sweep.
 */
import { idLifetimeMs } from './id-lifetime.js';
import type { LedgerDeps } from './ledger-deps.js';
import { keepOrphan, revokeAtService, revokeClaimed } from './revoke-claimed.js';
import { storeOr } from './store-call.js';

/** A fresh id and the sign-out moment read before it was minted. */
interface MintedId {
  viewerId: string;
  sessionId: string;
  signOutsSeen: number;
}

/**
 * `recorded`: hand it out. `signed-out`: the viewer signed out meanwhile. `unrecorded`: the store
 * failed. In both refusals the id is never handed out; `revoked` says whether the service confirmed
 * its revocation (otherwise it is pending: in the ledger, or in this instance's backlog).
 */
export type MintRecord = { kind: 'recorded' } | { kind: 'signed-out'; revoked: boolean } | { kind: 'unrecorded'; revoked: boolean };

/** Records the id, or revokes it when it must not be handed out. */
export async function recordMint(deps: LedgerDeps, minted: MintedId): Promise<MintRecord> {
  const entry = { ...minted, lifetimeMs: idLifetimeMs(deps.limits), leaseMs: deps.limits.revocationLeaseMs };
  const about = { viewerId: minted.viewerId, sessionId: minted.sessionId };
  const added = await storeOr(deps, about, () => deps.store.add(entry), 'unrecorded' as const);
  if (added === 'unrecorded') return { kind: 'unrecorded', revoked: await revokeUnrecorded(deps, minted) };
  if (added === 'recorded') return { kind: 'recorded' };
  return { kind: 'signed-out', revoked: await revokeRefused(deps, minted) };
}

/** A mint refused by a sign-out: recorded as pending; hinted, revoked and settled like any claim. */
async function revokeRefused(deps: LedgerDeps, minted: MintedId): Promise<boolean> {
  const hint = await storeOr(deps, { viewerId: minted.viewerId }, () => deps.store.hint(minted.viewerId), null);
  const outcome = await revokeClaimed(deps, { viewerId: minted.viewerId, claimed: { ids: [minted.sessionId], reclaimed: [] }, hint, by: 'refused-mint' });
  return outcome.revoked.length > 0;
}

/** An id in no store: revoked at once; a failure goes to the instance's backlog (its sweep retries). */
async function revokeUnrecorded(deps: LedgerDeps, minted: MintedId): Promise<boolean> {
  const revoked = await revokeAtService(deps, { viewerId: minted.viewerId, sessionId: minted.sessionId, by: 'unrecorded-mint', retry: false });
  if (!revoked) keepOrphan(deps, { viewerId: minted.viewerId, sessionId: minted.sessionId });
  return revoked;
}
