import type { EmbedError } from '../base/errors.js';
import { isRunning, type RenewalState } from './renewal.js';

/**
 * Where an embed stands, for the page to show: `waiting` (a lazy embed not seen yet), `minting` (its
 * first session id), `loading` (the URL is set, no `ready` yet), `ready`, `renewing` (a renewal runs;
 * the dashboard stays usable), `failed` (`ready` rejected: no id, or no `ready` in time), `destroyed`.
 */
export type EmbedState = 'waiting' | 'minting' | 'loading' | 'ready' | 'renewing' | 'failed' | 'destroyed';

/** Detail of the host-side `state` notification. */
export interface EmbedStateChange {
  /** The state now. */
  state: EmbedState;
  /** The state before. */
  previous: EmbedState;
  /** Why, when `state` is `failed`: the error `embed.ready` rejected with. */
  error?: EmbedError;
}

/** The {@link EmbedState} of the renewal machine's state. */
export function embedStateOf(state: RenewalState): EmbedState {
  if (state.phase === 'destroyed') return 'destroyed';
  const { load } = state;
  if (load.name === 'idle') return 'waiting';
  if (load.name === 'backoff') return 'minting';
  // `minting`, `loading` and `failed` are the load's own names.
  if (load.name !== 'ready') return load.name;
  return isRunning(state) ? 'renewing' : 'ready';
}

/** The error of a `failed` state, if any. */
export function failureOf(state: RenewalState): EmbedError | undefined {
  return state.load.name === 'failed' ? state.load.error : undefined;
}
