import { randomUUID } from 'node:crypto';
import { EndpointError } from '../errors.js';
import {
  addEntry, claimEntry, claimLapsed, countAttempt, emptyViewer, pendingOf, pruneViewer, settleEntries, signOutViewer, viewerSize, type MemoryViewer,
} from './memory-ledger.js';
import type { PendingCount, SessionStore } from './session-store.js';

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /**
   * The store's clock, epoch ms: every lifetime and lease is counted from it, and ids expire and
   * leases lapse against it. Default `Date.now` (the endpoint passes its own `now` to the store it makes).
   */
  now?: () => number;
  /**
   * Since when its ledger is whole, epoch ms on its clock (its `horizon().since`). Default: its
   * creation, for after a restart ids minted by the process before may be live and unknown to it.
   * Give an earlier time (0: whole from the start) only when no id minted before this store can
   * still be live at the service: in tests, or beside a service that starts and forgets with it (the
   * demo's emulator). Anywhere else it makes sign-outs answer `complete: true` that are not.
   */
  ledgerSince?: number;
}

/** The memory store: a {@link SessionStore} that also says how much it holds. */
export interface MemoryStore extends SessionStore {
  /** How many viewers have data here (ids, mint counters, a sign-out moment): a gauge for memory use. */
  viewerCount(): number;
  /**
   * How many values it holds in all: ids, mint counters, sign-out moments and hints. A gauge for
   * memory use: refused mints never add to it (one counter per viewer, however many attempts).
   */
  entryCount(): number;
}

/** How often, at most, every viewer's data is swept of what has lapsed (on the next call; no timer runs). */
export const MEMORY_SWEEP_INTERVAL_MS = 60_000;

/**
 * The default store: every viewer's ledger in this process's memory. **One process only**: a backend
 * on several instances (or a restart) needs a shared store such as `@svc-embed/server/redis`, or a
 * viewer's ids minted on one instance are not revoked by a sign-out on another. Its ledger horizon
 * is its creation: after a restart, sign-outs answer `complete: false` (`ledger-incomplete`) until
 * an id minted by the process before can no longer be live. Every operation runs
 * without an `await` between reading and writing, so each is atomic; what has lapsed is pruned as
 * viewers are touched and in a sweep of all viewers at most every minute, so memory holds only what
 * is live.
 * @example
 * const endpoint = createSessionEndpoint({ ...options, store: createMemoryStore() });
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const now = options.now ?? Date.now;
  if (typeof now !== 'function') throw new EndpointError('invalid-options', 'now must be a function returning epoch ms, such as Date.now');
  const viewers = createViewerMap(now);
  const hints = new Map<string, string>();
  const since = checkLedgerSince(options.ledgerSince, now());
  return {
    countMint: async ({ viewerId, now: at, windowMs }) => viewers.update(viewerId, (viewer) => countAttempt(viewer, at, windowMs)),
    add: async (entry) => viewers.update(entry.viewerId, (viewer, at) => addEntry(viewer, entry, at)),
    claim: async ({ viewerId, ...claim }) => viewers.update(viewerId, (viewer, at) => claimEntry(viewer, claim, at)),
    signOut: async ({ viewerId, ...claim }) => viewers.update(viewerId, (viewer, at) => signOutViewer(viewer, claim, at)),
    claimPending: async ({ viewerId, leaseMs }) => viewers.update(viewerId, (viewer, at) => claimLapsed(viewer, leaseMs, at)),
    settle: async ({ viewerId, ...settlement }) => viewers.update(viewerId, (viewer, at) => settleEntries(viewer, settlement, at)),
    hint: async (viewerId) => {
      const token = randomUUID();
      hints.set(viewerId, token);
      return token;
    },
    dropHint: async ({ viewerId, token }) => {
      if (hints.get(viewerId) === token) hints.delete(viewerId);
    },
    listHints: async () => ({ hints: Array.from(hints.keys(), (viewerId) => ({ viewerId, token: hints.get(viewerId) ?? '' })), cursor: '0' }),
    countPending: async () => viewers.countPending(),
    horizon: async () => ({ since, now: now() }),
    close: async () => {
      viewers.clear();
      hints.clear();
    },
    viewerCount: () => viewers.size(),
    entryCount: () => viewers.entryCount() + hints.size,
  };
}

/** `ledgerSince`, or the store's creation when it is left out. */
function checkLedgerSince(given: unknown, createdAt: number): number {
  if (given === undefined) return createdAt;
  if (typeof given !== 'number' || !Number.isSafeInteger(given) || given < 0 || given > createdAt) {
    throw new EndpointError('invalid-options', `ledgerSince must be epoch ms, 0 up to now (got ${String(given)}); leave it out unless no id minted before this store can be live`);
  }
  return given;
}

/** The viewers' data by id, pruned as it is touched, swept whole at most every {@link MEMORY_SWEEP_INTERVAL_MS}. */
function createViewerMap(now: () => number) {
  const viewers = new Map<string, MemoryViewer>();
  let lastSweep = now();
  const forgetIfEmpty = (viewerId: string, viewer: MemoryViewer) => {
    if (viewerSize(viewer) === 0) viewers.delete(viewerId);
  };
  const sweepIfDue = (at: number) => {
    if (at - lastSweep < MEMORY_SWEEP_INTERVAL_MS) return;
    lastSweep = at;
    for (const [viewerId, viewer] of viewers) {
      pruneViewer(viewer, at);
      forgetIfEmpty(viewerId, viewer);
    }
  };
  return {
    /** Runs `operation` on the viewer's pruned data (made when missing), then forgets the viewer if nothing is left. */
    update<T>(viewerId: string, operation: (viewer: MemoryViewer, at: number) => T): T {
      const at = now();
      sweepIfDue(at);
      const viewer = viewers.get(viewerId) ?? emptyViewer();
      pruneViewer(viewer, at);
      const result = operation(viewer, at);
      viewers.set(viewerId, viewer);
      forgetIfEmpty(viewerId, viewer);
      return result;
    },
    size: () => viewers.size,
    /** Every viewer's pending ids, at the store's now. */
    countPending: (): PendingCount => {
      const at = now();
      let ids = 0;
      let oldestSince = Infinity;
      for (const viewer of viewers.values()) {
        const pending = pendingOf(viewer, at);
        ids += pending.ids;
        oldestSince = Math.min(oldestSince, pending.oldestSince ?? Infinity);
      }
      return { ids, oldestAgeMs: ids === 0 ? null : at - oldestSince };
    },
    entryCount: () => [...viewers.values()].reduce((sum, viewer) => sum + viewerSize(viewer), 0),
    clear: () => viewers.clear(),
  };
}
