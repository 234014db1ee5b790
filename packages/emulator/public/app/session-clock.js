// The clock handed to the frame half. The frame runs the session timers from `expiresAt`; when the
// service says the session ended early (the token was expired or revoked on the server), `lapse`
// moves this clock to that expiry and wakes the frame's timers, so the frame enters "expired" and
// emits session-expired like at a normal lapse. A new session (exchange) puts the clock back.

export function createSessionClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    /** @param {number} expiresAt The frame's current session expiry. */
    lapse(expiresAt) {
      offset = Math.max(offset, expiresAt - Date.now());
      // The frame re-checks the wall clock on wake-up signals ('online' is the least intrusive one).
      window.dispatchEvent(new Event('online'));
    },
    reset() {
      offset = 0;
    },
  };
}
