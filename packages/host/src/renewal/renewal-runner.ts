import type { ReadyPayload } from '@svc-embed/protocol';
import type { Scope } from '@svc-embed/runtime';
import { createDeferred, type Deferred } from '../base/deferred.js';
import type { DebugLogger } from '../base/debug-logger.js';
import { embedStateOf, failureOf, type EmbedState, type EmbedStateChange } from './embed-state.js';
import type { TimingName } from '../mount/embed-timings.js';
import type { EmbedError } from '../base/errors.js';
import {
  elapsedSignal, initialRenewalState,
  type Delivery, type RenewalConfig, type RenewalFailure, type RenewalInfo, type RenewalEffect, type RenewalSignal, type RenewalState, type TimerPurpose,
} from './renewal.js';
import { renewalStep } from './renewal-step.js';
import type { MintCall } from './mint-call.js';

/** The embed's renewal part: it feeds the machine its signals and runs the effects. */
interface RenewalRunner {
  /** Tells the machine what happened (an event from the embed, a wake-up). */
  signal(signal: RenewalSignal): void;
  /** Renews now (`renewSession()`): resolves when the run it joins or starts works, rejects when it fails. */
  renew(): Promise<void>;
  /** Where the embed stands now. */
  readonly state: EmbedState;
}

/** What the runner acts on: the other parts of the embed, made before it. */
export interface RenewalRunnerOptions {
  /** The embed's scope: its timers, and `destroyed` when it is disposed. */
  scope: Scope;
  /** The clock, epoch ms. */
  now: () => number;
  /** Fixed for the embed's life. */
  config: RenewalConfig;
  /** Mints one id; `undefined` without `mintSessionId`. */
  mint: MintCall | undefined;
  /** Sets the iframe's URL, with the first session id when there is one. */
  load: (sessionId?: string) => void;
  /** Posts `set-session` through the action queue (`queued`) or past it (`urgent`). */
  postSession: (sessionId: string, delivery: Delivery) => void;
  /** Revokes an id that will never be used, through the viewer's ledger, and logs it (`revoke late id`). */
  revokeLateId: (sessionId: string) => void;
  /** Settles `embed.ready`. */
  ready: { resolve(payload: ReadyPayload): void; reject(error: EmbedError): void };
  /** Sends the actions held until `ready`. */
  openOutbox: () => void;
  /** The error `embed.ready` rejects with when no `ready` came in time. */
  readyTimeoutError: () => EmbedError;
  /** The error `embed.ready` rejects with when no `ready` came after the iframe's page loaded (`frame-silent`). */
  silentError: () => EmbedError;
  /** Emits the host-side notifications: `state` after each step that changed the {@link EmbedState}. */
  emit: (name: 'renewed' | 'renewal-failed' | 'state', info: RenewalInfo | RenewalFailure | EmbedStateChange) => void;
  /** The embed's debug logger. */
  log: DebugLogger;
  /** Notes a moment of the first load (`embed.timings`). */
  note: (name: TimingName) => void;
  /** The page's window and document: their wake-up signals make the machine check the session's expiry. */
  window: Window;
  document: Document;
}

/** Signals after which timers may have been throttled or frozen (background tab, sleep). */
const WAKE_UPS = ['pageshow', 'focus', 'online'];

/**
 * Creates the {@link RenewalRunner} part: the thin runner around the pure `renewalStep`. Signals are
 * handled one at a time, in order: one that arrives while effects run (a listener that calls
 * `renewSession()`, a mint that settles at once) waits its turn, so no step ever runs inside another.
 */
