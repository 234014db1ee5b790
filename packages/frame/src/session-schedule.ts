/** Default lead of `session-expiring` before `expiresAt`: 30 minutes, as the service documents. */
export const SESSION_WARNING_MS = 30 * 60 * 1000;

import { MAX_TIMEOUT_MS as SCOPE_MAX_TIMEOUT_MS } from '@svc-embed/runtime';

/**
 * Longest delay `setTimeout` honours (2^31-1 ms, about 24.8 days); longer ones fire at once. The
 * runtime's scope caps every timer at it; published here under the same name.
 */
export const MAX_TIMEOUT_MS: number = SCOPE_MAX_TIMEOUT_MS;

/** Where a signed session stands: in use, inside the warning window, or lapsed. */
export type SessionState = 'active' | 'expiring' | 'expired';

/** A signed session as the surface sees it: its state and when it stops working (epoch ms). */
export interface FrameSession {
  /** `active`, `expiring` (inside the warning window) or `expired`. */
  readonly state: SessionState;
  /** When the session stops working, epoch ms. */
  readonly expiresAt: number;
}

/** Result of {@link sessionSchedule}. */
export interface SessionSchedule {
  /** The state the clock says the session is in. */
  state: SessionState;
  /** When to look again (ms, at most {@link MAX_TIMEOUT_MS}); absent once expired. */
  delayMs?: number;
}

/**
 * The session timers as a pure function of the clock: which state a session expiring at `expiresAt`
 * is in at `now`, and how long to wait before the next check. `expiring` starts exactly at
 * `expiresAt - warnBeforeMs`, `expired` exactly at `expiresAt`.
 * @example sessionSchedule(0, 3_600_000, SESSION_WARNING_MS) // { state: 'active', delayMs: 1_800_000 }
 */
export function sessionSchedule(now: number, expiresAt: number, warnBeforeMs: number): SessionSchedule {
  const left = expiresAt - now;
  if (!(left > 0)) return { state: 'expired' };
  const toWarning = left - warnBeforeMs;
  return toWarning > 0
    ? { state: 'active', delayMs: Math.min(toWarning, MAX_TIMEOUT_MS) }
    : { state: 'expiring', delayMs: Math.min(left, MAX_TIMEOUT_MS) };
}
