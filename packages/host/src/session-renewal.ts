import { backoffDelay, createDeferred, type Deferred, type RetryPolicy, type Scope } from '@svc-embed/runtime';
import type { RenewalFailure, RenewalInfo, RenewalTrigger } from './embed.js';
import type { DebugLogger } from './embed-options.js';
import { destroyedError, EmbedError } from './errors.js';
import {
  initialRenewalState, isRunning, REJECTION_WINDOW_MS,
  type RenewalConfig, type RenewalEnd, type RenewalPhase, type RenewalRun, type RenewalSignal, type RenewalStep,
} from './renewal-state.js';
import { renewalStep } from './renewal-step.js';
import type { SessionMint } from './session-mint.js';

/** Session renewal of one embed: one renewal per session, whatever triggers it. */
export interface SessionRenewal {
  /**
   * Renews the session that lapses at `expiry` (default: its known or estimated expiry), joining the
   * renewal in flight. A trigger for a session already renewed is ignored. `builtAt` is the event's
   * `timestamp`: an event built before (or as) our last set-session went out is about an older session.
   */
  renew(trigger: RenewalTrigger, expiry?: number, builtAt?: number): Promise<void>;
  /** The embed rejected a `set-session` id (an `error` event with `context: 'session-renewal'`). */
  rejected(): void;
  /** The embed could not authenticate with its id and waits for a `set-session` (context `auth`). */
  authFailed(): void;
  /** The embed sent `ready`. */
  ready(): void;
  /** `embed.ready` rejected with `error`: renewals waiting for it fail with it. */
  readyFailed(error: EmbedError): void;
  /** The page came back to the foreground: renew when the session is near or past its expiry. */
  check(): void;
  /** A first session id was just put to use: the base of the expiry estimate. */
  minted(): void;
}

/** Options of {@link createSessionRenewal}. */
export interface SessionRenewalOptions {
  /** The embed's scope: timers, and the end of every renewal on destroy. */
  scope: Scope;
  /** The clock, epoch ms. */
  now: () => number;
  /** Mints one id and hands it to the sender at once; `undefined` without `mintSessionId`. */
  mint: SessionMint | undefined;
  /** Posts `set-session` through the action queue. */
  send: (sessionId: string) => void;
  /** Posts `set-session` past the queue (the embed waits for it before it sends `ready`). */
  sendNow: (sessionId: string) => void;
  /** Attempts per renewal, each with a fresh id, and the backoff between them. */
  policy: RetryPolicy;
  /** Emits the host-side notifications. */
  notify: (name: 'renewed' | 'renewal-failed', info: RenewalInfo | RenewalFailure) => void;
  /** Rejects `embed.ready`: no id got the embed to authenticate. */
  rejectReady: (error: EmbedError) => void;
  /** The embed's debug logger (`renew`, `retry`, `drop`). */
  log: DebugLogger;
}

/**
 * Creates the {@link SessionRenewal} of one embed: the thin effect layer around the pure
 * `renewalStep`. It feeds it every signal and runs the entry action of each phase entered (see
 * `RenewalPhase`): mints and sends, the phase's timer, a rejection's failure a microtask later.
 * Then it tells of a run that ended: the notification, the callers' promises, `ready`'s rejection.
 */
export function createSessionRenewal(options: SessionRenewalOptions): SessionRenewal {
  const { scope, now, mint, send, sendNow, notify, rejectReady, log, policy } = options;
  const config: RenewalConfig = { policy, canMint: mint !== undefined };
  let state = initialRenewalState(now());
  let stopTimer = () => {};
  // Only the newest mint's result counts (an `auth` run can end while its mint is on its way).
  let mints = 0;
  // The promise of the callers waiting for the run in progress, made when the first one waits.
  let waiting: Deferred<void> | undefined;

  const waitForRun = (): Promise<void> => {
    waiting ??= createDeferred<void>();
    return waiting.promise;
  };

  const arm = (ms: number) => {
    stopTimer = scope.later(ms, () => dispatch({ type: 'timer', now: now() }));
  };

  /** The entry action of the phase just entered. */
  const enter = (phase: RenewalPhase, run: RenewalRun | undefined) => {
    if (phase === 'minting' && run && mint) {
      mints++;
      const ticket = mints;
      mint(run.auth ? sendNow : send).then(
        () => {
          if (ticket === mints) dispatch({ type: 'sent', now: now() });
        },
        (error: EmbedError) => {
          if (ticket === mints) dispatch({ type: 'attempt-failed', error });
        },
      );
    }
    if (phase === 'awaiting-verdict' && run && !run.auth) arm(REJECTION_WINDOW_MS);
    if (phase === 'backoff' && run) arm(backoffDelay(policy, run.attempt));
    // A promise reaction, not queueMicrotask: test runners' fake timers (jest's) hold the latter back.
    if (phase === 'rejected')
      void Promise.resolve().then(() => {
        if (state.phase === 'rejected') dispatch({ type: 'attempt-failed', error: new EmbedError('session-rejected', 'the embed rejected the new session id') });
      });
  };

  /** Tells of a run that ended. */
  const tell = (ended: RenewalEnd) => {
    const { error } = ended;
    if (error) {
      if (ended.trigger === 'auth') rejectReady(error);
      notify('renewal-failed', { ...ended, error });
      waiting?.reject(error);
    } else {
      // An `auth` run's success is the embed's `ready` itself.
      if (ended.trigger !== 'auth') notify('renewed', ended);
      waiting?.resolve();
    }
    waiting = undefined;
  };

  function dispatch(signal: RenewalSignal): RenewalStep {
    const previous = state.phase;
    const step = renewalStep(state, signal, config);
    state = step.state;
    if (step.log) log(String(step.log[0]), ...step.log.slice(1));
    if (step.ended) tell(step.ended);
    if (state.phase !== previous) {
      stopTimer();
      enter(state.phase, state.run);
    }
    return step;
  }

  scope.onDispose(() => {
    waiting?.reject(destroyedError());
    waiting = undefined;
    dispatch({ type: 'destroyed' });
  });

  return {
    renew(trigger, expiry, builtAt) {
      const step = dispatch({ type: 'trigger', trigger, now: now(), expiry, builtAt });
      if (state.phase === 'destroyed') return Promise.reject(destroyedError());
      if (isRunning(state.phase)) return waitForRun();
      // A run that started and failed at once (the embed will never be ready) still answers its caller.
      return step.ended?.error ? Promise.reject(step.ended.error) : Promise.resolve();
    },
    rejected: () => void dispatch({ type: 'rejected' }),
    authFailed: () => void dispatch({ type: 'auth' }),
    ready: () => void dispatch({ type: 'ready', now: now() }),
    readyFailed: (error) => void dispatch({ type: 'ready-failed', error }),
    check: () => void dispatch({ type: 'wake', now: now() }),
    minted: () => void dispatch({ type: 'first-id-used', now: now() }),
  };
}
