/**
 * The per-viewer limit of sign-outs and `DELETE`s (`limits.revocationsPerWindow` in any
 * `revocationWindowMs`), counted in this instance's memory with the mint limit's sliding window
 * (two counters per viewer: mint-window.ts judges them). Per instance: N instances admit N times the
 * limit, which still bounds what a script costs the store (the service is asked at most once per id
 * however many calls come: sign-outs are merged). Viewers idle for two windows are forgotten.
 */
import { mintVerdict } from './mint-window.js';

/** The counters of one viewer. */
interface Counter {
  windowStart: number;
  current: number;
  previous: number;
}

/** `allowed`, or `refused` with the seconds until a call would be allowed again (`Retry-After`). */
type RevocationVerdict = { kind: 'allowed' } | { kind: 'refused'; retryAfterSeconds: number };

/** The limit's counters of one instance. */
export interface RevocationCounter {
  /** Counts one sign-out or `DELETE` of `viewerId` at `now` (refused ones too) and judges it. */
  count(viewerId: string, now: number): RevocationVerdict;
  /** How many viewers the counters hold: a viewer idle for two windows is forgotten when a later call turns the window. */
  viewers(): number;
}

/** Counters for at most `perWindow` calls per viewer in any `windowMs`. */
export function createRevocationCounter(limit: { perWindow: number; windowMs: number }): RevocationCounter {
  const counters = new Map<string, Counter>();
  let prunedWindow = 0;
  const prune = (windowStart: number) => {
    if (windowStart === prunedWindow) return;
    prunedWindow = windowStart;
    for (const [viewerId, counter] of counters) if (counter.windowStart < windowStart - limit.windowMs) counters.delete(viewerId);
  };
  return {
    count: (viewerId, now) => {
      const windowStart = now - (now % limit.windowMs);
      prune(windowStart);
      const counter = nextCounter(counters.get(viewerId), windowStart, limit.windowMs);
      counters.set(viewerId, counter);
      return mintVerdict({ ...counter, signOuts: 0 }, { now, windowMs: limit.windowMs, mintsPerWindow: limit.perWindow });
    },
    viewers: () => counters.size,
  };
}

/** The counters after one more call in the window starting at `windowStart`. */
function nextCounter(saved: Counter | undefined, windowStart: number, windowMs: number): Counter {
  if (saved && saved.windowStart >= windowStart) return { ...saved, current: saved.current + 1 };
  if (saved && saved.windowStart === windowStart - windowMs) return { windowStart, current: 1, previous: saved.current };
  return { windowStart, current: 1, previous: 0 };
}
