import { DEV } from '../base/dev-mode.js';
import { destroyedError, EmbedError } from '../base/errors.js';
import { endSilentWait, loadBackoffElapsed, loadBlocked, loadFailed, loadFrameLoaded, loadMinted, loadMintFailed, loadReady, loadStopped, startLoad } from './load-step.js';
import {
  backoffDelay, deadline, inPhase, isFinal, isRunning, REJECTION_WINDOW_MS, remember, RENEWAL_WINDOW_MS, same,
  type RenewalConfig, type RenewalEffect, type RenewalRun, type RenewalSignal, type RenewalState, type RenewalStep, type RenewalTrigger, type RunningState, type RunSignal, type TimerPurpose,
} from './renewal.js';
import { classifyTrigger } from './renewal-trigger.js';

type Signal<T extends RenewalSignal['type']> = Extract<RenewalSignal, { type: T }>;

/**
 * The two machines of an embed's sessions as one pure function: the next state for `signal`, and the
 * effects to run, as data. The first load's signals go to its machine (load-step.ts), and a run
 * waiting for the load goes on or fails with it; renewal's go to the transitions below; both hear
 * `ready` and `destroyed`. The rules (one renewal per session, whatever triggers it) are in
 * `packages/host/README.md`, Sessions, and the map of this machine in ARCHITECTURE.md. Nothing
 * happens after `destroyed`. Leaving a phase that has a timer cancels it (the first effect of the step).
 * @example renewalStep(initialRenewalState(0), { type: 'start', now: 0 }, config).effects // [{ type: 'mint', ticket: 1, delivery: 'url' }]
 */
export function renewalStep(state: RenewalState, signal: RenewalSignal, config: RenewalConfig): RenewalStep {
  const step = state.phase === 'destroyed' ? lateResult(state, signal) : cancelLeftTimer(state, transition(state, signal, config));
  return signal.type === 'trigger' && signal.trigger === 'manual' ? holdCaller(step, config) : step;
}

/** Leaving a phase that has a timer cancels it, as the first effect of the step. */
function cancelLeftTimer(state: RenewalState, step: RenewalStep): RenewalStep {
  const left = timerOf(state.phase);
  if (!left || step.state.phase === state.phase) return step;
  return { ...step, effects: [{ type: 'cancel-timer', timer: left }, ...step.effects] };
}

/**
 * `renewSession()` (the only source of `manual` triggers): its caller is held until the run its
 * trigger starts or joins settles the held callers. When no run goes on after the step, the callers
 * still held are answered at once: rejected with `invalid-option` without `mintSessionId`, with
 * `destroyed` after destroy, else resolved.
 */
function holdCaller(step: RenewalStep, config: RenewalConfig): RenewalStep {
  const effects: RenewalEffect[] = [{ type: 'hold-caller' }, ...step.effects];
  if (!config.canMint) effects.push({ type: 'settle-callers', error: new EmbedError('invalid-option', DEV ? 'renewSession needs mintSessionId' : ['mintSessionId']) });
  else if (step.state.phase === 'destroyed') effects.push({ type: 'settle-callers', error: destroyedError() });
  else if (!isRunning(step.state)) effects.push({ type: 'settle-callers' });
  return { ...step, effects };
}

function transition(state: RenewalState, signal: RenewalSignal, config: RenewalConfig): RenewalStep {
  switch (signal.type) {
    // The first load's own signals (load-step.ts); a load that fails fails the run waiting for it.
    case 'start':
      return startLoad(state, config, signal.sessionId);
    case 'load-backoff-elapsed':
      return loadBackoffElapsed(state);
    case 'ready-timeout':
    case 'frame-blocked':
    case 'frame-silent':
      return failWithLoad(loadStopped(state, signal));
    case 'endpoint-blocked':
      return failWithLoad(loadBlocked(state, signal));
    case 'frame-loaded':
      return loadFrameLoaded(state, config);
    // A mint's result goes to the machine its delivery names: `url` is the first load's.
    case 'minted':
      return signal.delivery === 'url' ? loadMinted(state, signal, config) : minted(state, signal);
    case 'mint-failed':
      return signal.delivery === 'url' ? failWithLoad(loadMintFailed(state, signal, config)) : mintFailed(state, signal, config);
    // Heard by both machines.
    case 'ready':
      return ready(state, signal);
    case 'destroyed':
      return { state: inPhase(state, { phase: 'destroyed' }), effects: [{ type: 'settle-callers', error: destroyedError() }] };
    // Renewal's own signals.
    case 'trigger':
      return trigger(state, signal, config);
    case 'wake-up':
      return wakeUp(state, signal, config);
    case 'auth-error':
      return frameHeard(state, authError(state, config));
    case 'rejected':
      return rejected(state);
    case 'rejection-settled':
      return state.phase === 'rejected' ? attemptFailed(state, state.run, signal.error, config) : same(state);
    case 'verdict-elapsed':
      return state.phase === 'awaiting-verdict' ? succeed(state, state.run, signal.now) : same(state);
    case 'backoff-elapsed':
      return backoffElapsed(state);
  }
}

