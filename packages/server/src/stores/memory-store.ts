import type { SessionStore } from './session-store.js';

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /** Clock, epoch ms: ids expire against it. Default `Date.now` (the endpoint passes its own `now` to the store it makes). */
  now?: () => number;
}

/** The memory store: a {@link SessionStore} that also says how many viewers it holds. */
export interface MemoryStore extends SessionStore {
  /** How many viewers have live ids or recent mints here (a gauge for memory use). */
  viewerCount(): number;
}

/** How often, at most, every ledger is swept of expired ids (on the next call; no timer runs). */
export const MEMORY_SWEEP_INTERVAL_MS = 60_000;

/** One viewer's entry: live ids with their expiry, and the times of recent mints. */
interface ViewerRecord {
  ids: Map<string, number>;
  mints: number[];
  /** The window of the last `countMint`, so a sweep knows which mints still count. */
  mintWindowMs: number;
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
    const record = viewers.get(viewerId) ?? { ids: new Map<string, number>(), mints: [], mintWindowMs: 0 };
    viewers.set(viewerId, record);
    pruneRecord(record, now());
    return record;
  };
  const forgetIfEmpty = (viewerId: string, record: ViewerRecord) => {
    if (record.ids.size === 0 && record.mints.length === 0) viewers.delete(viewerId);
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
    async countMint(viewerId, at, windowMs) {
      const record = recordOf(viewerId);
      record.mintWindowMs = windowMs;
      record.mints = record.mints.filter((mintedAt) => mintedAt > at - windowMs);
      record.mints.push(at);
      return { count: record.mints.length, oldestAt: record.mints.reduce((oldest, mintedAt) => Math.min(oldest, mintedAt), at) };
    },
    async close() {
      viewers.clear();
    },
    viewerCount: () => viewers.size,
  };
}

/** Drops the record's ids expired at `at` and its mints out of the last window. */
function pruneRecord(record: ViewerRecord, at: number): void {
  for (const [sessionId, expiresAt] of record.ids) if (expiresAt <= at) record.ids.delete(sessionId);
  record.mints = record.mints.filter((mintedAt) => mintedAt > at - record.mintWindowMs);
}
