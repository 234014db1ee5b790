import { EmbedError } from './errors.js';
import type { RenewalTrigger } from './embed.js';
import { attemptFailed, authFailed, beginAttempt, fail, join, log, rejection, sent, succeed, type Draft } from './renewal-draft.js';
import {
  currentRun, deadline, RENEWAL_WINDOW_MS,
  type RenewalConfig, type RenewalRun, type RenewalSignal, type RenewalState, type RenewalStep,
} from './renewal-state.js';

/**
 * Session renewal as a pure function: the next state and the effects to run for `signal`. The
 * rules, one renewal per session whatever triggers it, are in `packages/host/README.md`
 * (Sessions); `createSessionRenewal` runs the effects. Nothing happens after `destroyed`.
 * @example renewalStep(initialRenewalState(0), { type: 'auth' }, config) // an auth run, minting
 */
export function renewalStep(state: RenewalState, signal: RenewalSignal, config: RenewalConfig): RenewalStep {
  const draft: Draft = { phase: state.phase, memory: { ...state.memory }, effects: [], config };
  if (state.phase.name !== 'destroyed') apply(draft, signal);
  return { state: { phase: draft.phase, memory: draft.memory }, effects: draft.effects };
}

function apply(d: Draft, signal: RenewalSignal): void {
  const { phase } = d;
  const run = currentRun(phase);
  switch (signal.type) {
    case 'trigger':
      return trigger(d, signal.trigger, signal.now, signal.expiry, signal.builtAt);
    case 'wake':
      if (d.memory.readiness === 'ready' && signal.now >= deadline(d.memory) - RENEWAL_WINDOW_MS) trigger(d, 'foreground', signal.now);
      return;
    case 'first-id-used':
      d.memory.mintedAt = signal.now;
      return;
    case 'ready':
      return ready(d, signal.now);
    case 'ready-failed':
      // A rejection of an embed that was ready once changes nothing (as for the promise itself).
      if (d.memory.readiness === 'ready') return;
      d.memory.readiness = 'failed';
      d.memory.readyError = signal.error;
      if (phase.name === 'awaiting-ready') fail(d, phase.run, signal.error);
      return;
    case 'auth':
      return auth(d);
    case 'rejected':
      return rejected(d);
    case 'sent':
      if (phase.name === 'minting' && phase.run.ticket === signal.ticket) sent(d, phase.run, signal.now);
      return;
    case 'attempt-failed':
      if ((phase.name === 'minting' || phase.name === 'awaiting-verdict') && phase.run.ticket === signal.ticket)
        attemptFailed(d, phase.run, signal.error);
      return;
    case 'verdict-timeout':
      if (phase.name === 'awaiting-verdict' && phase.run.ticket === signal.ticket) succeed(d, phase.run, signal.now);
      return;
    case 'backoff-elapsed':
      if (phase.name === 'backoff' && phase.run.ticket === signal.ticket) beginAttempt(d, { ...phase.run, attempt: phase.run.attempt + 1 });
      return;
    case 'destroyed':
      if (run) d.effects.push({ type: 'settle', run: run.id, error: signal.error });
      d.phase = { name: 'destroyed' };
  }
}

/** A trigger joins the run in progress, settles it first (the embed spoke of a newer session), or starts one. */
function trigger(d: Draft, name: RenewalTrigger, now: number, expiry?: number, builtAt?: number): void {
  const { memory } = d;
  const at = expiry ?? deadline(memory);
  // Compared on the browser's clock (the embed stamps its events with it), never the service's:
  // expiries come from the service and may be skewed. An event built in the very millisecond our
  // set-session went out may be about either session: it joins, but marks nothing as renewed.
  const older = builtAt !== undefined && builtAt < memory.sentAt;
  const tie = builtAt === memory.sentAt;
  const run = currentRun(d.phase);
  if (memory.handled.includes(at) || ((older || tie) && !run)) {
    log(d, 'drop', name, 'already renewed');
    return;
  }
  if (!run) return start(d, name, at);
  // Our id is out and the embed speaks of another session than the one being renewed (it warns
  // about a new expiry, or a session lapsed after we sent): it took the id. Settle this run now,
  // then renew that session. A lapse stamped at or after the old expiry is the old session. Only
  // the embed can tell: a wake-up or renewSession() (no expiry given) joins.
  const lapsedOld = name === 'session-expired' && memory.known !== undefined && at >= memory.known;
  if (d.phase.name === 'awaiting-verdict' && expiry !== undefined && !older && !tie && !lapsedOld) {
    d.effects.push({ type: 'stop-timer' });
    succeed(d, run, now);
    return start(d, name, at);
  }
  if (!tie) join(d, run, at);
}

