import type { RenewalTrigger } from './embed.js';
import { EmbedError } from './errors.js';
import {
  deadline, isRunning, RENEWAL_WINDOW_MS,
  type RenewalConfig, type RenewalRun, type RenewalSignal, type RenewalState, type RenewalStep,
} from './renewal-state.js';

/**
 * Session renewal as a pure function: the next state for `signal`, the run that ended and a log
 * line. The rules (one renewal per session, whatever triggers it) are in `packages/host/README.md`,
 * Sessions; `createSessionRenewal` runs the effects. Nothing happens after `destroyed`.
 * @example renewalStep(initialRenewalState(0), { type: 'auth' }, config).state.phase // 'minting'
 */
export function renewalStep(state: RenewalState, signal: RenewalSignal, config: RenewalConfig): RenewalStep {
  const step: RenewalStep = { state: { ...state } };
  if (state.phase !== 'destroyed') apply(step, signal, config);
  return step;
}

function apply(step: RenewalStep, signal: RenewalSignal, config: RenewalConfig): void {
  const { state } = step;
  const { run, phase } = state;
  switch (signal.type) {
    case 'trigger':
      return trigger(step, signal);
    case 'wake':
      if (state.readiness.name === 'ready' && signal.now >= deadline(state) - RENEWAL_WINDOW_MS)
        trigger(step, { type: 'trigger', trigger: 'foreground', now: signal.now });
      return;
    case 'first-id-used':
      state.mintedAt = signal.now;
      return;
    case 'ready':
      state.readiness = { name: 'ready' };
      // A run waiting for it starts; an `auth` run, whose verdict it is, succeeded.
      if (run && phase === 'waiting-ready') state.phase = 'minting';
      else if (run?.auth && isRunning(phase)) succeed(step, signal.now);
      return;
    case 'ready-failed':
      // A rejection of an embed that was ready once changes nothing (as for the promise itself).
      if (state.readiness.name === 'ready') return;
      state.readiness = { name: 'failed', error: signal.error };
      if (phase === 'waiting-ready') fail(step, signal.error);
      return;
    case 'auth':
      return auth(step, config);
    case 'rejected':
      return rejected(step);
    case 'sent':
      if (phase !== 'minting' || !run) return;
      state.phase = 'awaiting-verdict';
      if (!run.auth) state.sentAt = signal.now;
      return;
    case 'attempt-failed':
      if (!run || (phase !== 'minting' && phase !== 'rejected')) return;
      if (run.attempt >= config.policy.attempts) return fail(step, signal.error);
      step.log = ['retry', run.attempt, signal.error];
      state.phase = 'backoff';
      return;
    case 'timer':
      if (phase === 'awaiting-verdict') succeed(step, signal.now);
      if (phase === 'backoff' && run) {
        state.run = { ...run, attempt: run.attempt + 1 };
        state.phase = 'minting';
      }
      return;
    case 'destroyed':
      state.phase = 'destroyed';
      state.run = undefined;
  }
}

/** A trigger joins the run in progress, settles it first (the embed spoke of a newer session), or starts one. */
function trigger(step: RenewalStep, signal: Extract<RenewalSignal, { type: 'trigger' }>): void {
  const { state } = step;
  const { trigger: name, expiry, builtAt } = signal;
  const at = expiry ?? deadline(state);
  // Compared on the browser's clock (the embed stamps its events with it), never the service's:
  // expiries come from the service and may be skewed. An event built in the very millisecond our
  // set-session went out may be about either session: it joins, but marks nothing as renewed.
  const older = builtAt !== undefined && builtAt < state.sentAt;
  const tie = builtAt === state.sentAt;
  const running = isRunning(state.phase);
  if (state.handled.includes(at) || ((older || tie) && !running)) {
    step.log = ['drop', name, 'already renewed'];
    return;
  }
  if (!running) return start(step, name, at);
  // Our id is out and the embed speaks of another session than the one being renewed (it warns
  // about a new expiry, or a session lapsed after we sent): it took the id. Settle this run now,
  // then renew that session. A lapse stamped at or after the old expiry is the old session. Only
  // the embed can tell: a wake-up or renewSession() (no expiry given) joins.
  const lapsedOld = name === 'session-expired' && state.known !== undefined && at >= state.known;
  if (state.phase === 'awaiting-verdict' && expiry !== undefined && !older && !tie && !lapsedOld) {
    succeed(step, signal.now);
    return start(step, name, at);
  }
  if (!tie) join(state, at);
}

