import { MODES, SURFACES, type Mode, type Surface } from '@svc-embed/protocol';
import { reportError } from '@svc-embed/runtime';
import { FrameError } from './errors.js';
import { originMatcher, type HostOrigins } from './host-origin.js';
import { SESSION_WARNING_MS } from './session-schedule.js';

/** Default time one exchange may take before it counts as failed: 30 seconds. */
export const EXCHANGE_TIMEOUT_MS = 30_000;

/**
 * Exchanges a single-use session id (from `set-session`) for a new signed session, usually by
 * calling the service's token endpoint; resolves with the new session's `expiresAt` (epoch ms).
 * @example (sessionId) => api.exchangeSession(sessionId).then(({ expiresAt }) => ({ expiresAt }))
 */
export type SessionExchange = (sessionId: string) => PromiseLike<{ expiresAt: number }> | { expiresAt: number };

/** The signed session the surface was loaded with, and how to replace it. */
export interface SessionOptions {
  /** When the current session stops working, epoch ms. */
  expiresAt: number;
  /** Exchanges a `set-session` id for a new session; see {@link SessionExchange}. */
  exchange: SessionExchange;
}

/** Options of `createFrame`. */
export interface FrameOptions {
  /** The surface this frame is: `dashboard`, `app` or `chat`. Sent on every event. */
  surface: Surface;
  /** `signed` (session timers and `set-session`) or `private` (neither). */
  mode: Mode;
  /**
   * Host pages that may send actions and receive events: exact origins (`https://customer.example`,
   * no path, no trailing slash) or a predicate. Never `'*'`.
   */
  hostOrigins: HostOrigins;
  /** Required in signed mode, ignored in private mode. */
  session?: SessionOptions;
  /** How long before `expiresAt` to send `session-expiring`; default 30 minutes. */
  warnBeforeMs?: number;
  /** How long one session exchange may take before it counts as failed; default 30 seconds. */
  exchangeTimeoutMs?: number;
  /** Log to `console.debug` why messages are ignored or not sent. */
  debug?: boolean;
  /** Clock, epoch ms; default `Date.now`. */
  now?: () => number;
  /** The frame's window; default `globalThis.window`. */
  window?: Window;
}

const isOrigin = (value: unknown): boolean => {
  try {
    return new URL(value as string).origin === value;
  } catch {
    return false;
  }
};

const isMs = (value: number | undefined, min: number) => value === undefined || (value >= min && value < Infinity);

/** Writes why a message was ignored or not sent, in debug mode only. */
type DebugLog = (...details: unknown[]) => void;

/** The options of `createFrame` once checked, with their defaults: what the frame's parts read. */
export interface FrameConfig {
  /** The frame's window: messages, wake-up signals, timers, `reportError`. */
  window: Window;
  surface: Surface;
  mode: Mode;
  hostOrigins: HostOrigins;
  /** The exact test of `hostOrigins`, from `originMatcher`. */
  isAllowed: (origin: string) => boolean;
  /** The signed session; `undefined` in private mode. */
  session: SessionOptions | undefined;
  warnBeforeMs: number;
  exchangeTimeoutMs: number;
  now: () => number;
  log: DebugLog;
  /** Hands what a listener threw to the window's `reportError`. */
  report: (error: unknown) => void;
}

/**
 * Checks the options of `createFrame` and returns them with their defaults.
 * @throws {FrameError} `invalid-option`, naming the option, what it must be and what it got.
 */
export function checkFrameOptions(options: FrameOptions): FrameConfig {
  const o = options || ({} as FrameOptions);
  const check = (key: keyof FrameOptions, ok: unknown, expected: string) => {
    const got = o[key];
    if (!ok) throw new FrameError('invalid-option', `${key} must be ${expected} (got ${typeof got === 'function' ? 'a function' : JSON.stringify(got)})`);
  };
  const { surface, mode, hostOrigins, session, warnBeforeMs = SESSION_WARNING_MS, exchangeTimeoutMs = EXCHANGE_TIMEOUT_MS, now = Date.now } = o;
  check('surface', SURFACES.includes(surface), `one of ${SURFACES.join(', ')}`);
  check('mode', MODES.includes(mode), `one of ${MODES.join(', ')}`);
  check(
    'hostOrigins',
    typeof hostOrigins === 'function' || (Array.isArray(hostOrigins) && hostOrigins.length && hostOrigins.every(isOrigin)),
    'exact origins like https://customer.example (never "*"), or a predicate',
  );
  check(
    'session',
    mode === 'private' || (Number.isFinite(session?.expiresAt) && typeof session?.exchange === 'function'),
    '{ expiresAt: epoch ms, exchange(sessionId) } in signed mode',
  );
  check('warnBeforeMs', isMs(o.warnBeforeMs, 0), 'a number of ms >= 0');
  check('exchangeTimeoutMs', isMs(o.exchangeTimeoutMs, 1), 'a number of ms >= 1');
  const win = o.window || globalThis.window;
  check('window', win, 'passed when there is no global window');
  return {
    window: win, surface, mode, hostOrigins, isAllowed: originMatcher(hostOrigins),
    session: mode === 'signed' ? session : undefined, warnBeforeMs, exchangeTimeoutMs, now,
    log(...details) {
      if (o.debug) console.debug('[svc-embed/frame]', ...details);
    },
    report: (error) => reportError(win, error),
  };
}