/** One step that does `first`, then `next` (made from `first`'s state): `next`'s state, both steps' effects in order. */
const andThen = (first: RenewalStep, next: RenewalStep): RenewalStep => ({ ...next, effects: [...first.effects, ...next.effects] });

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

/** A trigger starts a run, joins the one in progress, or settles it first (the embed spoke of a newer session). */
function trigger(state: RenewalState, signal: Signal<'trigger'>, config: RenewalConfig): RenewalStep {
  if (!config.canMint) return same(state);
  const { meaning, at } = classifyTrigger(state, signal);
  if (meaning === 'duplicate') return same(state, ['drop', signal.trigger, 'already renewed']);
  // At rest, a trigger that is no duplicate starts a run: only a run in progress can be joined or settled.
  if (!isRunning(state)) return startRun(state, signal.trigger, at);
  if (meaning === 'join') return same(join(state, at));
  if (meaning === 'ambiguous') return same(state);
  // Taken, then start: our id is out and the embed spoke of a newer session.
  const taken = succeed(state, state.run, signal.now);
  return andThen(taken, startRun(taken.state, signal.trigger, at));
}

/** The page came back to the foreground: renew when the session is near or past its expiry. */
function wakeUp(state: RenewalState, signal: Signal<'wake-up'>, config: RenewalConfig): RenewalStep {
  if (state.load.name !== 'ready' || signal.now < deadline(state) - RENEWAL_WINDOW_MS) return same(state);
  return trigger(state, { type: 'trigger', trigger: 'foreground', now: signal.now }, config);
}

/** Adds session `at` to the run in progress. */
function join(state: RunningState, at: number): RenewalState {
  return { ...handle(state, at), run: { ...state.run, targets: remember(state.run.targets, at) } };
}

/** `state` with session `at` renewed or being renewed: later triggers about it are duplicates. */
function handle<State extends RenewalState>(state: State, at: number): State {
  return { ...state, handled: remember(state.handled, at), known: Math.max(state.known ?? at, at) };
}

