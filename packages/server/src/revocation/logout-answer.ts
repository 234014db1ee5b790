import { LOGOUT_REASONS, type LogoutAnswer, type LogoutReason } from '@svc-embed/protocol/session-endpoint';
import type { LedgerHorizon } from '../stores/session-store.js';
import type { RevocationOutcome } from './in-flight.js';
import type { RevocationProgress } from './revoke-claimed.js';

/** The sentence of each `failed` entry: the service's own words stay in `onError`. */
const REVOKE_FAILED_MESSAGE =
  'the service did not revoke this session id; it stays in the ledger as pending, and the sweep (revokePending) or a later sign-out tries again once its backoff is over';

const failedEntries = (failed: readonly string[]) => failed.map((sessionId) => ({ sessionId, error: REVOKE_FAILED_MESSAGE }));

/** Whether the store's ledger can miss ids that are still live: `whole`, or `incomplete` since when it is whole (epoch ms, the store's clock). */
type LedgerState = { kind: 'whole' } | { kind: 'incomplete'; since: number };

/** The ledger's state: whole once its horizon is at least an id's longest life (`idLifetimeMs`) old, on the store's clock. */
export function ledgerOf(horizon: LedgerHorizon, idLifetimeMs: number): LedgerState {
  return horizon.now - horizon.since >= idLifetimeMs ? { kind: 'whole' } : { kind: 'incomplete', since: horizon.since };
}

/**
 * The answer with why it is not complete: the reason its own lists give (`listReason`), else
 * `ledger-incomplete` when the ledger may miss ids; `ledgerSince` whenever it may (whatever the
 * reason given), and `complete` false then too.
 */
function withReasons(answer: LogoutAnswer, listReason: LogoutReason | undefined, ledger: LedgerState): LogoutAnswer {
  if (ledger.kind === 'whole') return listReason ? { ...answer, reason: listReason } : answer;
  return { ...answer, complete: false, reason: listReason ?? LOGOUT_REASONS.ledgerIncomplete, ledgerSince: new Date(ledger.since).toISOString() };
}

/**
 * The logout answer (`LogoutAnswer` of the protocol's contract) of a sign-out's revocations: `failed`
 * with the endpoint's own sentence (the service's words stay in `onError`); `complete` only when
 * nothing waits and the ledger is whole, else with the `reason` (and `ledgerSince` when the ledger
 * may miss ids).
 */
export function signOutAnswer(outcome: RevocationOutcome, ledger: LedgerState): LogoutAnswer {
  const pending = outcome.pending ?? outcome.failed;
  const settled = outcome.pending !== null && outcome.pending.length === 0;
  const answer: LogoutAnswer = { revoked: outcome.revoked, failed: failedEntries(outcome.failed), pending, complete: settled };
  return withReasons(answer, settled ? undefined : reasonOf(outcome), ledger);
}

/** Why the lists are not settled: the store, a failure, or ids other calls still hold. */
function reasonOf(outcome: RevocationOutcome): LogoutReason {
  if (outcome.pending === null) return LOGOUT_REASONS.storeUnavailable;
  return outcome.failed.length > 0 ? LOGOUT_REASONS.revokeFailed : LOGOUT_REASONS.signOutInProgress;
}

/**
 * The answer of a sign-out whose revocations outlived its deadline: what is done so far, and every
 * other id it claimed or joined, or another call holds, as pending (`sign-out-in-progress`).
 */
export function inProgressAnswer(options: { progress: RevocationProgress; held: readonly string[]; ledger: LedgerState }): LogoutAnswer {
  const { progress, held, ledger } = options;
  const revoked = new Set(progress.revoked);
  const pending = [...new Set([...progress.ids, ...held])].filter((sessionId) => !revoked.has(sessionId));
  const answer: LogoutAnswer = { revoked: [...progress.revoked], failed: failedEntries(progress.failed), pending, complete: false };
  return withReasons(answer, LOGOUT_REASONS.signOutInProgress, ledger);
}
