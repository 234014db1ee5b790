/**
 * What one instance has in flight, so that nothing is asked of the service twice at once: the
 * revocations running here (an id's revocation, until it is settled), which a sign-out or `DELETE`
 * that finds the id held joins instead of calling `revoke` again; the slots of `revoke` calls (at
 * most `limits.revokeConcurrency` at once, all viewers together); and the running sweep, which a
 * second `revokePending()` joins. Across instances the lease in the store is the record.
 */

/** What became of claimed ids. */
export interface RevocationOutcome {
  /** Ids revoked, by this call or by a revocation it joined. */
  revoked: string[];
  /** Ids whose revocation failed, in this call or in one it joined. */
  failed: string[];
  /** The viewer's pending ids after `settle`; `null` when the store could not be told. */
  pending: string[] | null;
}

/** A revocation running on this instance: resolves once its ids are revoked (or failed) and settled. */
type Settling = Promise<RevocationOutcome>;

/** The instance's revocations in flight. */
export interface InFlight {
  /** Runs `call` once a slot of `revokeConcurrency` is free; the slot is freed when it ends. */
  inSlot<T>(call: () => Promise<T>): Promise<T>;
  /** Notes that `settling` revokes and settles `sessionIds`; each is forgotten when it ends. */
  track(sessionIds: readonly string[], settling: Settling): void;
  /** The revocations running here for some of `sessionIds` (those another call holds here). */
  runningFor(sessionIds: readonly string[]): Settling[];
  /** Whether `sessionId` is being revoked on this instance. */
  isRunning(sessionId: string): boolean;
  /** Runs `sweep` unless one runs already, whose promise is then returned instead. */
  sweepOnce<T>(sweep: () => Promise<T>): Promise<T>;
}

/** Nothing in flight; at most `concurrency` `revoke` calls at once. */
export function createInFlight(concurrency: number): InFlight {
  const running = new Map<string, Settling>();
  const slots = createSlots(concurrency);
  let sweep: Promise<unknown> | null = null;
  return {
    inSlot: slots.run,
    track: (sessionIds, settling) => {
      for (const sessionId of sessionIds) running.set(sessionId, settling);
      const forget = () => {
        for (const sessionId of sessionIds) if (running.get(sessionId) === settling) running.delete(sessionId);
      };
      settling.then(forget, forget);
    },
    runningFor: (sessionIds) => [...new Set(sessionIds.flatMap((sessionId) => running.get(sessionId) ?? []))],
    isRunning: (sessionId) => running.has(sessionId),
    sweepOnce: <T>(run: () => Promise<T>): Promise<T> => {
      if (sweep) return sweep as Promise<T>;
      const started = run().finally(() => {
        sweep = null;
      });
      sweep = started;
      return started;
    },
  };
}

/** A counting semaphore: `run` waits (first come, first served) for one of `limit` slots. */
function createSlots(limit: number) {
  let used = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else used -= 1;
  };
  const acquire = (): Promise<void> => {
    if (used < limit) {
      used += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  return {
    run: async <T>(call: () => Promise<T>): Promise<T> => {
      await acquire();
      try {
        return await call();
      } finally {
        release();
      }
    },
  };
}
