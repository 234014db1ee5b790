import type { RetryPolicy } from '@svc-embed/runtime';
import type { RenewalInfo, RenewalTrigger } from './embed.js';
import type { EmbedError } from './errors.js';

/** The embed warns about 30 minutes before a session stops working: renew from then on. */
export const RENEWAL_WINDOW_MS = 30 * 60_000;
/** Estimated usable life of a session when no `expiresAt` was seen (minted for 24 h, trusted ~23 h). */
export const ESTIMATED_LIFETIME_MS = 23 * 3_600_000;
/** How long after `set-session` a rejection from the embed still counts against that id. */
export const REJECTION_WINDOW_MS = 10_000;

/**
 * Where renewal stands, and what the effect layer does on entering each phase (leaving a phase
 * cancels its timer):
 * - `idle`: nothing to do;
 * - `waiting-ready`: a run waits for the embed's first `ready`;
 * - `minting`: mint a fresh id and send it (past the action queue for an `auth` run);
 * - `awaiting-verdict`: the id went out. Arm {@link REJECTION_WINDOW_MS}: no rejection by then
 *   means it was taken. An `auth` run arms nothing: the embed's `ready` is its verdict;
 * - `rejected`: the embed rejected that id; signal `attempt-failed` a microtask later, as a
 *   rejected promise would;
 * - `backoff`: arm the wait before the next attempt;
 * - `taken`: the last run succeeded; a late rejection still undoes it;
 * - `destroyed`: nothing happens any more.
 */
export type RenewalPhase = 'idle' | 'waiting-ready' | 'minting' | 'awaiting-verdict' | 'rejected' | 'backoff' | 'taken' | 'destroyed';

/** One renewal: every trigger that joined it, and where its attempts stand. */
export interface RenewalRun {
  /** The first trigger. */
  trigger: RenewalTrigger;
  /**
   * The embed refused the id it was loaded with and waits for one before it sends `ready`: ids go
   * past the action queue and `ready` is the verdict.
   */
  auth: boolean;
  /** Expiries of the sessions this run renews. */
  targets: number[];
  /** `sentAt` before this run: restored when it fails (its ids never took). */
  sentBefore: number;
  /** The current attempt, 1-based. */
  attempt: number;
}

/** The whole state of session renewal. */
export interface RenewalState {
  /** Where renewal stands. */
  phase: RenewalPhase;
  /** The run in progress; in `taken`, the run taken. */
  run: RenewalRun | undefined;
  /**
   * `waiting` for the embed's first `ready` (wake-ups say nothing before it, and renewals wait for
   * it), `ready`, or `failed` when `embed.ready` rejected (renewals then fail with its error).
   */
  readiness: { name: 'waiting' } | { name: 'ready' } | { name: 'failed'; error: EmbedError };
  /** When the current session's id was put to use: the base of the expiry estimate. */
  mintedAt: number;
  /** The latest expiry the embed told us of, until a renewal succeeds. */
  known: number | undefined;
  /**
   * Expiries of sessions renewed or being renewed: triggers about them are duplicates. Sessions are
   * told apart by expiry, not ordering times: one can lapse early, before the expiry of its predecessor.
   */
  handled: readonly number[];
  /** When our last `set-session` went out (browser clock): an event built before it is about an older session. */
  sentAt: number;
}

/** Fixed for the embed's life. */
export interface RenewalConfig {
  /** Attempts per run, each with a fresh id, and the backoff between them. */
  policy: RetryPolicy;
  /** `mintSessionId` was given: without it nothing can be minted. */
  canMint: boolean;
}

/** What can happen to renewal: calls, events from the embed, and the results of earlier effects. */
export type RenewalSignal =
  | { type: 'trigger'; trigger: RenewalTrigger; now: number; expiry?: number; builtAt?: number }
  | { type: 'wake'; now: number }
  | { type: 'first-id-used'; now: number }
  | { type: 'ready'; now: number }
  | { type: 'ready-failed'; error: EmbedError }
  | { type: 'auth' }
  | { type: 'rejected' }
  | { type: 'sent'; now: number }
  | { type: 'attempt-failed'; error: EmbedError }
  | { type: 'timer'; now: number }
  | { type: 'destroyed' };

/** How a run ended: what `renewed` or `renewal-failed` carries (`error` when it failed). */
export interface RenewalEnd extends RenewalInfo {
  /** Why it failed; absent when it worked. */
  error?: EmbedError;
}

/**
 * A transition's result. The effect layer runs the entry action of the phase entered (see
 * {@link RenewalPhase}), then tells of a run that `ended`.
 */
export interface RenewalStep {
  /** The next state (a new object; the one given is left untouched). */
  state: RenewalState;
  /** The run that ended in this step, if one did. */
  ended?: RenewalEnd;
  /** A line for the debug log. */
  log?: unknown[];
}

/** The state of an embed whose first id was (about to be) put to use at `now`. */
export function initialRenewalState(now: number): RenewalState {
  return { phase: 'idle', run: undefined, readiness: { name: 'waiting' }, mintedAt: now, known: undefined, handled: [], sentAt: -Infinity };
}

/** The phases in which a run is in progress. */
const RUNNING: readonly RenewalPhase[] = ['waiting-ready', 'minting', 'awaiting-verdict', 'rejected', 'backoff'];

/** True while a run is in progress. */
export function isRunning(phase: RenewalPhase): boolean {
  return RUNNING.includes(phase);
}

/** When the current session lapses: known, else estimated from when its id was used. */
export function deadline(state: RenewalState): number {
  return state.known ?? state.mintedAt + ESTIMATED_LIFETIME_MS;
}
