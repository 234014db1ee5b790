/**
 * The revocation step every path shares (sign-out, `DELETE`, a mint refused after a sign-out, the
 * sweep): revoke the claimed ids at the service, tell the store what became of them (`settle`), and
 * drop the viewer's hint once nothing of theirs waits. An id leaves the ledger only when the
 * service confirmed its revocation; a failure stays, due at once for the next sign-out or sweep.
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import type { RevocationReport } from '../endpoint-options.js';
import type { ClaimedIds } from '../stores/session-store.js';
import type { Orphan } from './backlog.js';
import { inParallel } from './in-parallel.js';
import type { LedgerDeps } from './ledger-deps.js';
import { storeOr } from './store-call.js';

/** How many revocations one sign-out (or one viewer in the sweep) runs at once. */
export const LOGOUT_CONCURRENCY = 4;

/** Claimed ids to revoke, and the hint that lets the sweep find them if this call stops halfway. */
interface ClaimToRevoke {
  viewerId: string;
  claimed: ClaimedIds;
  /** The token of the viewer's hint written before the claim; `null` when it could not be written. */
  hint: string | null;
  /** Who asked, for `onRevoke`. */
  by: RevocationReport['by'];
}

/** What became of claimed ids. */
export interface RevocationOutcome {
  revoked: string[];
  failed: string[];
  /** The viewer's pending ids after `settle`; `null` when the store could not be told. */
  pending: string[] | null;
}

/** Revokes claimed ids, `LOGOUT_CONCURRENCY` at a time, then settles them in the store. */
export async function revokeClaimed(deps: LedgerDeps, claim: ClaimToRevoke): Promise<RevocationOutcome> {
  const reclaimed = new Set(claim.claimed.reclaimed);
  const results = await inParallel(claim.claimed.ids, LOGOUT_CONCURRENCY, (sessionId) =>
    revokeAtService(deps, { viewerId: claim.viewerId, sessionId, by: claim.by, retry: reclaimed.has(sessionId) }));
  const revoked = claim.claimed.ids.filter((_, index) => results[index]);
  const failed = claim.claimed.ids.filter((_, index) => !results[index]);
  const pending = await settle(deps, { viewerId: claim.viewerId, revoked, failed });
  await afterSettle(deps, { viewerId: claim.viewerId, hint: claim.hint, pending });
  return { revoked, failed, pending };
}

/** One call of the customer's `revoke`; a throw or rejection is a failure, reported. Resolves whether it revoked. */
export async function revokeAtService(deps: LedgerDeps, revocation: Omit<RevocationReport, 'outcome'>): Promise<boolean> {
  try {
    await deps.revoke(revocation.sessionId);
    deps.reportRevocation({ ...revocation, outcome: 'revoked' });
    deps.metrics.revokeCall({ outcome: 'revoked', retry: revocation.retry });
    return true;
  } catch (error) {
    deps.report(error, { code: ENDPOINT_CODES.revokeFailed, viewerId: revocation.viewerId, sessionId: revocation.sessionId });
    deps.reportRevocation({ ...revocation, outcome: 'failed' });
    deps.metrics.revokeCall({ outcome: 'failed', retry: revocation.retry });
    return false;
  }
}

/** `store.settle`, or `null` when the store could not be told (reported; the leases lapse and the sweep retries). */
function settle(deps: LedgerDeps, settlement: { viewerId: string; revoked: string[]; failed: string[] }): Promise<string[] | null> {
  return storeOr(deps, { viewerId: settlement.viewerId }, () => deps.store.settle(settlement), null);
}

/**
 * Drops the viewer's hint once nothing waits (only if it is still this call's). When this call
 * wrote no hint and something may still wait, the instance's backlog keeps the viewer for its sweep.
 */
async function afterSettle(deps: LedgerDeps, settled: { viewerId: string; hint: string | null; pending: string[] | null }): Promise<void> {
  const nothingWaits = settled.pending !== null && settled.pending.length === 0;
  if (settled.hint === null) {
    if (!nothingWaits) keepHint(deps, settled.viewerId);
    return;
  }
  if (!nothingWaits) return;
  const hint = { viewerId: settled.viewerId, token: settled.hint };
  await storeOr(deps, { viewerId: settled.viewerId }, () => deps.store.dropHint(hint), undefined);
}

/** Keeps an id neither recorded nor revoked in the backlog; a full backlog is reported (the id was never handed out, and lapses unredeemed). */
export function keepOrphan(deps: LedgerDeps, orphan: Orphan): void {
  if (deps.backlog.keepOrphan(orphan)) return;
  deps.report(new Error('the backlog of ids neither recorded nor revoked is full; this id lapses unredeemed'), { code: ENDPOINT_CODES.storeUnavailable, ...orphan });
}

/** Keeps the viewer in the backlog; a full backlog is reported (the viewer's next sign-out still finds the ids). */
export function keepHint(deps: LedgerDeps, viewerId: string): void {
  if (deps.backlog.keepHint(viewerId)) return;
  deps.report(new Error('the backlog of viewers whose hint could not be written is full'), { code: ENDPOINT_CODES.storeUnavailable, viewerId });
}
