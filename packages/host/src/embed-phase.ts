import type { ReadyPayload } from '@svc-embed/protocol';
import type { EmbedError } from './errors.js';

/**
 * Where one embed stands, changed in one place (`enter` in `createEmbed`):
 * - `minting`: signed; the first id is being minted and the iframe has no URL yet;
 * - `loading`: the URL is set; actions are held until `ready`, whose timer runs;
 * - `reauthenticating`: the embed refused its id (context `auth`) and waits for a fresh one;
 * - `ready`: the embed sent `ready`; actions go out at once;
 * - `failed`: `embed.ready` rejected (no id, no `ready` in time, or no id it accepted); a late
 *   `ready` still moves on to `ready`;
 * - `destroyed`: nothing is listened to, sent, or renewed any more; `by` says whether `destroy()` or
 *   the ledger's `logout()` did it (logout removes a wrapped iframe too).
 */
export type EmbedPhase =
  | { name: 'minting' }
  | { name: 'loading' }
  | { name: 'reauthenticating' }
  | { name: 'ready'; payload: ReadyPayload }
  | { name: 'failed'; error: EmbedError }
  | { name: 'destroyed'; by: 'destroy' | 'logout' };
