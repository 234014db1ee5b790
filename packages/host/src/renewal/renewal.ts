// The data of an embed's two session machines: the first load (`LoadState`, keyed by `name`; its
// step in load-step.ts) and renewal (`RenewalPhase`, keyed by `phase`; renewal-step.ts): where they
// stand, what can happen to each (signals), and what the runner must do about it (effects).
// `renewalStep` is the step of both; `createRenewalRunner` (renewal-runner.ts) performs the effects.
import type { ReadyPayload } from '@svc-embed/protocol';
import type { EmbedError } from '../base/errors.js';
import type { TimingName } from '../mount/embed-timings.js';

/** What started a renewal: a session event from the embed, the page returning to the foreground, or `renewSession()`. */
export type RenewalTrigger = 'session-expiring' | 'session-expired' | 'foreground' | 'manual' | 'auth';

/** Detail of the host-side `renewed` notification. */
export interface RenewalInfo {
  /** What started the renewal (the first trigger, when several joined). */
  trigger: RenewalTrigger;
  /** Attempts it took, each with a freshly minted id (1 when nothing failed). */
  attempts: number;
}

/** Detail of the host-side `renewal-failed` notification. */
export interface RenewalFailure extends RenewalInfo {
  /** Why the last attempt failed: code `mint-failed`, `mint-timeout`, `mint-limit`, `session-rejected`, or `destroyed`. */
  error: EmbedError;
}

/** The embed warns about 30 minutes before a session stops working: renew from then on. */
export const RENEWAL_WINDOW_MS = 30 * 60_000;
/** Estimated usable life of a session when no `expiresAt` was seen (minted for 24 h, trusted ~23 h). */
export const ESTIMATED_LIFETIME_MS = 23 * 3_600_000;
/**
 * How many expiries `handled` and a run's `targets` keep: the latest ones, enough to recognise a late
 * duplicate, so that a flood of new expiries costs the same per message as any other event.
 */
export const EXPIRY_MEMORY = 8;
/** How long after `set-session` a rejection from the embed still counts against that id. */
export const REJECTION_WINDOW_MS = 10_000;

/** How often to try and how long to wait: `attempts` in all, the n-th retry after `delayMs * 2^(n-1)`. */
interface RetryPolicy {
  /** Attempts in all, the first included (at least 1). */
  attempts: number;
  /** Wait before the second attempt; doubled before each further one. */
  delayMs: number;
}

/**
 * How long to wait after failed attempt number `failed` (1-based) before the next one: `delayMs`,
 * then twice that, and so on (exponential backoff).
 * @example backoffDelay({ attempts: 4, delayMs: 1_000 }, 3) // 4_000
 */
export function backoffDelay(policy: RetryPolicy, failed: number): number {
  return policy.delayMs * 2 ** (failed - 1);
}

/**
 * Whether failed attempt number `attempt` was the last: the last the policy allows, or refused in a
 * way that trying again cannot change: by a mint budget, because the viewer signed out
 * (`signed-out`), or by the session endpoint (`endpoint-*`: the viewer not signed in, the page's
 * origin not allowed, no endpoint at that path).
 */
export function isFinal(error: EmbedError, attempt: number, config: RenewalConfig): boolean {
  return error.code === 'mint-limit' || error.code === 'signed-out' || error.code.startsWith('endpoint-') || attempt >= config.policy.attempts;
}

/**
 * How a run's id reaches the embed, which also says what its verdict is:
 * - `queued`: a renewal; `set-session` through the action queue, taken unless rejected within
 *   {@link REJECTION_WINDOW_MS};
 * - `urgent`: the embed refused its id and waits (an `auth` error); `set-session` past the queue, and
 *   the embed's `ready` is the verdict.
 */
export type Delivery = 'queued' | 'urgent';

/** One renewal: every trigger that joined it, and where its attempts stand. */
export interface RenewalRun {
  /** The first trigger. */
  readonly trigger: RenewalTrigger;
  /** How its ids reach the embed. */
  readonly delivery: Delivery;
  /** Expiries of the sessions this run renews (the latest {@link EXPIRY_MEMORY}). */
  readonly targets: readonly number[];
  /** `sentAt` before this run: restored when it fails (its ids never took). */
  readonly sentBefore: number;
  /** The current attempt, 1-based. */
  readonly attempt: number;
}

/**
 * Where the embed's first load stands (the first id goes in the iframe's URL):
 * - `idle`: not started yet (a lazy embed waits until it is seen);
 * - `minting`: the first id is being minted (mint `ticket`); `backoff`: waiting before attempt `attempt + 1`;
 * - `loading`: the URL is set; waiting for `ready` (its timer runs); `silentWait` once the iframe's
 *   page loaded: its `frame-silent` timer runs too, until `ready` or the embed's `auth` error;
 * - `ready`: the embed sent `ready`; `failed`: `embed.ready` rejected with `error` (a late `ready` still counts).
 */
