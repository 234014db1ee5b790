// The first load as a machine of its own: from `start` to the first id in the iframe's URL, then to
// `ready`. Its signals are `LoadSignal`s (renewal.ts): `start`, the results of mints for the `url`,
// `load-backoff-elapsed`, `ready-timeout` and `frame-blocked`; it also hears `ready`. It reads and writes the load
// (`state.load`), the mint tickets and `mintedAt`, never the renewal phase: `renewalStep`
// (renewal-step.ts) passes it the load's signals and lets a run react to where the load ends
// (`ready`, `failed`). Each step also returns the first load's moments it reached (`embed.timings`).
import type { ReadyPayload } from '@svc-embed/protocol';
import type { EmbedError } from '../base/errors.js';
import { backoffDelay, isFinal, same, type LoadSignal, type RenewalConfig, type RenewalEffect, type RenewalState, type RenewalStep } from './renewal.js';

type Signal<T extends LoadSignal['type']> = Extract<LoadSignal, { type: T }>;

/**
 * The embed starts: mint the first id for its URL (or use the page's, `sessionId`: no mint), or set
 * the URL at once (private, or nothing to mint with); once only (a `lazy` start may come twice).
 */
export function startLoad(state: RenewalState, config: RenewalConfig, sessionId?: string): RenewalStep {
  if (state.load.name !== 'idle') return same(state);
  if (config.canMint && config.hasUrl) return sessionId ? setUrl(state, config, sessionId) : mintFirstId(state, 1);
  return setUrl(state, config);
}

/** Mints the first id, attempt `attempt`. */
function mintFirstId(state: RenewalState, attempt: number): RenewalStep {
  const ticket = state.tickets + 1;
  return {
    state: { ...state, tickets: ticket, load: { name: 'minting', attempt, ticket } },
    effects: [{ type: 'mint', ticket, delivery: 'url' }],
    moments: ['mintStarted'],
  };
}

/** Sets the iframe's URL (with the first id, when there is one), then waits for `ready` (its timer runs unless `readyTimeoutMs` is 0). */
function setUrl(state: RenewalState, config: RenewalConfig, sessionId?: string): RenewalStep {
  const effects: RenewalEffect[] = [{ type: 'load-url', sessionId }];
  if (config.readyTimeoutMs) effects.push({ type: 'start-timer', timer: 'ready-timeout', ms: config.readyTimeoutMs });
  return { state: { ...state, load: { name: 'loading' } }, effects, moments: ['srcSet'] };
}

/** The first id: into the URL. One minted for an attempt that is over (an older ticket) is never used: revoked. */
export function loadMinted(state: RenewalState, signal: Signal<'minted'>, config: RenewalConfig): RenewalStep {
  const { load } = state;
  const { sessionId } = signal;
  if (load.name !== 'minting' || load.ticket !== signal.ticket) return { state, effects: [{ type: 'revoke-late-id', sessionId }] };
  return { ...setUrl({ ...state, mintedAt: signal.now }, config, sessionId), moments: ['minted', 'srcSet'] };
}

/** The first id's mint failed: back off before the next attempt, or fail the load after the last (or past a mint budget). */
export function loadMintFailed(state: RenewalState, signal: Signal<'mint-failed'>, config: RenewalConfig): RenewalStep {
  const { load } = state;
  const { error } = signal;
  if (load.name !== 'minting' || load.ticket !== signal.ticket) return same(state);
  if (isFinal(error, load.attempt, config)) return loadFailed(state, error);
  const wait: RenewalEffect = { type: 'start-timer', timer: 'load-backoff', ms: backoffDelay(config.policy, load.attempt) };
  return { state: { ...state, load: { name: 'backoff', attempt: load.attempt } }, effects: [wait], log: ['retry', load.attempt, error] };
}

/** The load's backoff elapsed: the next attempt mints a fresh id. */
export function loadBackoffElapsed(state: RenewalState): RenewalStep {
  if (state.load.name !== 'backoff') return same(state);
  return mintFirstId(state, state.load.attempt + 1);
}

/**
 * No `ready` in time (or after the iframe's page loaded), or the page's policy refused to frame the
 * tenant: the load fails, unless it is over (`ready` came, or it failed already: the first cause is
 * the one kept).
 */
export function loadStopped(state: RenewalState, signal: Signal<'ready-timeout' | 'frame-blocked' | 'frame-silent'>): RenewalStep {
  if (state.load.name !== 'loading') return same(state);
  return loadFailed(state, signal.error);
}

/**
 * The page's policy refused the session endpoint's request for the first id: the load fails at once,
 * while its mint is out or it waits to try again (a mint that failed first, with the `fetch` error,
 * backs off: no other attempt is made). Refused again later, nothing changes.
 */
export function loadBlocked(state: RenewalState, signal: Signal<'endpoint-blocked'>): RenewalStep {
  const { name } = state.load;
  if (name !== 'minting' && name !== 'backoff') return same(state);
  const failed = loadFailed(state, signal.error);
  return name === 'backoff' ? { ...failed, effects: [{ type: 'cancel-timer', timer: 'load-backoff' }, ...failed.effects] } : failed;
}

/**
 * The iframe's page loaded: while the load waits for `ready`, a page that stays silent for
 * `silentAfterLoadMs` is `frame-silent` (each load starts the wait again).
 */
export function loadFrameLoaded(state: RenewalState, config: RenewalConfig): RenewalStep {
  const ms = config.silentAfterLoadMs;
  if (state.load.name !== 'loading' || !ms) return same(state);
  return { state: { ...state, load: { name: 'loading', silentWait: true } }, effects: [{ type: 'start-timer', timer: 'frame-silent', ms }] };
}

/** The embed sent `ready` (a late one, after the load failed, still counts): resolve `embed.ready`, open the queue. */
export function loadReady(state: RenewalState, payload: ReadyPayload): RenewalStep {
  const effects: RenewalEffect[] = [{ type: 'cancel-timer', timer: 'ready-timeout' }, ...endSilentWait(state), { type: 'resolve-ready', payload }, { type: 'open-outbox' }];
  return { state: { ...state, load: { name: 'ready' } }, effects, moments: ['ready'] };
}

/** Cancels the wait for `ready` after the iframe's page loaded, when one runs. */
export function endSilentWait(state: RenewalState): RenewalEffect[] {
  return state.load.name === 'loading' && state.load.silentWait ? [{ type: 'cancel-timer', timer: 'frame-silent' }] : [];
}

/** The load fails with `error` (no first id, no `ready` in time): `embed.ready` rejects with it. */
export function loadFailed(state: RenewalState, error: EmbedError): RenewalStep {
  return { state: { ...state, load: { name: 'failed', error } }, effects: [{ type: 'reject-ready', error }] };
}
