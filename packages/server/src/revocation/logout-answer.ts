import { LOGOUT_REASONS, type LogoutAnswer, type LogoutReason } from '@svc-embed/protocol/session-endpoint';
import type { RevocationOutcome } from './in-flight.js';
import type { RevocationProgress } from './revoke-claimed.js';

/** The sentence of each `failed` entry: the service's own words stay in `onError`. */
const REVOKE_FAILED_MESSAGE =
  'the service did not revoke this session id; it stays in the ledger as pending, and the sweep (revokePending) or a later sign-out tries again once its backoff is over';

const failedEntries = (failed: readonly string[]) => failed.map((sessionId) => ({ sessionId, error: REVOKE_FAILED_MESSAGE }));

/**
 * The logout answer (`LogoutAnswer` of the protocol's contract) of a sign-out's revocations: `failed`
 * with the endpoint's own sentence (the service's words stay in `onError`), and why it is not
 * `complete` when it is not.
 */
export function signOutAnswer(outcome: RevocationOutcome): LogoutAnswer {
  const pending = outcome.pending ?? outcome.failed;
  const complete = outcome.pending !== null && outcome.pending.length === 0;
  const answer: LogoutAnswer = { revoked: outcome.revoked, failed: failedEntries(outcome.failed), pending, complete };
  if (!complete) answer.reason = reasonOf(outcome);
  return answer;
}

/** Why an answer is not complete: the store, a failure, or ids other calls still hold. */
function reasonOf(outcome: RevocationOutcome): LogoutReason {
  if (outcome.pending === null) return LOGOUT_REASONS.storeUnavailable;
  return outcome.failed.length > 0 ? LOGOUT_REASONS.revokeFailed : LOGOUT_REASONS.signOutInProgress;
}

/**
 * The answer of a sign-out whose revocations outlived its deadline: what is done so far, and every
 * other id it claimed or joined, or another call holds, as pending (`sign-out-in-progress`).
 */
export function inProgressAnswer(progress: RevocationProgress, held: readonly string[]): LogoutAnswer {
  const revoked = new Set(progress.revoked);
  const pending = [...new Set([...progress.ids, ...held])].filter((sessionId) => !revoked.has(sessionId));
  return { revoked: [...progress.revoked], failed: failedEntries(progress.failed), pending, complete: false, reason: LOGOUT_REASONS.signOutInProgress };
}