/** Starts a run for session `at`: at once when the embed is ready, else on `ready`. */
function start(d: Draft, name: RenewalTrigger, at: number): void {
  const { memory } = d;
  memory.runs++;
  const fresh: RenewalRun = { id: memory.runs, trigger: name, verdictBy: 'timer', targets: [], sentBefore: memory.sentAt, attempt: 1, ticket: 0 };
  d.phase = { name: 'awaiting-ready', run: fresh };
  const run = join(d, fresh, at);
  log(d, 'renew', name);
  if (memory.readiness === 'ready') beginAttempt(d, run);
  else if (memory.readiness === 'failed') fail(d, run, memory.readyError ?? new EmbedError('destroyed', 'the embed never became ready'));
}

/** The embed rejected the id we sent: that attempt failed; or, after the verdict, that renewal did. */
function rejected(d: Draft): void {
  const { phase, memory } = d;
  if (phase.name === 'awaiting-verdict') {
    d.effects.push({ type: 'stop-timer' });
    d.effects.push({ type: 'next-tick', signal: { type: 'attempt-failed', ticket: phase.run.ticket, error: rejection() } });
    return;
  }
  if (phase.name !== 'taken') return log(d, 'drop', 'rejection with no renewal waiting');
  // Rejected after all: forget that renewal and renew those sessions again, with a fresh id.
  const { trigger: name, targets, sentBefore } = phase.last;
  memory.handled = memory.handled.filter((at) => !targets.includes(at));
  memory.sentAt = sentBefore;
  d.phase = { name: 'idle' };
  start(d, name, Math.max(...targets));
}

/**
 * The embed could not authenticate with its id and waits for a `set-session`: renewal's `auth`
 * trigger. A fresh id goes out at once, past the queue; while one is on its way, a repeat says nothing new.
 */
function auth(d: Draft): void {
  const { phase, memory } = d;
  if (!d.config.canMint) return authFailed(d, 0);
  if (phase.name === 'awaiting-verdict') {
    // Refused again (the iframe reloaded while our id was out): that id failed.
    d.effects.push({ type: 'stop-timer' });
    d.phase = { name: 'awaiting-verdict', run: { ...phase.run, verdictBy: 'ready' } };
    d.effects.push({ type: 'next-tick', signal: { type: 'attempt-failed', ticket: phase.run.ticket, error: rejection() } });
    return;
  }
  if (phase.name === 'awaiting-ready') return beginAttempt(d, { ...phase.run, verdictBy: 'ready' });
  if (phase.name === 'minting' || phase.name === 'backoff') return log(d, 'drop', 'auth', 'a fresh id is on its way');
  memory.runs++;
  log(d, 'renew', 'auth');
  beginAttempt(d, { id: memory.runs, trigger: 'auth', verdictBy: 'ready', targets: [], sentBefore: memory.sentAt, attempt: 1, ticket: 0 });
}

/** The embed sent `ready`: renewals waiting for it start, and a run waiting for it as its verdict succeeds. */
function ready(d: Draft, now: number): void {
  const { phase } = d;
  d.memory.readiness = 'ready';
  d.memory.readyError = undefined;
  if (phase.name === 'awaiting-ready') return beginAttempt(d, phase.run);
  const run = currentRun(phase);
  if (!run || run.verdictBy !== 'ready') return;
  d.effects.push({ type: 'stop-timer' });
  succeed(d, run, now);
}

