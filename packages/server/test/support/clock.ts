// Time in the server's tests: the hour, and a clock the test moves by hand (expiry without waiting).

export const HOUR = 60 * 60_000;

/** A clock at `start` that moves only when the test calls `advance(ms)` (which gives the new time). */
export function manualClock(start = 1_700_000_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}
