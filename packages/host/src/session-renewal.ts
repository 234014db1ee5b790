import type { RetryPolicy, Scope } from '@svc-embed/runtime';
import type { RenewalFailure, RenewalInfo, RenewalTrigger } from './embed.js';
import type { DebugLogger } from './embed-options.js';
import { EmbedError } from './errors.js';
import { initialRenewalState, type RenewalConfig, type RenewalEffect, type RenewalSignal } from './renewal-state.js';
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
  log: DebugLogger;
}

interface Waiter {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: EmbedError) => void;
}

/**
 * Creates the {@link SessionRenewal} of one embed: the thin effect layer around the pure
 * `renewalStep`. It feeds it every signal, and runs the effects it returns: mints and sends, one
 * timer at a time (the verdict window or a backoff), notifications, and the callers' promises.
 */
export function createSessionRenewal(options: SessionRenewalOptions): SessionRenewal {
  const { scope, now, mint, send, sendNow, notify, rejectReady, log } = options;
  const config: RenewalConfig = { policy: options.policy, canMint: mint !== undefined };
  let state = initialRenewalState(now());
  let stopTimer = () => {};
  // The promises of callers waiting for a run, by run id; made only when someone waits.
  const waiters = new Map<number, Waiter>();
  const destroyed = () => new EmbedError('destroyed', 'this embed was destroyed');

  const waitFor = (run: number): Promise<void> => {
    const found = waiters.get(run);
    if (found) return found.promise;
    const waiter = {} as Waiter;
    waiter.promise = new Promise<void>((resolve, reject) => {
      waiter.resolve = resolve;
      waiter.reject = reject;
    });
    waiters.set(run, waiter);
    return waiter.promise;
  };

  const run = (effect: RenewalEffect): void => {
    switch (effect.type) {
      case 'mint': {
        const { ticket, direct } = effect;
        if (!mint) return;
        mint(direct ? sendNow : send).then(
          () => dispatch({ type: 'sent', ticket, now: now() }),
          (error: EmbedError) => dispatch({ type: 'attempt-failed', ticket, error }),
        );
        return;
      }
      case 'start-timer': {
        const { ticket, then } = effect;
        stopTimer();
        stopTimer = scope.later(effect.ms, () =>
          dispatch(then === 'verdict-timeout' ? { type: then, ticket, now: now() } : { type: then, ticket }),
        );
        return;
      }
      case 'stop-timer':
        stopTimer();
        return;
      case 'notify':
        notify(effect.name, effect.info);
        return;
      case 'settle': {
        const waiter = waiters.get(effect.run);
        waiters.delete(effect.run);
        if (effect.error) waiter?.reject(effect.error);
        else waiter?.resolve();
        return;
      }
      case 'auth-failed':
        rejectReady(effect.error);
        return;
      case 'next-tick': {
        const { signal } = effect;
        queueMicrotask(() => dispatch(signal));
        return;
      }
      case 'log': {
        const [event, ...details] = effect.details;
        log(String(event), ...details);
      }
    }
  };

  function dispatch(signal: RenewalSignal): RenewalEffect[] {
    const step = renewalStep(state, signal, config);
    state = step.state;
    step.effects.forEach(run);
    return step.effects;
  }

  scope.onDispose(() => dispatch({ type: 'destroyed', error: destroyed() }));

  return {
    renew(trigger, expiry, builtAt) {
      const runsBefore = state.memory.runs;
      const effects = dispatch({ type: 'trigger', trigger, now: now(), expiry, builtAt });
      const { phase } = state;
      if (phase.name === 'destroyed') return Promise.reject(destroyed());
      if ('run' in phase) return waitFor(phase.run.id);
      // A run that started and failed at once (the embed will never be ready) still answers its caller.
      for (const effect of effects)
        if (effect.type === 'settle' && effect.run > runsBefore && effect.error) return Promise.reject(effect.error);
      return Promise.resolve();
    },
    rejected: () => dispatch({ type: 'rejected' }),
    authFailed: () => dispatch({ type: 'auth' }),
    ready: () => dispatch({ type: 'ready', now: now() }),
    readyFailed: (error) => dispatch({ type: 'ready-failed', error }),
    check: () => dispatch({ type: 'wake', now: now() }),
    minted: () => dispatch({ type: 'first-id-used', now: now() }),
  };
}
