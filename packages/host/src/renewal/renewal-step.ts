import { destroyedError, EmbedError } from '../base/errors.js';
import {
  backoffDelay, deadline, inPhase, isRunning, REJECTION_WINDOW_MS, remember, RENEWAL_WINDOW_MS,
  type RenewalConfig, type RenewalTrigger, type RenewalEffect, type RenewalRun, type RenewalSignal, type RenewalState, type RenewalStep, type RunningState, type TimerPurpose,
} from './renewal.js';
import { classifyTrigger } from './renewal-trigger.js';

type Signal<T extends RenewalSignal['type']> = Extract<RenewalSignal, { type: T }>;

/**
 * The embed's session as a pure function: the next state for `signal`, and the effects to run, as
 * data. The rules (one renewal per session, whatever triggers it) are in `packages/host/README.md`,
 * Sessions, and the map of this machine in ARCHITECTURE.md. Nothing happens after `destroyed`.
 * Leaving a phase that has a timer cancels it (the first effect of the step).
 * @example renewalStep(initialRenewalState(0), { type: 'start', now: 0 }, config).effects // [{ type: 'mint', ticket: 1, delivery: 'url' }]
 */
export function renewalStep(state: RenewalState, signal: RenewalSignal, config: RenewalConfig): RenewalStep {
  if (state.phase === 'destroyed') return lateResult(state, signal);
  const step = transition(state, signal, config);
  const left = timerOf(state.phase);
  if (!left || step.state.phase === state.phase) return step;
  return { ...step, effects: [{ type: 'cancel-timer', timer: left }, ...step.effects] };
}

function transition(state: RenewalState, signal: RenewalSignal, config: RenewalConfig): RenewalStep {
  switch (signal.type) {
    case 'start':
      return start(state, config);
    case 'trigger':
      return trigger(state, signal, config);
    case 'wake-up':
      return wakeUp(state, signal, config);
    case 'ready':
      return ready(state, signal);
    case 'ready-timeout':
      return state.load.name === 'ready' ? same(state) : loadFailed(state, signal.error);
    case 'auth-error':
      return authError(state, config);
    case 'rejected':
      return rejected(state, config);
    case 'minted':
      return minted(state, signal, config);
    case 'mint-failed':
      return mintFailed(state, signal, config);
    case 'rejection-settled':
      return state.phase === 'rejected' ? attemptFailed(state, state.run, signal.error, config) : same(state);
    case 'verdict-elapsed':
      return state.phase === 'awaiting-verdict' ? succeed(state, state.run, signal.now) : same(state);
    case 'backoff-elapsed':
      return backoffElapsed(state);
    case 'destroyed':
      return { state: inPhase(state, { phase: 'destroyed' }), effects: [{ type: 'settle-callers', error: destroyedError() }] };
  }
}

/** Nothing changes. */
const same = (state: RenewalState, log?: unknown[]): RenewalStep => ({ state, effects: [], log });

/** The timer that belongs to a phase: leaving the phase cancels it. */
function timerOf(phase: RenewalState['phase']): TimerPurpose | undefined {
  if (phase === 'awaiting-verdict') return 'verdict';
  if (phase === 'backoff') return 'backoff';
  return undefined;
}

/** After destroy, an id still on its way is never used: it is revoked. */
function lateResult(state: RenewalState, signal: RenewalSignal): RenewalStep {
  if (signal.type !== 'minted') return same(state);
  return { state, effects: [{ type: 'revoke-late-id', sessionId: signal.sessionId }] };
}

/** The embed starts: mint the first id for its URL, or set the URL at once (private, or nothing to mint with). */
function start(state: RenewalState, config: RenewalConfig): RenewalStep {
  if (config.canMint && config.hasUrl) return mintFirstId(state, 1);
  return { state: { ...state, load: { name: 'loading' } }, effects: [{ type: 'load-url' }, ...readyTimer(config)] };
}