export type LoadState =
  | { readonly name: 'idle' }
  | { readonly name: 'minting'; readonly attempt: number; readonly ticket: number }
  | { readonly name: 'backoff'; readonly attempt: number }
  | { readonly name: 'loading'; readonly silentWait?: true }
  | { readonly name: 'ready' }
  | { readonly name: 'failed'; readonly error: EmbedError };

/**
 * Where renewal stands; a run exists only in the phases that have one:
 * - `idle`: nothing to do;
 * - `waiting-ready`: a run waits for the embed's first `ready`;
 * - `minting`: a fresh id is being minted (mint `ticket`);
 * - `awaiting-verdict`: the id went out; see {@link Delivery} for what decides;
 * - `rejected`: the embed rejected that id; the attempt fails a microtask later, as a rejected promise would;
 * - `backoff`: waiting before the next attempt;
 * - `taken`: the last run succeeded; a late rejection still undoes it;
 * - `destroyed`: nothing happens any more.
 */
export type RenewalPhase =
  | { readonly phase: 'idle' }
  | { readonly phase: 'waiting-ready'; readonly run: RenewalRun }
  | { readonly phase: 'minting'; readonly run: RenewalRun; readonly ticket: number }
  | { readonly phase: 'awaiting-verdict'; readonly run: RenewalRun }
  | { readonly phase: 'rejected'; readonly run: RenewalRun }
  | { readonly phase: 'backoff'; readonly run: RenewalRun }
  | { readonly phase: 'taken'; readonly run: RenewalRun }
  | { readonly phase: 'destroyed' };

/** What is known of the sessions, whatever the phase. */
export interface SessionFacts {
  /** Where the first load stands. */
  readonly load: LoadState;
  /** When the current session's id was put to use: the base of the expiry estimate. */
  readonly mintedAt: number;
  /** The latest expiry the embed told us of, until a renewal succeeds. */
  readonly known: number | undefined;
  /**
   * Expiries of sessions renewed or being renewed (the latest {@link EXPIRY_MEMORY}): triggers about
   * them are duplicates. Sessions are told apart by expiry, not ordering times: one can lapse early,
   * before the expiry of its predecessor.
   */
  readonly handled: readonly number[];
  /** When our last `set-session` went out (browser clock): an event built before it is about an older session. */
  readonly sentAt: number;
  /** The last mint ticket handed out: a mint's result counts only for the ticket it was started with. */
  readonly tickets: number;
}

/** The whole state of the renewal machine: the facts, and the renewal phase. */
export type RenewalState = SessionFacts & RenewalPhase;

/** Fixed for the embed's life. */
export interface RenewalConfig {
  /** Attempts per run (and for the first id), each with a fresh id, and the backoff between them. */
  policy: RetryPolicy;
  /** `mintSessionId` was given: without it nothing can be minted. */
  canMint: boolean;
  /** `publicId` or `src` gives the iframe a URL to load (a wrapped iframe may already have one). */
  hasUrl: boolean;
  /** How long to wait for `ready` once the URL is set; 0 waits forever. */
  readyTimeoutMs: number;
  /** How long to wait for `ready` once the iframe's page loaded (`FRAME_SILENT_MS`), then `frame-silent`; absent or 0: no such wait. */
  silentAfterLoadMs?: number;
}

/**
 * What can happen to the first load, and to it alone: the embed starts, the first id's mint settles
 * (a mint result for the `url`), the load's backoff ends, no `ready` came in time, the page's Content
 * Security Policy refused to frame the tenant (`frame-blocked`) or to call the session endpoint
 * (`endpoint-blocked`), the iframe's page loaded (`frame-loaded`) and then stayed silent
 * (`frame-silent`).
 */
export type LoadSignal =
  | { type: 'start'; now: number; sessionId?: string }
  | { type: 'minted'; ticket: number; sessionId: string; now: number; delivery: 'url' }
  | { type: 'mint-failed'; ticket: number; error: EmbedError; delivery: 'url' }
  | { type: 'load-backoff-elapsed' }
  | { type: 'ready-timeout'; error: EmbedError }
  | { type: 'frame-blocked'; error: EmbedError }
  | { type: 'endpoint-blocked'; error: EmbedError }
  | { type: 'frame-loaded' }
  | { type: 'frame-silent'; error: EmbedError };

/**
 * What can happen to renewal, and to it alone: a trigger (`manual` only from `renewSession()`, whose
 * caller waits for the run), a wake-up, the embed refusing or rejecting an id, a run's mint settling
 * (a mint result for a {@link Delivery}), the run's timers ending.
 */
export type RunSignal =
  | { type: 'trigger'; trigger: RenewalTrigger; now: number; expiry?: number; builtAt?: number }
  | { type: 'wake-up'; now: number }
  | { type: 'auth-error' }
  | { type: 'rejected' }
  | { type: 'minted'; ticket: number; sessionId: string; now: number; delivery: Delivery }
  | { type: 'mint-failed'; ticket: number; error: EmbedError; delivery: Delivery }
  | { type: 'rejection-settled'; error: EmbedError }
  | { type: 'verdict-elapsed'; now: number }
  | { type: 'backoff-elapsed' };

