// The building blocks of renewalStep (renewal-step.ts): each changes a Draft (the next phase and
// memory) and appends the effects it calls for. Pure: no clock, no timers, no I/O.
import { backoffDelay } from '@svc-embed/runtime';
import { EmbedError } from './errors.js';
import {
  REJECTION_WINDOW_MS,
  type RenewalConfig, type RenewalEffect, type RenewalMemory, type RenewalPhase, type RenewalRun,
} from './renewal-state.js';

/** A transition in the making: copies of the phase and memory, and the effects so far. */
export interface Draft {
  phase: RenewalPhase;
  memory: RenewalMemory;
  effects: RenewalEffect[];
  config: RenewalConfig;
}

/** Adds session `at` to `run`'s targets (the run stays in its phase). */
export function join(d: Draft, run: RenewalRun, at: number): RenewalRun {
  const { memory } = d;
  memory.handled = [...memory.handled, at];
  memory.known = Math.max(memory.known ?? at, at);
  const joined = { ...run, targets: [...run.targets, at] };
  if ('run' in d.phase) d.phase = { ...d.phase, run: joined };
  return joined;
}

/** Mints for the run's current attempt (its id goes past the action queue when `ready` is the verdict). */
export function beginAttempt(d: Draft, run: RenewalRun): void {
  d.memory.tickets++;
  const next = { ...run, ticket: d.memory.tickets };
  d.phase = { name: 'minting', run: next };
  d.effects.push({ type: 'mint', ticket: next.ticket, direct: next.verdictBy === 'ready' });
}

/** The id went out: wait for the verdict (a rejection within the window, or `ready`). */
export function sent(d: Draft, run: RenewalRun, now: number): void {
  d.phase = { name: 'awaiting-verdict', run };
  if (run.trigger !== 'auth') d.memory.sentAt = now;
  if (run.verdictBy === 'timer') d.effects.push({ type: 'start-timer', ms: REJECTION_WINDOW_MS, ticket: run.ticket, then: 'verdict-timeout' });
}

/** The attempt failed: back off before the next one, or fail the run after the last. */
export function attemptFailed(d: Draft, run: RenewalRun, error: EmbedError): void {
  if (run.attempt >= d.config.policy.attempts) return fail(d, run, error);
  log(d, 'retry', run.attempt, error);
  d.phase = { name: 'backoff', run };
  d.effects.push({ type: 'start-timer', ms: backoffDelay(d.config.policy, run.attempt), ticket: run.ticket, then: 'backoff-elapsed' });
}

/** The error of an id the embed rejected. */
export const rejection = () => new EmbedError('session-rejected', 'the embed rejected the new session id');

/** The run worked: remember it (a late rejection may undo it) and tell the listeners. */
export function succeed(d: Draft, run: RenewalRun, now: number): void {
  const { memory } = d;
  if (run.trigger === 'auth') d.phase = { name: 'idle' };
  else {
    memory.mintedAt = now;
    memory.known = undefined;
    d.phase = { name: 'taken', last: { trigger: run.trigger, targets: run.targets, sentBefore: run.sentBefore } };
    d.effects.push({ type: 'notify', name: 'renewed', info: { trigger: run.trigger, attempts: run.attempt } });
  }
  d.effects.push({ type: 'settle', run: run.id });
}

/** The run failed after its last attempt: forget it (the next trigger starts anew) and say so. */
export function fail(d: Draft, run: RenewalRun, error: EmbedError): void {
  if (run.trigger === 'auth') return authFailed(d, run.attempt, run.id);
  const { memory } = d;
  // Neither its sessions nor its ids count: each id was rejected or never sent.
  memory.handled = memory.handled.filter((at) => !run.targets.includes(at));
  memory.sentAt = run.sentBefore;
  d.phase = { name: 'idle' };
  d.effects.push({ type: 'notify', name: 'renewal-failed', info: { trigger: run.trigger, attempts: run.attempt, error } });
  d.effects.push({ type: 'settle', run: run.id, error });
}

/** No id worked for an embed that could not authenticate: `ready` rejects, and renewals with it. */
export function authFailed(d: Draft, attempts: number, runId?: number): void {
  const what = attempts ? `${attempts} fresh session ids` : 'its session id';
  const error = new EmbedError('session-rejected', `the embed could not authenticate with ${what}${d.config.canMint ? '' : ' (no mintSessionId to mint another)'}`);
  // `embed.ready` rejects with it, and renewals with it; an embed that was ready once stays ready.
  if (d.memory.readiness !== 'ready') {
    d.memory.readiness = 'failed';
    d.memory.readyError = error;
  }
  if (runId !== undefined) d.phase = { name: 'idle' };
  d.effects.push({ type: 'auth-failed', error });
  d.effects.push({ type: 'notify', name: 'renewal-failed', info: { trigger: 'auth', attempts, error } });
  if (runId !== undefined) d.effects.push({ type: 'settle', run: runId, error });
}

export function log(d: Draft, ...details: unknown[]): void {
  d.effects.push({ type: 'log', details });
}