function mintFirstId(state: RenewalState, attempt: number): RenewalStep {
  const ticket = state.tickets + 1;
  return { state: { ...state, tickets: ticket, load: { name: 'minting', attempt, ticket } }, effects: [{ type: 'mint', ticket, delivery: 'url' }] };
}

const readyTimer = (config: RenewalConfig): RenewalEffect[] =>
  config.readyTimeoutMs ? [{ type: 'start-timer', timer: 'ready-timeout', ms: config.readyTimeoutMs }] : [];

/** A trigger joins the run in progress, settles it first (the embed spoke of a newer session), or starts one. */
function trigger(state: RenewalState, signal: Signal<'trigger'>, config: RenewalConfig): RenewalStep {
  if (!config.canMint) return same(state);
  const { meaning, at } = classifyTrigger(state, signal);
  switch (meaning) {
    case 'duplicate':
      return same(state, ['drop', signal.trigger, 'already renewed']);
    case 'ambiguous':
      return same(state);
    case 'join':
      return isRunning(state) ? same(join(state, at)) : same(state);
    case 'start':
      return startRun(state, signal.trigger, at);
    case 'taken-then-start': {
      if (state.phase !== 'awaiting-verdict') return same(state);
      const taken = succeed(state, state.run, signal.now);
      const next = startRun(taken.state, signal.trigger, at);
      return { ...next, effects: [...taken.effects, ...next.effects] };
    }
  }
}

/** The page came back to the foreground: renew when the session is near or past its expiry. */
function wakeUp(state: RenewalState, signal: Signal<'wake-up'>, config: RenewalConfig): RenewalStep {
  if (state.load.name !== 'ready' || signal.now < deadline(state) - RENEWAL_WINDOW_MS) return same(state);
  return trigger(state, { type: 'trigger', trigger: 'foreground', now: signal.now }, config);
}

/** Adds session `at` to the run in progress. */
function join(state: RunningState, at: number): RenewalState {
  return { ...state, handled: remember(state.handled, at), known: Math.max(state.known ?? at, at), run: { ...state.run, targets: remember(state.run.targets, at) } };
}

/** Starts a run for session `at`: at once when the embed is ready, else once it is. */
function startRun(state: RenewalState, name: RenewalTrigger, at: number): RenewalStep {
  const run: RenewalRun = { trigger: name, delivery: 'queued', targets: [at], sentBefore: state.sentAt, attempt: 1 };
  const facts = { ...state, handled: remember(state.handled, at), known: Math.max(state.known ?? at, at) };
  const log = ['renew', name];
  if (state.load.name === 'failed') return { ...fail(facts, run, state.load.error), log };
  if (state.load.name !== 'ready') return { state: inPhase(facts, { phase: 'waiting-ready', run }), effects: [], log };
  return { ...mintFor(facts, run), log };
}

/** Mints a fresh id for `run`'s current attempt. */
function mintFor(state: RenewalState, run: RenewalRun): RenewalStep {
  const ticket = state.tickets + 1;
  return { state: inPhase({ ...state, tickets: ticket }, { phase: 'minting', run, ticket }), effects: [{ type: 'mint', ticket, delivery: run.delivery }] };
}

/** The embed sent `ready`: resolve, open the queue; a run waiting for it starts, an `urgent` run's id was taken. */
function ready(state: RenewalState, signal: Signal<'ready'>): RenewalStep {
  const effects: RenewalEffect[] = [{ type: 'cancel-timer', timer: 'ready-timeout' }, { type: 'resolve-ready', payload: signal.payload }, { type: 'open-outbox' }];
  const next: RenewalState = { ...state, load: { name: 'ready' } };
  let step: RenewalStep = same(next);
  if (next.phase === 'waiting-ready') step = mintFor(next, next.run);
  else if (isRunning(next) && next.run.delivery === 'urgent') step = succeed(next, next.run, signal.now);
  return { ...step, effects: [...effects, ...step.effects] };
}

