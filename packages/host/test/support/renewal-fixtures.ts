// Builders shared by the renewal machine's tables (renewal/renewal-step.test.ts, renewal-step-edges.test.ts,
// renewal-memory.test.ts, renewal-trigger.test.ts; ledger/mint-limit.test.ts).
import { EmbedError } from '../../src/base/errors.js';
import {
  initialRenewalState, inPhase,
  type LoadState, type RenewalConfig, type RenewalPhase, type RenewalRun, type RenewalSignal, type RenewalState, type SessionFacts,
} from '../../src/renewal/renewal.js';
import { HOUR, READY } from './values.js';

export { HOUR, READY } from './values.js';
export const config: RenewalConfig = { policy: { attempts: 3, delayMs: 1_000 }, canMint: true, hasUrl: true, readyTimeoutMs: 30_000 };
export const failure = new EmbedError('mint-failed', 'mintSessionId failed: down');
/** What `ready` does whatever the phase: cancel its timer, resolve `embed.ready`, open the queue. */
export const readyEffects = [{ type: 'cancel-timer', timer: 'ready-timeout' }, { type: 'resolve-ready', payload: READY }, { type: 'open-outbox' }];

/** A state in `phase` (ready unless `facts.load` says otherwise, one ticket handed out), with `facts` changed. */
export function state(phase: RenewalPhase, facts: Partial<SessionFacts> = {}): RenewalState {
  return inPhase({ ...initialRenewalState(0), load: { name: 'ready' }, tickets: 1, ...facts }, phase);
}

/** A run renewing the session that lapses at 5 h, first attempt, with `changes`. */
export const run = (changes: Partial<RenewalRun> = {}): RenewalRun =>
  ({ trigger: 'session-expiring', delivery: 'queued', targets: [5 * HOUR], sentBefore: -Infinity, attempt: 1, ...changes });

/** The embed telling of a session that lapses at `expiry`, at `now`, in a message built at `builtAt`. */
export const expiring = (expiry: number, now = 4 * HOUR, builtAt?: number): RenewalSignal => ({ type: 'trigger', trigger: 'session-expiring', now, expiry, builtAt });
/** The embed telling of a session that lapsed at `expiry`, at `now`, in a message built at `builtAt`. */
export const expired = (expiry: number, now = 5 * HOUR, builtAt?: number): RenewalSignal => ({ type: 'trigger', trigger: 'session-expired', now, expiry, builtAt });

/** One row of a table: the state, the signal, the next phase (and load), the effects in order. */
export interface Row {
  name: string;
  from: RenewalState;
  signal: RenewalSignal;
  to: RenewalState['phase'];
  load?: LoadState['name'];
  effects: unknown[];
  with?: RenewalConfig;
}
