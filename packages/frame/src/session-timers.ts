import type { Scope } from '@svc-embed/runtime';
import { sessionSchedule, type FrameSession, type SessionState } from './session-schedule.js';

/** The running timers of one signed session. */
export interface SessionTimers {
  /** The session now. */
  readonly current: FrameSession;
  /** Replaces the session (after a successful exchange): state `active` again, timers reset. */
  swap(expiresAt: number): void;
  /** The service ended the session early, at `at`: it lapses then (now, if `at` is past). */
  end(at: number): void;
}

/** Options of {@link createSessionTimers}. */
export interface SessionTimersOptions {
  /** The frame's window: its wake-up signals trigger a re-check. */
  window: Window;
  /** The frame's scope: timers and listeners are released with it. */
  scope: Scope;
  /** The clock, epoch ms. */
  now: () => number;
  /** When the first session stops working, epoch ms. */
  expiresAt: number;
  /** Lead of `expiring` before `expiresAt`. */
  warnBeforeMs: number;
  /** Called for each state entered, in order, and for each session swapped in. */
  enter: (session: FrameSession) => void;
}

const ORDER: readonly SessionState[] = ['active', 'expiring', 'expired'];

/** Signals after which timers may have been throttled or frozen (background tab, sleep). */
const WAKE_UPS = ['pageshow', 'focus', 'online'];

/**
 * Runs {@link sessionSchedule}: one timer for the next change, a wall-clock re-check on every wake-up
 * signal, and `enter(session)` for each state entered, in order. States only move forward within a
 * session (a clock jumping backwards revives nothing), so each is entered at most once per session.
 */
export function createSessionTimers(options: SessionTimersOptions): SessionTimers {
  const { window: win, scope, now, warnBeforeMs, enter } = options;
  let session: FrameSession = { state: 'active', expiresAt: options.expiresAt };
  let cancel = () => {};
  const check = () => {
    cancel();
    const { state, delayMs } = sessionSchedule(now(), session.expiresAt, warnBeforeMs);
    if (delayMs) cancel = scope.later(delayMs, check);
    // Every state between the one we were in and the one the clock says, each entered in turn.
    for (const next of ORDER.slice(ORDER.indexOf(session.state) + 1, ORDER.indexOf(state) + 1)) {
      session = { state: next, expiresAt: session.expiresAt };
      enter(session);
    }
  };
  for (const type of WAKE_UPS) scope.listen(win, type, check);
  scope.listen(win.document, 'visibilitychange', check);
  check();
  return {
    get current() {
      return session;
    },
    swap(expiresAt) {
      session = { state: 'active', expiresAt };
      enter(session);
      check();
    },
    end(at) {
      if (at < session.expiresAt && session.state !== 'expired') session = { state: session.state, expiresAt: at };
      check();
    },
  };
}
