/**
 * The revocation step every path shares (sign-out, `DELETE`, a mint refused after a sign-out, the
 * sweep): revoke the claimed ids at the service (each call in a slot of the instance's
 * `revokeConcurrency`, with a deadline and an `AbortSignal`), join the revocations of held ids that
 * run on this instance, tell the store what became of its own ids (`settle`), and drop the viewer's
 * hint once nothing of theirs waits. An id leaves the ledger only when the service confirmed its
 * revocation; a failure stays pending and backs off. An id already being revoked here is never
 * handed to `revoke` again: its revocation is joined (or, by the sweep, left to it).
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import type { RevocationReport } from '../endpoint-options.js';
import type { ClaimedIds, RetrySchedule } from '../stores/session-store.js';
import type { Orphan } from './backlog.js';
import { inParallel } from './in-parallel.js';
import type { RevocationOutcome } from './in-flight.js';
import type { LedgerDeps } from './ledger-deps.js';
import { storeOr } from './store-call.js';

/** How many revocations one sign-out (or one viewer in the sweep) runs at once. */
export const LOGOUT_CONCURRENCY = 4;

/** Claimed ids to revoke, and the hint that lets the sweep find them if this call stops halfway. */
interface ClaimToRevoke {
  viewerId: string;
  /** The ids claimed; `held`: the viewer's ids another call holds (their revocation is joined when it runs here). */
  claimed: ClaimedIds & { held?: readonly string[] };
  /** The token of the viewer's hint written before the claim; `null` when it could not be written. */
  hint: string | null;
  /** Who asked, for `onRevoke`. */
  by: RevocationReport['by'];
}

/** What a revocation in progress has done so far, for an answer given before it ends. */
export interface RevocationProgress {
  revoked: string[];
  failed: string[];
  /** Every id it revokes or joins. */
  ids: string[];
}

/** A revocation under way: its outcome, and what it has done so far. */
interface RunningRevocation {
  outcome: Promise<RevocationOutcome>;
  progress: RevocationProgress;
}

/** Whether held ids revoked on this instance are joined (sign-out, `DELETE`) or left to their call (the sweep). */
type HeldIds = 'join' | 'leave';

/**
 * Starts revoking claimed ids, `LOGOUT_CONCURRENCY` at a time, then settles them in the store.
 * Ids already being revoked on this instance are not called again: with `held: 'join'` their
 * revocation is awaited and its outcome counted, with `'leave'` they are left to it.
 */
export function startRevocation(deps: LedgerDeps, claim: ClaimToRevoke, held: HeldIds = 'join'): RunningRevocation {
  const own = claim.claimed.ids.filter((sessionId) => !deps.inFlight.isRunning(sessionId));
  const others = [...(claim.claimed.held ?? []), ...claim.claimed.ids.filter((sessionId) => !own.includes(sessionId))];
  const joined = held === 'join' ? deps.inFlight.runningFor(others) : [];
  const progress: RevocationProgress = { revoked: [], failed: [], ids: [...own, ...(held === 'join' ? others : [])] };
  const outcome = revokeAndSettle(deps, { ...claim, claimed: { ...claim.claimed, ids: own } }, { joined, progress, others: held === 'join' ? others : [] });
  deps.inFlight.track(own, outcome);
  return { outcome, progress };
}

/** {@link startRevocation}, awaited. */
export function revokeClaimed(deps: LedgerDeps, claim: ClaimToRevoke, held: HeldIds = 'join'): Promise<RevocationOutcome> {
  return startRevocation(deps, claim, held).outcome;
}

/** The revocations joined, and where to count what is done. */
interface Joining {
  joined: Promise<RevocationOutcome>[];
  /** The ids whose outcome is counted from the joined revocations. */
  others: readonly string[];
  progress: RevocationProgress;
}

async function revokeAndSettle(deps: LedgerDeps, claim: ClaimToRevoke, joining: Joining): Promise<RevocationOutcome> {
  const { progress } = joining;
  const reclaimed = new Set(claim.claimed.reclaimed);
  await inParallel(claim.claimed.ids, LOGOUT_CONCURRENCY, async (sessionId) => {
    const revoked = await revokeAtService(deps, { viewerId: claim.viewerId, sessionId, by: claim.by, retry: reclaimed.has(sessionId) });
    (revoked ? progress.revoked : progress.failed).push(sessionId);
  });
  const own = { revoked: [...progress.revoked], failed: [...progress.failed] };
  countJoined(await Promise.all(joining.joined), joining);
  const pending = await settle(deps, { viewerId: claim.viewerId, ...own });
  await afterSettle(deps, { viewerId: claim.viewerId, hint: claim.hint, pending });
  return { revoked: progress.revoked, failed: progress.failed, pending };
}

/** Counts what the joined revocations did to the ids this call joined. */
function countJoined(outcomes: RevocationOutcome[], joining: Joining): void {
  const others = new Set(joining.others);
  for (const outcome of outcomes) {
    joining.progress.revoked.push(...outcome.revoked.filter((sessionId) => others.has(sessionId)));
    joining.progress.failed.push(...outcome.failed.filter((sessionId) => others.has(sessionId)));
  }
}

/**
 * One call of the customer's `revoke`, in a slot of the instance's `revokeConcurrency`, with
 * `limits.revokeTimeoutMs` to answer (then its signal aborts); a throw, a rejection or the deadline
 * is a failure, reported. Resolves whether it revoked.
 */
export async function revokeAtService(deps: LedgerDeps, revocation: Omit<RevocationReport, 'outcome'>): Promise<boolean> {
  try {
    await deps.inFlight.inSlot(() => callWithin(deps, revocation.sessionId));
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

/** `revoke(sessionId, { signal })`, rejected (and the signal aborted) once `revokeTimeoutMs` has passed. */
async function callWithin(deps: LedgerDeps, sessionId: string): Promise<void> {
  const controller = new AbortController();
  const timeoutMs = deps.limits.revokeTimeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`revoke did not answer within limits.revokeTimeoutMs (${timeoutMs} ms); its signal was aborted`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(() => deps.revoke(sessionId, { signal: controller.signal })), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** `store.settle` with a fresh jitter, or `null` when the store could not be told (reported; the leases lapse and the sweep retries). */
function settle(deps: LedgerDeps, settlement: { viewerId: string; revoked: string[]; failed: string[] }): Promise<string[] | null> {
  const retry: RetrySchedule = { firstMs: deps.limits.revokeRetryMs, maxMs: deps.limits.revokeRetryMaxMs, jitter: Math.random() };
  return storeOr(deps, { viewerId: settlement.viewerId }, () => deps.store.settle({ ...settlement, retry }), null);
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
