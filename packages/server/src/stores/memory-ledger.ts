/**
 * One viewer's data in the memory store, and the store's operations on it. Each function runs
 * without an `await`, so each is atomic in the one process that holds the data.
 */
import type { AddOutcome, ClaimedIds, ClaimOutcome, MintCount, RetrySchedule, SignedOutIds } from './session-store.js';

/**
 * An id's state: `live`, or `pending` (claimed for revocation) with the end of its lease or backoff
 * (epoch ms, the store's clock: held until then, due after), how many revocations of it failed, and
 * the moment it first became pending (epoch ms, the store's clock).
 */
type EntryState = { kind: 'live' } | { kind: 'pending'; leaseUntil: number; failures: number; since: number };

/** One id of a ledger. */
interface MemoryEntry {
  expiresAt: number;
  state: EntryState;
}

const LIVE: EntryState = { kind: 'live' };

/** The viewer's mint counters (a constant amount of state, however many attempts). */
interface MintCounter {
  windowStart: number;
  current: number;
  previous: number;
  windowMs: number;
}

/** One viewer's data. */
export interface MemoryViewer {
  ids: Map<string, MemoryEntry>;
  mints: MintCounter | null;
  signOuts: { count: number; until: number } | null;
}

/** A viewer with nothing yet. */
export const emptyViewer = (): MemoryViewer => ({ ids: new Map(), mints: null, signOuts: null });

/** How many values the viewer's data holds: its ids, its mint counter, its sign-out moment. */
export function viewerSize(viewer: MemoryViewer): number {
  return viewer.ids.size + (viewer.mints ? 1 : 0) + (viewer.signOuts ? 1 : 0);
}

/** Drops what has lapsed at `at`: expired ids, counters two windows old, a sign-out moment past its time. */
export function pruneViewer(viewer: MemoryViewer, at: number): void {
  for (const [sessionId, entry] of viewer.ids) {
    if (entry.expiresAt <= at) viewer.ids.delete(sessionId);
  }
  if (viewer.mints && at >= viewer.mints.windowStart + 2 * viewer.mints.windowMs) viewer.mints = null;
  if (viewer.signOuts && at >= viewer.signOuts.until) viewer.signOuts = null;
}

/** Counts one attempt in the window of `at`; the window before it is kept as one number. */
export function countAttempt(viewer: MemoryViewer, at: number, windowMs: number): MintCount {
  const windowStart = at - (at % windowMs);
  const saved = viewer.mints;
  let counter: MintCounter = { windowStart, current: 1, previous: 0, windowMs };
  if (saved && saved.windowMs === windowMs && saved.windowStart >= windowStart) {
    counter = { ...saved, current: saved.current + 1 };
  } else if (saved && saved.windowMs === windowMs && saved.windowStart === windowStart - windowMs) {
    counter = { windowStart, current: 1, previous: saved.current, windowMs };
  }
  viewer.mints = counter;
  return { windowStart: counter.windowStart, current: counter.current, previous: counter.previous, signOuts: viewer.signOuts?.count ?? 0 };
}

/** Records a fresh id for `lifetimeMs` from `at`; pending at once when the viewer signed out since `signOutsSeen`. */
export function addEntry(viewer: MemoryViewer, entry: { sessionId: string; lifetimeMs: number; signOutsSeen: number; leaseMs: number }, at: number): AddOutcome {
  const signedOut = (viewer.signOuts?.count ?? 0) !== entry.signOutsSeen;
  const state: EntryState = signedOut ? { kind: 'pending', leaseUntil: at + entry.leaseMs, failures: 0, since: at } : LIVE;
  if (entry.lifetimeMs > 0) viewer.ids.set(entry.sessionId, { expiresAt: at + entry.lifetimeMs, state });
  return signedOut ? 'signed-out' : 'recorded';
}

