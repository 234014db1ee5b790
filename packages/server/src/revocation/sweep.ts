/**
 * The sweep (`endpoint.revokePending()`): the retry path of the durable revocation. 1. This
 * instance's backlog: hints that could not be written are written, ids that were neither recorded
 * nor revoked are revoked. 2. Every hinted viewer: the pending ids whose lease has lapsed (a
 * failure, a lost answer, a stopped instance) are claimed anew, revoked and settled; a viewer's hint
 * is dropped once nothing of theirs waits. Safe on every instance at once: a lease keeps two sweeps
 * off one id. On one instance, a second `revokePending()` while one runs joins it; an id whose
 * revocation runs here already (a slow call past its lease) is left to it; a failed id is due
 * again only after its backoff (the store records it).
 */
import { inParallel } from './in-parallel.js';
import type { LedgerDeps } from './ledger-deps.js';
import { keepHint, keepOrphan, revokeAtService, revokeClaimed } from './revoke-claimed.js';
import { storeCall, storeOr } from './store-call.js';
import type { ClaimedIds, PendingHint } from '../stores/session-store.js';

/** Hints read per page of the index. */
const SWEEP_PAGE = 100;
/** How many viewers one sweep works on at once (each revoking `LOGOUT_CONCURRENCY` ids at a time). */
const SWEEP_CONCURRENCY = 4;

/** What one sweep did. */
export interface SweepReport {
  /** Hinted viewers it looked at. */
  viewers: number;
  /** Ids it revoked (every one a retry: an earlier call had claimed it, or had minted it unrecorded). */
  revoked: number;
  /** Ids whose revocation failed again; they stay pending for the next sign-out or sweep. */
  failed: number;
  /** Ids still waiting after the sweep among the viewers it looked at (failed ones, and ones leased by a call in progress). */
  pending: number;
}

/**
 * Retries every revocation that is due; joins the sweep that runs on this instance, if one does.
 * @throws {EndpointError} `store-unavailable` when the store's index of hints could not be read (what was done before stays done)
 */
export function revokePending(deps: LedgerDeps): Promise<SweepReport> {
  return deps.inFlight.sweepOnce(() => deps.metrics.timeSweep(() => sweepAll(deps)));
}

/** One sweep: the backlog, then every hinted viewer, page by page. */
async function sweepAll(deps: LedgerDeps): Promise<SweepReport> {
  const report: SweepReport = { viewers: 0, revoked: 0, failed: 0, pending: 0 };
  await rewriteHints(deps);
  await revokeOrphans(deps, report);
  let cursor = '0';
  do {
    const page = await storeCall(deps, { message: 'the session store could not be read: the sweep stopped; run it again once the store is back' }, () =>
      deps.store.listHints({ cursor, count: SWEEP_PAGE }));
    await inParallel(page.hints, SWEEP_CONCURRENCY, (hint) => sweepViewer(deps, hint, report));
    cursor = page.cursor;
  } while (cursor !== '0');
  return report;
}

async function sweepViewer(deps: LedgerDeps, hint: PendingHint, report: SweepReport): Promise<void> {
  report.viewers += 1;
  const claimed = await claimDue(deps, hint.viewerId);
  if (claimed === null) return;
  const outcome = await revokeClaimed(deps, { viewerId: hint.viewerId, claimed, hint: hint.token, by: 'sweep' }, 'leave');
  report.revoked += outcome.revoked.length;
  report.failed += outcome.failed.length;
  report.pending += outcome.pending?.length ?? outcome.failed.length;
}

/** The viewer's ids whose lease has lapsed, claimed anew; `null` when the store failed (reported; the hint stays). */
function claimDue(deps: LedgerDeps, viewerId: string): Promise<ClaimedIds | null> {
  return storeOr(deps, { viewerId }, () => deps.store.claimPending({ viewerId, leaseMs: deps.limits.revocationLeaseMs }), null);
}

/**
 * Writes the hints this instance could not write before, `SWEEP_CONCURRENCY` at a time (so that a
 * store waiting for replicas acknowledges them in batches); a failure keeps the viewer for the next sweep.
 */
async function rewriteHints(deps: LedgerDeps): Promise<void> {
  await inParallel(deps.backlog.takeHints(), SWEEP_CONCURRENCY, async (viewerId) => {
    const written = await storeOr(deps, { viewerId }, () => deps.store.hint(viewerId), null);
    if (written === null) keepHint(deps, viewerId);
  });
}

/** Revokes the ids this instance could neither record nor revoke; a failure keeps them for the next sweep. */
async function revokeOrphans(deps: LedgerDeps, report: SweepReport): Promise<void> {
  const orphans = deps.backlog.takeOrphans();
  const results = await inParallel(orphans, SWEEP_CONCURRENCY, (orphan) => revokeAtService(deps, { ...orphan, by: 'unrecorded-mint', retry: true }));
  orphans.forEach((orphan, index) => {
    if (results[index]) {
      report.revoked += 1;
      return;
    }
    report.failed += 1;
    report.pending += 1;
    keepOrphan(deps, orphan);
  });
}
