// The signed session of a frame, one part that owns the timers and the set-session exchanges:
// 1. the timers follow the clock (`sessionSchedule`) and report each state entered to the session;
// 2. the session posts `session-expiring` and `session-expired` through its exchange gate, and tells
//    its listeners;
// 3. each `set-session` id is exchanged after the ones before it; while one is pending, session events
//    wait: an exchange that works drops them (they were about the session it replaced) and swaps the
//    new session into the timers; when every pending one failed, they go out after the errors.
import { SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT } from '@svc-embed/protocol';
import { createListenerRegistry, type Scope } from '@svc-embed/runtime';
import type { FrameConfig, SessionExchange } from './frame-options.js';
import type { Lifecycle } from './lifecycle.js';
import type { Outbound, OutgoingEvent } from './outbound.js';
import { sessionSchedule, type FrameSession, type SessionState } from './session-schedule.js';

/** Options of {@link createSession}. */
interface SessionPartOptions {
  /** The signed session (`session`), window (its wake-up signals), clock, warning lead, exchange timeout, log. */
  config: FrameConfig;
  /** The frame's lifecycle: its scope, and the phase a working exchange brings back from `auth-failed`. */
  lifecycle: Lifecycle;
  /** Where session events and exchange errors go. */
  outbound: Outbound;
}

/** The signed session of a frame: its state, the `set-session` exchanges, and its listeners. */
export interface Session {
  /** The session now. */
  readonly current: FrameSession;
  /** Queues `sessionId`: exchanged once, after the ids before it, with its own timeout. */
  redeem(sessionId: string): void;
  /** The service ended the session early, at `at`: it lapses then (now, if `at` is past). */
  end(at: number): void;
  /** Calls `listener` on every change of {@link Session.current}; returns its removal. */
  onChange(listener: (session: FrameSession) => void): () => void;
}

/** Creates the {@link Session} part of a signed frame, its timers started; `undefined` in private mode. */
export function createSession(options: SessionPartOptions): Session | undefined {
  const { config, lifecycle, outbound } = options;
  const { session: signed, now, log, report } = config;
  if (!signed) return undefined;
  const { scope } = lifecycle;
  const listeners = createListenerRegistry<{ change: (session: FrameSession) => void }>({ report });
  scope.onDispose(() => listeners.clear());
  // The exchange gate: ids received and not settled yet; while there is one, session events wait in `held`.
  let pending = 0;
  let held: OutgoingEvent[] = [];
  const sessionEvents = new WeakSet<OutgoingEvent>();
  let tail: Promise<unknown> = Promise.resolve();
  const postSessionEvent = (event: OutgoingEvent) => {
    sessionEvents.add(event);
    if (pending) held.push(event);
    else outbound.post(event);
  };
  const timers = createSessionTimers({
    config, scope, expiresAt: signed.expiresAt,
    entered(current) {
      const { state, expiresAt } = current;
      if (state === 'expiring')
        postSessionEvent(() => outbound.build('session-expiring', { expiresAt, expiresInMs: Math.max(0, expiresAt - now()) })());
      if (state === 'expired') postSessionEvent(outbound.build('session-expired', { expiredAt: expiresAt }));
      listeners.emit('change', current);
    },
  });
  const worked = (expiresAt: number) => {
    pending--;
    held = []; // about the session just replaced
    if (scope.disposed) return;
    // Nor does the host need to hear about the session an unauthenticated embed never had.
    if (lifecycle.phase === 'auth-failed') {
      outbound.discard((event) => sessionEvents.has(event));
      lifecycle.enter('loading');
    }
    timers.swap(expiresAt);
  };
  const failed = (reason: unknown) => {
    log('exchange failed', reason);
    const why = reason instanceof ExchangeTimeoutError ? reason.message : 'the session id could not be exchanged';
    outbound.sendError({ name: SESSION_EXCHANGE_ERROR, context: SESSION_RENEWAL_CONTEXT, message: `set-session: ${why}` });
    pending--;
    if (!pending) held.splice(0).forEach((event) => outbound.post(event));
  };
  return {
    get current() {
      return timers.current;
    },
    redeem(sessionId) {
      pending++;
      const run = { exchange: signed.exchange, sessionId, timeoutMs: config.exchangeTimeoutMs, scope };
      tail = tail.then(() => (scope.disposed ? undefined : runExchange(run).then(worked, failed)));
    },
    end: (at) => timers.end(at),
    onChange: (listener) => listeners.on('change', listener),
  };
}