/**
 * What can happen to the two machines, the first load and renewal: a signal of one of them, or one
 * both hear (the embed's `ready` ends the load and lets a run go on; `destroyed` ends both). A mint's
 * result (`minted`, `mint-failed`) carries the delivery its `mint` effect asked for, and so names its
 * machine: `url` is the first load's, `queued` and `urgent` a run's.
 */
export type RenewalSignal = LoadSignal | RunSignal | { type: 'ready'; now: number; payload: ReadyPayload } | { type: 'destroyed' };

/** The timers the runner arms, each ended by a signal of its own. */
export type TimerPurpose = 'ready-timeout' | 'frame-silent' | 'verdict' | 'backoff' | 'load-backoff';

/**
 * What the runner does for a step, in order. Plain data. `hold-caller` keeps the `renewSession()`
 * caller of the step's signal until the next `settle-callers`, which answers every caller held.
 */
export type RenewalEffect =
  | { type: 'mint'; ticket: number; delivery: Delivery | 'url' }
  | { type: 'load-url'; sessionId?: string }
  | { type: 'post-session'; sessionId: string; delivery: Delivery }
  | { type: 'revoke-late-id'; sessionId: string }
  | { type: 'start-timer'; timer: TimerPurpose; ms: number }
  | { type: 'cancel-timer'; timer: TimerPurpose }
  | { type: 'settle-rejection-soon'; error: EmbedError }
  | { type: 'resolve-ready'; payload: ReadyPayload }
  | { type: 'reject-ready'; error: EmbedError }
  | { type: 'open-outbox' }
  | { type: 'emit'; name: 'renewed'; info: RenewalInfo }
  | { type: 'emit'; name: 'renewal-failed'; info: RenewalFailure }
  | { type: 'hold-caller' }
  | { type: 'settle-callers'; error?: EmbedError };

/** A transition's result: the next state and the effects to run, in order. */
export interface RenewalStep {
  /** The next state (a new object when anything changed; the one given is never modified). */
  readonly state: RenewalState;
  /** What to do, in order. */
  readonly effects: readonly RenewalEffect[];
  /** A line for the debug log (`renew`, `retry`, `drop`), never asserted by tests. */
  readonly log?: readonly unknown[];
  /** The moments of the first load this step reached (`embed.timings`), noted before its effects run. */
  readonly moments?: readonly TimingName[];
}

/** A step in which nothing changes, with a line for the debug log. */
export const same = (state: RenewalState, log?: unknown[]): RenewalStep => ({ state, effects: [], log });

/** The errors `embed.ready` rejects with when no `ready` came: in `readyTimeoutMs`, or after the iframe's page loaded. */
interface SilenceErrors {
  readyTimeoutError(): EmbedError;
  silentError(): EmbedError;
}

/** The signal that ends each timer; `errors` are those `embed.ready` rejects with when `ready` did not come. */
export function elapsedSignal(timer: TimerPurpose, now: number, errors: SilenceErrors): RenewalSignal {
  if (timer === 'ready-timeout') return { type: 'ready-timeout', error: errors.readyTimeoutError() };
  if (timer === 'frame-silent') return { type: 'frame-silent', error: errors.silentError() };
  if (timer === 'verdict') return { type: 'verdict-elapsed', now };
  return { type: timer === 'backoff' ? 'backoff-elapsed' : 'load-backoff-elapsed' };
}

/** The state of an embed created at `now`: nothing minted or loaded yet. */
export function initialRenewalState(now: number): RenewalState {
  return {
    phase: 'idle', load: { name: 'idle' }, mintedAt: now, known: undefined, handled: [], sentAt: -Infinity, tickets: 0,
  };
}

/** The phases in which a run is in progress. */
const RUNNING: ReadonlySet<RenewalState['phase']> = new Set(['waiting-ready', 'minting', 'awaiting-verdict', 'rejected', 'backoff']);

/** A state with a run in progress. */
export type RunningState = SessionFacts & Extract<RenewalPhase, { phase: 'waiting-ready' | 'minting' | 'awaiting-verdict' | 'rejected' | 'backoff' }>;

/** True while a run is in progress. */
export function isRunning(state: RenewalState): state is RunningState {
  return RUNNING.has(state.phase);
}

/** The facts of `state` in `phase`: a state never keeps the fields of a phase it left. */
export function inPhase(state: SessionFacts, phase: RenewalPhase): RenewalState {
  const { load, mintedAt, known, handled, sentAt, tickets } = state;
  return { load, mintedAt, known, handled, sentAt, tickets, ...phase };
}

/** `expiries` with `at` added, keeping the latest {@link EXPIRY_MEMORY}. */
export function remember(expiries: readonly number[], at: number): readonly number[] {
  const kept = expiries.length < EXPIRY_MEMORY ? expiries : expiries.slice(1 - EXPIRY_MEMORY);
  return [...kept, at];
}

/** When the current session lapses: known, else estimated from when its id was used. */
export function deadline(state: SessionFacts): number {
  return state.known ?? state.mintedAt + ESTIMATED_LIFETIME_MS;
}