/** `embed.ready` rejects with `error` (no first id, no `ready` in time); a run waiting for it fails with it. */
function loadFailed(state: RenewalState, error: EmbedError): RenewalStep {
  const next: RenewalState = { ...state, load: { name: 'failed', error } };
  const effects: RenewalEffect[] = [{ type: 'reject-ready', error }];
  if (next.phase !== 'waiting-ready') return { state: next, effects };
  const failed = fail(next, next.run, error);
  return { ...failed, effects: [...effects, ...failed.effects] };
}

/**
 * The embed could not authenticate with its id and waits for a `set-session`. A fresh id goes out at
 * once, past the queue; while one is on its way, a repeat says nothing new.
 */
function authError(state: RenewalState, config: RenewalConfig): RenewalStep {
  if (!config.canMint) return failAuthentication(state, rejectedAfter('its session id (no mintSessionId to mint another)'));
  if (state.phase === 'awaiting-verdict' || state.phase === 'waiting-ready') {
    // Refused again while our id was out (the iframe reloaded, say): that id failed.
    const run: RenewalRun = { ...state.run, delivery: 'urgent' };
    if (state.phase === 'waiting-ready') return mintFor(state, run);
    return { state: inPhase(state, { phase: 'rejected', run }), effects: [rejectionSoon()] };
  }
  if (isRunning(state)) return same(state, ['drop', 'auth', 'a fresh id is on its way']);
  const run: RenewalRun = { trigger: 'auth', delivery: 'urgent', targets: [], sentBefore: state.sentAt, attempt: 1 };
  return { ...mintFor(state, run), log: ['renew', 'auth'] };
}

const rejectionSoon = (): RenewalEffect => ({ type: 'settle-rejection-soon', error: new EmbedError('session-rejected', 'the embed rejected the new session id') });

/** The embed rejected the id we sent: that attempt fails; or, after the verdict, that renewal did. */
function rejected(state: RenewalState, config: RenewalConfig): RenewalStep {
  if (state.phase === 'awaiting-verdict') return { state: inPhase(state, { phase: 'rejected', run: state.run }), effects: [rejectionSoon()] };
  if (state.phase !== 'taken') return same(state, ['drop', 'rejection with no renewal waiting']);
  // Rejected after all: forget that renewal and renew those sessions again, with a fresh id.
  const { trigger: name, targets, sentBefore } = state.run;
  const forgotten = inPhase({ ...state, handled: state.handled.filter((at) => !targets.includes(at)), sentAt: sentBefore }, { phase: 'idle' });
  return startRun(forgotten, name, Math.max(...targets));
}

/** A minted id: into the URL (the first one), or out as `set-session`. One whose run moved on goes out as its mint asked. */
function minted(state: RenewalState, signal: Signal<'minted'>, config: RenewalConfig): RenewalStep {
  const { ticket, sessionId, now } = signal;
  if (state.load.name === 'minting' && state.load.ticket === ticket)
    return { state: { ...state, load: { name: 'loading' }, mintedAt: now }, effects: [{ type: 'load-url', sessionId }, ...readyTimer(config)] };
  if (state.phase !== 'minting' || state.ticket !== ticket) {
    if (signal.delivery === 'url') return { state, effects: [{ type: 'revoke-late-id', sessionId }] };
    return { state, effects: [{ type: 'post-session', sessionId, delivery: signal.delivery }] };
  }
  const { run } = state;
  const effects: RenewalEffect[] = [{ type: 'post-session', sessionId, delivery: run.delivery }];
  if (run.delivery === 'urgent') return { state: inPhase(state, { phase: 'awaiting-verdict', run }), effects };
  effects.push({ type: 'start-timer', timer: 'verdict', ms: REJECTION_WINDOW_MS });
  return { state: inPhase({ ...state, sentAt: now }, { phase: 'awaiting-verdict', run }), effects };
}