/** Leases an entry until `leaseUntil` unless it is held (pending, lease or backoff not over at `at`). */
function leaseEntry(entry: MemoryEntry, leaseUntil: number, at: number): ClaimOutcome {
  if (entry.state.kind === 'pending' && entry.state.leaseUntil > at) return 'held';
  const outcome = entry.state.kind === 'live' ? 'claimed' : 'reclaimed';
  const failures = entry.state.kind === 'pending' ? entry.state.failures : 0;
  entry.state = { kind: 'pending', leaseUntil, failures, since: pendingSince(entry.state, at) };
  return outcome;
}

/** Claims one id, live or pending and due, leased for `leaseMs` from `at`; a held one stays as it is. */
export function claimEntry(viewer: MemoryViewer, claim: { sessionId: string; leaseMs: number }, at: number): ClaimOutcome {
  const entry = viewer.ids.get(claim.sessionId);
  if (!entry) return 'absent';
  return leaseEntry(entry, at + claim.leaseMs, at);
}

/** Moves the sign-out moment on (remembered `rememberMs` from `at` at least) and claims every id that is not held. */
export function signOutViewer(viewer: MemoryViewer, claim: { leaseMs: number; rememberMs: number }, at: number): SignedOutIds {
  const count = (viewer.signOuts?.count ?? 0) + 1;
  viewer.signOuts = { count, until: Math.max(viewer.signOuts?.until ?? 0, at + claim.rememberMs) };
  const claimed: SignedOutIds = { ids: [], reclaimed: [], held: [] };
  for (const [sessionId, entry] of viewer.ids) {
    const outcome = leaseEntry(entry, at + claim.leaseMs, at);
    if (outcome === 'held') claimed.held.push(sessionId);
    else claimed.ids.push(sessionId);
    if (outcome === 'reclaimed') claimed.reclaimed.push(sessionId);
  }
  return claimed;
}

/** Claims the pending ids whose lease has lapsed at `at`, leased anew for `leaseMs`. */
export function claimLapsed(viewer: MemoryViewer, leaseMs: number, at: number): ClaimedIds {
  const ids: string[] = [];
  for (const [sessionId, entry] of viewer.ids) {
    if (entry.state.kind === 'live' || entry.state.leaseUntil > at) continue;
    ids.push(sessionId);
    entry.state = { ...entry.state, leaseUntil: at + leaseMs };
  }
  return { ids, reclaimed: [...ids] };
}

/** The backoff after an id's `failures`-th failure, ms (the rule of `RetrySchedule`). */
function retryDelay(retry: RetrySchedule, failures: number): number {
  const full = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.min(failures - 1, 52));
  return Math.ceil(full * (1 - retry.jitter / 2));
}

/** Takes revoked ids out, counts a failure of each failed pending one (due after its backoff from `at`); returns the pending ids. */
export function settleEntries(viewer: MemoryViewer, settlement: { revoked: readonly string[]; failed: readonly string[]; retry: RetrySchedule }, at: number): string[] {
  for (const sessionId of settlement.revoked) viewer.ids.delete(sessionId);
  for (const sessionId of settlement.failed) {
    const entry = viewer.ids.get(sessionId);
    if (!entry || entry.state.kind !== 'pending') continue;
    const failures = entry.state.failures + 1;
    entry.state = { ...entry.state, leaseUntil: at + retryDelay(settlement.retry, failures), failures };
  }
  const pending: string[] = [];
  for (const [sessionId, entry] of viewer.ids) {
    if (entry.state.kind === 'pending') pending.push(sessionId);
  }
  return pending;
}

/** When an id claimed at `at` became pending: an earlier claim's moment, or `at`. */
function pendingSince(state: EntryState, at: number): number {
  return state.kind === 'pending' ? state.since : at;
}

/** The viewer's pending ids at `at` (expired ones left out): how many, and since when the oldest waits (`null`: none). */
export function pendingOf(viewer: MemoryViewer, at: number): { ids: number; oldestSince: number | null } {
  let ids = 0;
  let oldestSince: number | null = null;
  for (const entry of viewer.ids.values()) {
    if (entry.state.kind === 'live' || entry.expiresAt <= at) continue;
    ids += 1;
    oldestSince = Math.min(oldestSince ?? entry.state.since, entry.state.since);
  }
  return { ids, oldestSince };
}