/** Adds session `at` to the run in progress. */
function join(state: RenewalState, at: number): void {
  state.handled = [...state.handled, at];
  state.known = Math.max(state.known ?? at, at);
  if (state.run) state.run = { ...state.run, targets: [...state.run.targets, at] };
}

/** Starts a run for session `at`: at once when the embed is ready, else once it is. */
function start(step: RenewalStep, name: RenewalTrigger, at: number): void {
  const { state } = step;
  state.run = { trigger: name, auth: false, targets: [], sentBefore: state.sentAt, attempt: 1 };
  join(state, at);
  step.log = ['renew', name];
  const { readiness } = state;
  if (readiness.name === 'failed') return fail(step, readiness.error);
  state.phase = readiness.name === 'ready' ? 'minting' : 'waiting-ready';
}

/** The embed rejected the id we sent: that attempt failed; or, after the verdict, that renewal did. */
function rejected(step: RenewalStep): void {
  const { state } = step;
  if (state.phase === 'awaiting-verdict') {
    state.phase = 'rejected';
    return;
  }
  if (state.phase !== 'taken' || !state.run) {
    step.log = ['drop', 'rejection with no renewal waiting'];
    return;
  }
  // Rejected after all: forget that renewal and renew those sessions again, with a fresh id.
  const { trigger: name, targets, sentBefore } = state.run;
  state.handled = state.handled.filter((at) => !targets.includes(at));
  state.sentAt = sentBefore;
  start(step, name, Math.max(...targets));
}

/**
 * The embed could not authenticate with its id and waits for a `set-session`: renewal's `auth`
 * trigger. A fresh id goes out at once, past the queue; while one is on its way, a repeat says nothing new.
 */
function auth(step: RenewalStep, config: RenewalConfig): void {
  const { state } = step;
  const { run, phase } = state;
  if (!config.canMint) return fail(step);
  if (run && (phase === 'awaiting-verdict' || phase === 'waiting-ready')) {
    // Refused again while our id was out (the iframe reloaded, say): that id failed.
    state.run = { ...run, auth: true };
    state.phase = phase === 'awaiting-verdict' ? 'rejected' : 'minting';
    return;
  }
  if (isRunning(phase)) {
    step.log = ['drop', 'auth', 'a fresh id is on its way'];
    return;
  }
  step.log = ['renew', 'auth'];
  state.run = { trigger: 'auth', auth: true, targets: [], sentBefore: state.sentAt, attempt: 1 };
  state.phase = 'minting';
}

/** The run worked: remember it (a late rejection may undo it). An `auth` run leaves nothing to remember. */
function succeed(step: RenewalStep, now: number): void {
  const { state } = step;
  const { run } = state;
  if (!run) return;
  step.ended = { trigger: run.trigger, attempts: run.attempt };
  if (run.trigger === 'auth') {
    state.phase = 'idle';
    state.run = undefined;
    return;
  }
  state.mintedAt = now;
  state.known = undefined;
  state.phase = 'taken';
}

/**
 * The run failed after its last attempt: forget it, its sessions and its ids (each was rejected or
 * never sent), so the next trigger starts anew. An `auth` run (or an `auth` trigger with nothing to
 * mint with) fails with `session-rejected`, and `ready` rejects with it.
 */
function fail(step: RenewalStep, error?: EmbedError): void {
  const { state } = step;
  const { run } = state;
  const attempts = run?.attempt ?? 0;
  let reason = error;
  if (!run || run.trigger === 'auth') {
    // No run: the `auth` trigger of an embed without mintSessionId.
    const what = run ? `${attempts} fresh session ids` : 'its session id (no mintSessionId to mint another)';
    reason = new EmbedError('session-rejected', `the embed could not authenticate with ${what}`);
    // An embed that was ready once stays ready (its `ready` promise resolved long ago).
    if (state.readiness.name !== 'ready') state.readiness = { name: 'failed', error: reason };
  } else {
    state.handled = state.handled.filter((at) => !run.targets.includes(at));
    state.sentAt = run.sentBefore;
  }
  step.ended = { trigger: run?.trigger ?? 'auth', attempts, error: reason };
  if (!run) return;
  state.phase = 'idle';
  state.run = undefined;
}