/** A mint failed (threw, timed out, gave no id): that attempt failed. */
function mintFailed(state: RenewalState, signal: Signal<'mint-failed'>, config: RenewalConfig): RenewalStep {
  const { ticket, error } = signal;
  const { load } = state;
  if (load.name === 'minting' && load.ticket === ticket) {
    if (isFinal(error, load.attempt, config)) return loadFailed(state, error);
    const wait: RenewalEffect = { type: 'start-timer', timer: 'load-backoff', ms: backoffDelay(config.policy, load.attempt) };
    return { state: { ...state, load: { name: 'backoff', attempt: load.attempt } }, effects: [wait], log: ['retry', load.attempt, error] };
  }
  if (state.phase !== 'minting' || state.ticket !== ticket) return same(state);
  return attemptFailed(state, state.run, error, config);
}

/** An attempt failed: back off before the next one, or fail the run after the last. */
function attemptFailed(state: RenewalState, run: RenewalRun, error: EmbedError, config: RenewalConfig): RenewalStep {
  if (isFinal(error, run.attempt, config)) return fail(state, run, error);
  const wait: RenewalEffect = { type: 'start-timer', timer: 'backoff', ms: backoffDelay(config.policy, run.attempt) };
  return { state: inPhase(state, { phase: 'backoff', run }), effects: [wait], log: ['retry', run.attempt, error] };
}

/** Whether a failed attempt was the last: the last allowed, or refused by a mint budget (retrying would only be refused again). */
function isFinal(error: EmbedError, attempt: number, config: RenewalConfig): boolean {
  return error.code === 'mint-limit' || attempt >= config.policy.attempts;
}

/** A backoff elapsed: the next attempt mints a fresh id. */
function backoffElapsed(state: RenewalState): RenewalStep {
  if (state.load.name === 'backoff') return mintFirstId(state, state.load.attempt + 1);
  if (state.phase !== 'backoff') return same(state);
  return mintFor(state, { ...state.run, attempt: state.run.attempt + 1 });
}

/** The run worked: remember it (a late rejection may undo it). An `auth` run leaves nothing to remember. */
function succeed(state: RenewalState, run: RenewalRun, now: number): RenewalStep {
  const info = { trigger: run.trigger, attempts: run.attempt };
  // An `auth` run's success is the embed's `ready` itself.
  if (run.trigger === 'auth') return { state: inPhase(state, { phase: 'idle' }), effects: [{ type: 'settle-callers' }] };
  return {
    state: inPhase({ ...state, mintedAt: now, known: undefined }, { phase: 'taken', run }),
    effects: [{ type: 'emit', name: 'renewed', info }, { type: 'settle-callers' }],
  };
}

/**
 * The run failed after its last attempt: forget it, its sessions and its ids (each was rejected or
 * never sent), so the next trigger starts anew. An `auth` run fails with `session-rejected`, and
 * `ready` rejects with it.
 */
function fail(state: RenewalState, run: RenewalRun, error: EmbedError): RenewalStep {
  if (run.trigger === 'auth') {
    const idle = inPhase(state, { phase: 'idle' });
    if (error.code === 'mint-limit') return failAuthentication(idle, error, run.attempt);
    return failAuthentication(idle, rejectedAfter(`${run.attempt} fresh session ids`), run.attempt);
  }
  const info = { trigger: run.trigger, attempts: run.attempt, error };
  return {
    state: inPhase({ ...state, handled: state.handled.filter((at) => !run.targets.includes(at)), sentAt: run.sentBefore }, { phase: 'idle' }),
    effects: [{ type: 'emit', name: 'renewal-failed', info }, { type: 'settle-callers', error }],
  };
}

/** The error of an embed that could not authenticate with `what`. */
const rejectedAfter = (what: string) => new EmbedError('session-rejected', `the embed could not authenticate with ${what}`);

/** No id got the embed to authenticate (`session-rejected`), or none could be minted; `ready` rejects unless it resolved long ago. */
function failAuthentication(state: RenewalState, error: EmbedError, attempts = 0): RenewalStep {
  const info = { trigger: 'auth' as const, attempts, error };
  const tell: RenewalEffect[] = [{ type: 'emit', name: 'renewal-failed', info }, { type: 'settle-callers', error }];
  if (state.load.name === 'ready') return { state, effects: tell };
  return { state: { ...state, load: { name: 'failed', error } }, effects: [{ type: 'reject-ready', error }, ...tell] };
}