/** Rejection of an exchange that outlasted its timeout. */
class ExchangeTimeoutError extends Error {}

/** One exchange of {@link runExchange}: the surface's exchange, the id, its timeout, the scope that arms it. */
interface ExchangeRun {
  exchange: SessionExchange;
  sessionId: string;
  timeoutMs: number;
  scope: Scope;
}

/** Exchanges one id: the new session's `expiresAt`, or a rejection (failure, no `expiresAt`, timeout). */
function runExchange(run: ExchangeRun): Promise<number> {
  const { exchange, sessionId, timeoutMs, scope } = run;
  return new Promise<number>((resolve, reject) => {
    const cancel = scope.later(timeoutMs, () => reject(new ExchangeTimeoutError(`exchange timed out after ${timeoutMs} ms`)));
    new Promise<{ expiresAt: number }>((settle) => settle(exchange(sessionId)))
      .then((result) => {
        if (Number.isFinite(result?.expiresAt)) resolve(result.expiresAt);
        else reject(result);
      }, reject)
      .finally(cancel);
  });
}

/** Options of {@link createSessionTimers}: the config (window, clock, warning lead), the scope, the first `expiresAt`. */
interface SessionTimersOptions {
  config: FrameConfig;
  scope: Scope;
  expiresAt: number;
  /** Called for each state entered, in order, and for each session swapped in. */
  entered: (session: FrameSession) => void;
}

/** The running timers of one signed session. */
interface SessionTimers {
  /** The session now. */
  readonly current: FrameSession;
  /** Replaces the session (after a successful exchange): state `active` again, timers reset. */
  swap(expiresAt: number): void;
  /** Moves the expiry to `at` if that is sooner, then wakes up. */
  end(at: number): void;
}

const ORDER: readonly SessionState[] = ['active', 'expiring', 'expired'];

/** Window signals (with the document's `visibilitychange`) after which timers may have been throttled or frozen. */
const WAKE_UP_SIGNALS = ['pageshow', 'focus', 'online'];

/**
 * The states `session` enters to reach `state`, in order: none when the clock says it is where it is,
 * or earlier (a clock jumping backwards revives nothing).
 */
function statesEntered(session: FrameSession, state: SessionState): FrameSession[] {
  const { expiresAt } = session;
  return ORDER.slice(ORDER.indexOf(session.state) + 1, ORDER.indexOf(state) + 1).map((next) => ({ state: next, expiresAt }));
}

/**
 * Runs {@link sessionSchedule}. Each wake-up (the timer for the next change, or a wake-up signal) reads
 * the clock, settles the session in the state it says, arms the next timer, and only then calls
 * `entered` for each state passed, in order, so a listener that calls back in finds it settled. States
 * only move forward within a session: each is entered at most once per session.
 */
function createSessionTimers(options: SessionTimersOptions): SessionTimers {
  const { config, scope, entered } = options;
  const { window: win, now, warnBeforeMs } = config;
  let session: FrameSession = { state: 'active', expiresAt: options.expiresAt };
  let cancel = () => {};
  const wakeUp = () => {
    cancel();
    const { state, delayMs } = sessionSchedule(now(), session.expiresAt, warnBeforeMs);
    cancel = delayMs ? scope.later(delayMs, wakeUp) : () => {};
    const passed = statesEntered(session, state);
    session = passed[passed.length - 1] ?? session;
    passed.forEach((next) => entered(next));
  };
  for (const type of WAKE_UP_SIGNALS) scope.listen(win, type, wakeUp);
  scope.listen(win.document, 'visibilitychange', wakeUp);
  wakeUp();
  return {
    get current() {
      return session;
    },
    swap(expiresAt) {
      session = { state: 'active', expiresAt };
      entered(session);
      wakeUp();
    },
    end(at) {
      if (at < session.expiresAt && session.state !== 'expired') session = { state: session.state, expiresAt: at };
      wakeUp();
    },
  };
}
