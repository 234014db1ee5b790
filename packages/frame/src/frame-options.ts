import { MODES, SURFACES, type Mode, type Surface } from '@svc-embed/protocol';
import { FrameError } from './errors.js';
import type { HostOrigins } from './host-origin.js';
import type { SessionExchange } from './session-exchange.js';

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

const show = (value: unknown) => (typeof value === 'function' ? 'a function' : JSON.stringify(value));

/**
 * Checks the options of `createFrame` and returns the window to use.
 * @throws {FrameError} `invalid-option`, naming the option and what it should be.
 */
export function checkFrameOptions(options: FrameOptions): Window {
  const fail = (message: string): never => {
    throw new FrameError('invalid-option', message);
  };
  const { mode, hostOrigins: origins, session } = options || fail('createFrame needs options');
  for (const [key, list] of [['surface', SURFACES], ['mode', MODES]] as const)
    if (!(list as readonly unknown[]).includes(options[key])) fail(`${key} must be one of ${list.join(', ')} (got ${show(options[key])})`);
  if (typeof origins !== 'function' && !(Array.isArray(origins) && origins.length && origins.every(isOrigin)))
    fail(`hostOrigins must list exact origins like https://customer.example, or be a predicate; never "*" (got ${show(origins)})`);
  if (mode === 'signed' && !(Number.isFinite(session?.expiresAt) && typeof session?.exchange === 'function'))
    fail('signed mode needs session: { expiresAt: epoch ms, exchange(sessionId) }');
  const checkMs = (key: 'warnBeforeMs' | 'exchangeTimeoutMs', min: number) => {
    const value = options[key];
    if (value !== undefined && !(value >= min && value < Infinity)) fail(`${key} must be a number of ms >= ${min} (got ${show(value)})`);
  };
  checkMs('warnBeforeMs', 0);
  checkMs('exchangeTimeoutMs', 1);
  return options.window || globalThis.window || fail('no window: call createFrame in the browser, or pass options.window');
}
