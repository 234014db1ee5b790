/**
 * @typedef {object} Clock
 * @property {() => number} now Epoch milliseconds.
 */

/** The wall clock. @type {Clock} */
export const systemClock = { now: () => Date.now() };

/**
 * A clock that only moves when told to, for tests of expiry rules without sleeping.
 * @param {number} [start] Epoch ms to start at (default: the current time).
 * @returns {Clock & { advance(ms: number): number, set(ms: number): number }}
 * @example
 * const clock = createManualClock();
 * const emulator = await createEmulator({ clock });
 * clock.advance(5 * 60_000 + 1); // every unredeemed session id is now expired
 */
export function createManualClock(start = Date.now()) {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance() takes a non-negative number of ms (got ${ms})`);
      current += ms;
      return current;
    },
    set(ms) {
      if (!Number.isFinite(ms)) throw new RangeError(`set() takes epoch ms (got ${ms})`);
      current = ms;
      return current;
    },
  };
}
