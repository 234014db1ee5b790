import type { RetryPolicy } from '@svc-embed/runtime';
import type { RenewalFailure, RenewalInfo, RenewalTrigger } from './embed.js';
import type { EmbedError } from './errors.js';

/** The embed warns about 30 minutes before a session stops working: renew from then on. */
export const RENEWAL_WINDOW_MS = 30 * 60_000;
/** Estimated usable life of a session when no `expiresAt` was seen (minted for 24 h, trusted ~23 h). */
export const ESTIMATED_LIFETIME_MS = 23 * 3_600_000;
/** How long after `set-session` a rejection from the embed still counts against that id. */
export const REJECTION_WINDOW_MS = 10_000;

/**
 * One renewal: every trigger that joined it, and where its attempts stand. `auth` runs (the embed
 * refused the id it was loaded with) send past the action queue and take `ready` as their verdict;
 * the others wait {@link REJECTION_WINDOW_MS} for a rejection.
 */
export interface RenewalRun {
  /** Tells the callers' promises apart. */
  id: number;
  /** The first trigger. */
  trigger: RenewalTrigger;
  /** `ready`: the embed's `ready` event says the id worked; `timer`: no rejection in time says so. */
  verdictBy: 'ready' | 'timer';
  /** Expiries of the sessions this run renews. */
  targets: number[];
  /** `sentAt` before this run: restored when it fails (its ids never took). */
  sentBefore: number;
  /** The current attempt, 1-based. */
  attempt: number;
  /** The current attempt's ticket: a mint or timer result with another ticket is stale. */
  ticket: number;
}

/** The last renewal taken as a success: a rejection after its verdict (a slow exchange) undoes it. */
export type TakenRenewal = Pick<RenewalRun, 'trigger' | 'targets' | 'sentBefore'>;

/** Where renewal stands. One of these at a time; the run lives in the phase that needs it. */
export type RenewalPhase =
  | { name: 'idle' }
  | { name: 'taken'; last: TakenRenewal }
  | { name: 'awaiting-ready'; run: RenewalRun }
  | { name: 'minting'; run: RenewalRun }
  | { name: 'awaiting-verdict'; run: RenewalRun }
  | { name: 'backoff'; run: RenewalRun }
  | { name: 'destroyed' };

/** What renewal remembers across runs. */
export interface RenewalMemory {
  /**
   * `waiting` for the embed's first `ready` (wake-ups say nothing about a session before it, and
   * renewals wait for it), `ready`, or `failed` when `embed.ready` rejected (renewals fail with `readyError`).
   */
  readiness: 'waiting' | 'ready' | 'failed';
  /** Why `embed.ready` rejected, while `readiness` is `failed`. */
  readyError: EmbedError | undefined;
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
  /** The last ticket handed out. */
  tickets: number;
  /** The last run id handed out. */
  runs: number;
}

/** The whole state of session renewal. */
export interface RenewalState {
  phase: RenewalPhase;
  memory: RenewalMemory;
}

/** Fixed for the embed's life. */
export interface RenewalConfig {
  policy: RetryPolicy;
  /** `mintSessionId` was given: without it nothing can be minted. */
  canMint: boolean;
}

/**
 * What can happen to renewal: calls, events from the embed, and the results of earlier effects
 * (`ticket` names the attempt a result belongs to: a result for an earlier attempt is ignored).
 */
export type RenewalSignal =
  | { type: 'trigger'; trigger: RenewalTrigger; now: number; expiry?: number; builtAt?: number }
  | { type: 'wake'; now: number }
  | { type: 'first-id-used'; now: number }
  | { type: 'ready'; now: number }
  | { type: 'ready-failed'; error: EmbedError }
  | { type: 'auth' }
  | { type: 'rejected' }
  | { type: 'sent'; ticket: number; now: number }
  | { type: 'attempt-failed'; ticket: number; error: EmbedError }
  | { type: 'verdict-timeout'; ticket: number; now: number }
  | { type: 'backoff-elapsed'; ticket: number }
  | { type: 'destroyed'; error: EmbedError };

/**
 * What the effect layer does for a transition, in order. `next-tick` feeds a signal back a microtask
 * later: a rejected id fails its attempt the way a rejected promise would, after the current task's
 * other handlers.
 */
export type RenewalEffect =
  | { type: 'mint'; ticket: number; direct: boolean }
  | { type: 'start-timer'; ms: number; ticket: number; then: 'verdict-timeout' | 'backoff-elapsed' }
  | { type: 'stop-timer' }
  | { type: 'notify'; name: 'renewed'; info: RenewalInfo }
  | { type: 'notify'; name: 'renewal-failed'; info: RenewalFailure }
  | { type: 'settle'; run: number; error?: EmbedError }
  | { type: 'auth-failed'; error: EmbedError }
  | { type: 'log'; details: unknown[] }
  | { type: 'next-tick'; signal: RenewalSignal };

/** A transition's result. */
export interface RenewalStep {
  state: RenewalState;
  effects: RenewalEffect[];
}

/** The state of an embed whose first id was (about to be) put to use at `now`. */
export function initialRenewalState(now: number): RenewalState {
  return {
    phase: { name: 'idle' },
    memory: { readiness: 'waiting', readyError: undefined, mintedAt: now, known: undefined, handled: [], sentAt: -Infinity, tickets: 0, runs: 0 },
  };
}

/** The run in progress, if any. */
export function currentRun(phase: RenewalPhase): RenewalRun | undefined {
  return 'run' in phase ? phase.run : undefined;
}

/** When the current session lapses: known, else estimated from when its id was used. */
export function deadline(memory: RenewalMemory): number {
  return memory.known ?? memory.mintedAt + ESTIMATED_LIFETIME_MS;
}
