import type { MintCount, SessionStore } from './session-store.js';

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /** Clock, epoch ms: ids expire against it. Default `Date.now` (the endpoint passes its own `now` to the store it makes). */
  now?: () => number;
}

/** The memory store: a {@link SessionStore} that also says how much it holds. */
export interface MemoryStore extends SessionStore {
  /** How many viewers have live ids or mint counters here (a gauge for memory use). */
  viewerCount(): number;
  /**
   * How many values it holds in all: ids and mint counters. A gauge for memory use: refused mints
   * never add to it (one counter per viewer, however many attempts).
   */
  entryCount(): number;
}

/** How often, at most, every ledger is swept of expired ids (on the next call; no timer runs). */
export const MEMORY_SWEEP_INTERVAL_MS = 60_000;

/** One viewer's entry: live ids with their expiry, and the mint counters (a constant amount of state). */
interface ViewerRecord {
  ids: Map<string, number>;
  mints: (MintCount & { windowMs: number }) | null;
}

/**
 * The default store: every viewer's ledger in this process's memory. **One process only**: a backend
 * on several instances (or a restart) needs a shared store such as `@svc-embed/server/redis`, or a
 * viewer's ids minted on one instance are not revoked by a logout on another. Every operation runs
 * without an `await` between reading and writing, so each is atomic; expired ids and old mints are
 * pruned as viewers are touched and in a sweep of all ledgers at most every minute, so memory holds
 * only what is live.
 * @example
 * const endpoint = createSessionEndpoint({ ...options, store: createMemoryStore() });
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const now = options.now ?? Date.now;
  const viewers = new Map<string, ViewerRecord>();
  let lastSweep = now();

  /** The viewer's record with its expired ids and old mints pruned, or a new empty one. */
  const recordOf = (viewerId: string): ViewerRecord => {
    sweepIfDue();
    const record = viewers.get(viewerId) ?? { ids: new Map<string, number>(), mints: null };
    viewers.set(viewerId, record);
    pruneRecord(record, now());
    return record;
  };
  const forgetIfEmpty = (viewerId: string, record: ViewerRecord) => {
    if (record.ids.size === 0 && record.mints === null) viewers.delete(viewerId);
  };
  const sweepIfDue = () => {
    const at = now();
    if (at - lastSweep < MEMORY_SWEEP_INTERVAL_MS) return;
    lastSweep = at;
    for (const [viewerId, record] of viewers) {
      pruneRecord(record, at);
      forgetIfEmpty(viewerId, record);
    }
  };

  return {
    async add(viewerId, sessionId, expiresAt) {
      const record = recordOf(viewerId);
      if (expiresAt > now()) record.ids.set(sessionId, expiresAt);
      forgetIfEmpty(viewerId, record);
    },
    async claim(viewerId, sessionId) {
      const record = recordOf(viewerId);
      const claimed = record.ids.delete(sessionId);
      forgetIfEmpty(viewerId, record);
      return claimed;
    },
    async claimAll(viewerId) {
      const record = recordOf(viewerId);
      const ids = [...record.ids.keys()];
      record.ids.clear();
      forgetIfEmpty(viewerId, record);
      return ids;
    },
    async countMint({ viewerId, now: at, windowMs }) {
      const record = recordOf(viewerId);
      record.mints = countAttempt(record.mints, at, windowMs);
      return { windowStart: record.mints.windowStart, current: record.mints.current, previous: record.mints.previous };
    },
    async close() {
      viewers.clear();
    },
    viewerCount: () => viewers.size,
    entryCount: () => [...viewers.values()].reduce((sum, record) => sum + record.ids.size + (record.mints ? 1 : 0), 0),
  };
}

/** Counts one attempt in the window of `at`; the window before it is kept as one number. */
function countAttempt(saved: ViewerRecord['mints'], at: number, windowMs: number): NonNullable<ViewerRecord['mints']> {
  const windowStart = at - (at % windowMs);
  if (saved && saved.windowMs === windowMs && saved.windowStart >= windowStart) return { ...saved, current: saved.current + 1 };
  if (saved && saved.windowMs === windowMs && saved.windowStart === windowStart - windowMs) return { windowStart, current: 1, previous: saved.current, windowMs };
  return { windowStart, current: 1, previous: 0, windowMs };
}

/** Drops the record's ids expired at `at` and its mint counters two windows old. */
function pruneRecord(record: ViewerRecord, at: number): void {
  for (const [sessionId, expiresAt] of record.ids) if (expiresAt <= at) record.ids.delete(sessionId);
  if (record.mints && at >= record.mints.windowStart + 2 * record.mints.windowMs) record.mints = null;
}
