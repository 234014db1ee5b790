import { LOGOUT_REASONS, type LogoutAnswer } from '@svc-embed/protocol/session-endpoint';
import type { LedgerHorizon } from '../stores/session-store.js';
import type { RevocationOutcome } from './revoke-claimed.js';

/** The sentence of each `failed` entry: the service's own words stay in `onError`. */
const REVOKE_FAILED_MESSAGE =
  'the service did not revoke this session id; it stays in the ledger as pending, and the next sign-out or the sweep (revokePending) tries again';

/** Whether the store's ledger can miss ids that are still live: `whole`, or `incomplete` since when it is whole (epoch ms, the store's clock). */
type LedgerState = { kind: 'whole' } | { kind: 'incomplete'; since: number };

/** The ledger's state: whole once its horizon is at least an id's longest life (`idLifetimeMs`) old, on the store's clock. */
export function ledgerOf(horizon: LedgerHorizon, idLifetimeMs: number): LedgerState {
  return horizon.now - horizon.since >= idLifetimeMs ? { kind: 'whole' } : { kind: 'incomplete', since: horizon.since };
}

/**
 * The logout answer (`LogoutAnswer` of the protocol's contract) of a sign-out's revocations: `failed`
 * with the endpoint's own sentence (the service's words stay in `onError`); `complete` only when
 * nothing waits and the ledger is whole, else with `reason` and `ledgerSince` when it is not.
 */
export function signOutAnswer(outcome: RevocationOutcome, ledger: LedgerState): LogoutAnswer {
  const answer: LogoutAnswer = {
    revoked: outcome.revoked,
    failed: outcome.failed.map((sessionId) => ({ sessionId, error: REVOKE_FAILED_MESSAGE })),
    pending: outcome.pending ?? outcome.failed,
    complete: ledger.kind === 'whole' && outcome.pending !== null && outcome.pending.length === 0,
  };
  if (ledger.kind === 'whole') return answer;
  return { ...answer, reason: LOGOUT_REASONS.ledgerIncomplete, ledgerSince: new Date(ledger.since).toISOString() };
}