export function createRenewalRunner(options: RenewalRunnerOptions): RenewalRunner {
  const { scope, now, config, log, note } = options;
  let state: RenewalState = initialRenewalState(now());
  const queue: { signal: RenewalSignal; caller?: Deferred<void> }[] = [];
  let running = false;
  const perform = effectRunner({ options, signal: (next) => dispatch(next) });

  function dispatch(signal: RenewalSignal, caller?: Deferred<void>): void {
    queue.push({ signal, caller });
    if (running) return;
    running = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const step = renewalStep(state, next.signal, config);
        const previous = embedStateOf(state);
        state = step.state;
        if (step.log) log(String(step.log[0]), ...step.log.slice(1));
        for (const moment of step.moments ?? []) note(moment);
        for (const effect of step.effects) perform(effect, next.caller);
        const current = embedStateOf(state);
        if (current !== previous) options.emit('state', { state: current, previous, error: failureOf(state) });
      }
    } finally {
      // An effect that threw ends this turn, never the runner: the next signal runs the rest.
      running = false;
    }
  }

  scope.onDispose(() => dispatch({ type: 'destroyed' }));
  if (config.canMint) listenForWakeUps(options, () => dispatch({ type: 'wake-up', now: now() }));
  return {
    signal: (signal) => dispatch(signal),
    renew() {
      const caller = createDeferred<void>();
      dispatch({ type: 'trigger', trigger: 'manual', now: now() }, caller);
      return caller.promise;
    },
    get state() {
      return embedStateOf(state);
    },
  };
}

/** Calls `wakeUp` after each signal that timers may have slept through (background tab, sleep). */
function listenForWakeUps(options: Pick<RenewalRunnerOptions, 'scope' | 'window' | 'document'>, wakeUp: () => void): void {
  const { scope } = options;
  for (const type of WAKE_UPS) scope.listen(options.window, type, wakeUp);
  scope.listen(options.document, 'visibilitychange', wakeUp);
}

/** What {@link effectRunner} needs besides the runner's options. */
interface EffectRunnerOptions {
  options: RenewalRunnerOptions;
  /** Queues a signal (the result of a mint or a timer). */
  signal: (signal: RenewalSignal) => void;
}

/**
 * Returns the function that performs one effect of a step; `caller` is the `renewSession()` caller of
 * the step's signal, if any (`hold-caller` keeps it until `settle-callers`).
 */
function effectRunner(runner: EffectRunnerOptions): (effect: RenewalEffect, caller: Deferred<void> | undefined) => void {
  const { options, signal } = runner;
  const { scope, now, mint, load, postSession, revokeLateId, ready, openOutbox, emit } = options;
  /** The cancel function of each armed timer, by purpose. */
  const timers = new Map<TimerPurpose, () => void>();
  /** The callers waiting for the run in progress. */
  const held: Deferred<void>[] = [];
  return (effect, caller) => {
    switch (effect.type) {
      case 'mint': {
        // Its result carries the delivery the effect asked for: it names the machine that waits for it.
        const { ticket, delivery } = effect;
        mint?.().then(
          (sessionId) => signal({ type: 'minted', ticket, sessionId, now: now(), delivery }),
          (error: EmbedError) => signal({ type: 'mint-failed', ticket, error, delivery }),
        );
        return;
      }
      case 'load-url':
        return load(effect.sessionId);
      case 'post-session':
        return postSession(effect.sessionId, effect.delivery);
      case 'revoke-late-id':
        return revokeLateId(effect.sessionId);
      case 'start-timer':
        timers.get(effect.timer)?.();
        timers.set(effect.timer, scope.later(effect.ms, () => signal(elapsedSignal(effect.timer, now(), options))));
        return;
      case 'cancel-timer':
        timers.get(effect.timer)?.();
        timers.delete(effect.timer);
        return;
      case 'settle-rejection-soon':
        // A promise reaction, not queueMicrotask: test runners' fake timers (jest's) hold the latter back.
        void Promise.resolve().then(() => signal({ type: 'rejection-settled', error: effect.error }));
        return;
      case 'resolve-ready':
        return ready.resolve(effect.payload);
      case 'reject-ready':
        return ready.reject(effect.error);
      case 'open-outbox':
        return openOutbox();
      case 'emit':
        return emit(effect.name, effect.info);
      case 'hold-caller':
        if (caller) held.push(caller);
        return;
      case 'settle-callers':
        return settle(held.splice(0), effect.error);
    }
  };
}

/** Settles `callers`: rejected with `error` when their run failed, else resolved. */
function settle(callers: readonly Deferred<void>[], error: EmbedError | undefined): void {
  for (const caller of callers) {
    if (error) caller.reject(error);
    else caller.resolve();
  }
}
