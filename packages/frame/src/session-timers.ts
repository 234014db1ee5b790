import type { Scope } from './scope.js';
import { sessionSchedule, type SessionState } from './session-schedule.js';

/** A signed session as the surface sees it: its state and when it stops working (epoch ms). */
export interface FrameSession {
  /** `active`, `expiring` (inside the warning window) or `expired`. */
  readonly state: SessionState;
  /** When the session stops working, epoch ms. */
  readonly expiresAt: number;
}

/** The running timers of one signed session. */
export interface SessionTimers {
  /** The session now. */
  readonly current: FrameSession;
  /** Replaces the session (after a successful exchange): state `active` again, timers reset. */
  swap(expiresAt: number): void;
  /** The service ended the session early, at `at`: it lapses then (now, if `at` is past). */
  end(at: number): void;
}

const ORDER: readonly SessionState[] = ['active', 'expiring', 'expired'];

/** Signals after which timers may have been throttled or frozen (background tab, sleep). */
const WAKE_UPS = ['pageshow', 'focus', 'online'];

/**
 * Runs {@link sessionSchedule}: one timer for the next change, a wall-clock re-check on every wake-up
 * signal, and `enter(session)` for each state entered, in order. States only move forward within a
 * session (a clock jumping backwards revives nothing), so each is entered at most once per session.
 */
export function createSessionTimers(
  win: Window,
  scope: Scope,
  now: () => number,
  expiresAt: number,
  warnBeforeMs: number,
  enter: (session: FrameSession) => void,
): SessionTimers {
  let session: FrameSession = { state: 'active', expiresAt };
  let cancel = () => {};
  const check = () => {
    cancel();
    const { state, delayMs } = sessionSchedule(now(), session.expiresAt, warnBeforeMs);
    if (delayMs) cancel = scope.timeout(check, delayMs);
    for (let i = ORDER.indexOf(session.state); i < ORDER.indexOf(state); )
      enter((session = { state: ORDER[++i]!, expiresAt: session.expiresAt }));
  };
  for (const type of WAKE_UPS) scope.listen(win, type, check);
  scope.listen(win.document, 'visibilitychange', check);
  check();
  return {
    get current() {
      return session;
    },
    swap(expiresAt) {
      enter((session = { state: 'active', expiresAt }));
      check();
    },
    end(at) {
      if (at < session.expiresAt && session.state !== 'expired') session = { state: session.state, expiresAt: at };
      check();
    },
  };
}