/** Starts a run for session `at`: at once when the embed is ready, else once it is. */
function startRun(state: RenewalState, name: RenewalTrigger, at: number): RenewalStep {
  const run: RenewalRun = { trigger: name, delivery: 'queued', targets: [at], sentBefore: state.sentAt, attempt: 1 };
  const facts = handle(state, at);
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

/** The embed sent `ready`: the load is done; a run waiting for it starts, an `urgent` run's id was taken. */
function ready(state: RenewalState, signal: Signal<'ready'>): RenewalStep {
  const loaded = loadReady(state, signal.payload);
  const next = loaded.state;
  let step: RenewalStep = same(next);
  if (next.phase === 'waiting-ready') step = mintFor(next, next.run);
  else if (isRunning(next) && next.run.delivery === 'urgent') step = succeed(next, next.run, signal.now);
  return { ...andThen(loaded, step), moments: loaded.moments };
}

/** A load that failed (no first id, no `ready` in time) fails the run waiting for it, with the load's error. */
function failWithLoad(loaded: RenewalStep): RenewalStep {
  const { state } = loaded;
  if (state.load.name !== 'failed' || state.phase !== 'waiting-ready') return loaded;
  return andThen(loaded, fail(state, state.run, state.load.error));
}

/** The embed spoke (its page is the service's) while the load waits for `ready`: no `frame-silent` for it. */
function frameHeard(state: RenewalState, step: RenewalStep): RenewalStep {
  const cancel = endSilentWait(state);
  if (!cancel.length || step.state.load.name !== 'loading') return step;
  return { ...step, state: { ...step.state, load: { name: 'loading' } }, effects: [...cancel, ...step.effects] };
}

/**
 * The embed could not authenticate with its id and waits for a `set-session`. A fresh id goes out at
 * once, past the queue; while one is on its way, a repeat says nothing new.
 */
function authError(state: RenewalState, config: RenewalConfig): RenewalStep {
  if (!config.canMint) return failAuthentication(state, rejectedAfter(0));
  if (state.phase === 'awaiting-verdict' || state.phase === 'waiting-ready') {
    // Refused again while our id was out (the iframe reloaded, say): that id failed.
    const run: RenewalRun = { ...state.run, delivery: 'urgent' };
    if (state.phase === 'waiting-ready') return mintFor(state, run);
    return rejectedId(state, run);
  }
  if (isRunning(state)) return same(state, DEV ? ['drop', 'auth', 'a fresh id is on its way'] : ['drop', 'auth']);
  const run: RenewalRun = { trigger: 'auth', delivery: 'urgent', targets: [], sentBefore: state.sentAt, attempt: 1 };
  return { ...mintFor(state, run), log: ['renew', 'auth'] };
}

/** The id `run` sent was rejected: its attempt fails a microtask later, as a rejected promise would. */
function rejectedId(state: RenewalState, run: RenewalRun): RenewalStep {
  const error = new EmbedError('session-rejected', DEV ? 'the embed rejected the new session id' : []);
  return { state: inPhase(state, { phase: 'rejected', run }), effects: [{ type: 'settle-rejection-soon', error }] };
}

/** The embed rejected the id we sent: that attempt fails; or, after the verdict, that renewal did. */
function rejected(state: RenewalState): RenewalStep {
  if (state.phase === 'awaiting-verdict') return rejectedId(state, state.run);
  if (state.phase !== 'taken') return same(state, DEV ? ['drop', 'rejection with no renewal waiting'] : ['drop', 'rejection']);
  // Rejected after all: forget that renewal and renew those sessions again, with a fresh id.
  const { run } = state;
  return startRun(forget(state, run), run.trigger, Math.max(...run.targets));
}

/** Back to `idle` as if `run` never happened: its sessions are not renewed, its ids never took. */
function forget(state: RenewalState, run: RenewalRun): RenewalState {
  return inPhase({ ...state, handled: state.handled.filter((at) => !run.targets.includes(at)), sentAt: run.sentBefore }, { phase: 'idle' });
}

/** A run's id: out as `set-session`. One whose run moved on (an older ticket) still goes out as its mint asked. */
function minted(state: RenewalState, signal: Extract<RunSignal, { type: 'minted' }>): RenewalStep {
  const { ticket, sessionId, now } = signal;
  if (state.phase !== 'minting' || state.ticket !== ticket) return { state, effects: [{ type: 'post-session', sessionId, delivery: signal.delivery }] };
  const { run } = state;
  const effects: RenewalEffect[] = [{ type: 'post-session', sessionId, delivery: run.delivery }];
  if (run.delivery === 'urgent') return { state: inPhase(state, { phase: 'awaiting-verdict', run }), effects };
  effects.push({ type: 'start-timer', timer: 'verdict', ms: REJECTION_WINDOW_MS });
  return { state: inPhase({ ...state, sentAt: now }, { phase: 'awaiting-verdict', run }), effects };
}

/** A run's mint failed (threw, timed out, gave no id): that attempt failed. */
function mintFailed(state: RenewalState, signal: Extract<RunSignal, { type: 'mint-failed' }>, config: RenewalConfig): RenewalStep {
  if (state.phase !== 'minting' || state.ticket !== signal.ticket) return same(state);
  return attemptFailed(state, state.run, signal.error, config);
}

/** An attempt failed: back off before the next one, or fail the run after the last. */
function attemptFailed(state: RenewalState, run: RenewalRun, error: EmbedError, config: RenewalConfig): RenewalStep {
  if (isFinal(error, run.attempt, config)) return fail(state, run, error);
  const wait: RenewalEffect = { type: 'start-timer', timer: 'backoff', ms: backoffDelay(config.policy, run.attempt) };
  return { state: inPhase(state, { phase: 'backoff', run }), effects: [wait], log: ['retry', run.attempt, error] };
}

/** A run's backoff elapsed: the next attempt mints a fresh id. */
function backoffElapsed(state: RenewalState): RenewalStep {
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
    return failAuthentication(idle, rejectedAfter(run.attempt), run.attempt);
  }
  const info = { trigger: run.trigger, attempts: run.attempt, error };
  return { state: forget(state, run), effects: [{ type: 'emit', name: 'renewal-failed', info }, { type: 'settle-callers', error }] };
}

/**
 * The error of an embed that could not authenticate after `attempts` fresh ids (0: with its own id,
 * no mintSessionId to mint another), and what to check: the service
 * refuses an id it does not know (minted at another tenant, with another environment's API key),
 * one already used (each id is single use), or one older than 5 minutes.
 */
const rejectedAfter = (attempts: number) =>
  new EmbedError(
    'session-rejected',
    DEV
      ? `the embed could not authenticate with ${attempts ? `${attempts} fresh session ids` : 'its session id (no mintSessionId to mint another)'}: mint ids at baseUrl's tenant with its API key (not another environment's), each used once within 5 minutes`
      : [attempts],
  );

/** No id got the embed to authenticate (`session-rejected`), or none could be minted; `ready` rejects unless it resolved long ago. */
function failAuthentication(state: RenewalState, error: EmbedError, attempts = 0): RenewalStep {
  const info = { trigger: 'auth' as const, attempts, error };
  const tell: RenewalEffect[] = [{ type: 'emit', name: 'renewal-failed', info }, { type: 'settle-callers', error }];
  if (state.load.name === 'ready') return { state, effects: tell };
  const failed = loadFailed(state, error);
  return { state: failed.state, effects: [...failed.effects, ...tell] };
}
