import type { LogoutAnswer } from '@svc-embed/protocol/session-endpoint';
import type { RevocationOutcome } from './revoke-claimed.js';

/** The sentence of each `failed` entry: the service's own words stay in `onError`. */
const REVOKE_FAILED_MESSAGE =
  'the service did not revoke this session id; it stays in the ledger as pending, and the next sign-out or the sweep (revokePending) tries again';

/**
 * The logout answer (`LogoutAnswer` of the protocol's contract) of a sign-out's revocations: `failed`
 * with the endpoint's own sentence (the service's words stay in `onError`).
 */
export function signOutAnswer(outcome: RevocationOutcome): LogoutAnswer {
  return {
    revoked: outcome.revoked,
    failed: outcome.failed.map((sessionId) => ({ sessionId, error: REVOKE_FAILED_MESSAGE })),
    pending: outcome.pending ?? outcome.failed,
    complete: outcome.pending !== null && outcome.pending.length === 0,
  };
}
