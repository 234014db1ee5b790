import type { RevocationOutcome } from './revoke-claimed.js';

/** The sentence of each `failed` entry: the service's own words stay in `onError`. */
export const REVOKE_FAILED_MESSAGE =
  'the service did not revoke this session id; it stays in the ledger as pending, and the next sign-out or the sweep (revokePending) tries again';

/**
 * The answer of a viewer's sign-out (`POST <path>/logout`, `logoutViewer`): what it revoked, what
 * failed, and what still waits. Not the host's `LogoutResult` (what `ledger.logout()` resolves
 * with, whose `failed[].error` is the thrown value): here `error` is the endpoint's own sentence.
 * @example
 * { "revoked": ["ses_1", "ses_2"], "failed": [{ "sessionId": "ses_3", "error": "..." }], "pending": ["ses_3"], "complete": false }
 */
export interface LogoutAnswer {
  /** Ids this sign-out revoked at the service. */
  revoked: string[];
  /** Ids whose revocation failed this time; each stays in the ledger, pending. */
  failed: { sessionId: string; error: string }[];
  /**
   * Every id of the viewer still waiting for revocation after this sign-out: the failed ones, and
   * any another call is revoking at this moment. The next sign-out and the sweep retry them.
   */
  pending: string[];
  /**
   * True when the store confirmed that nothing of the viewer waits for revocation: every id minted
   * for them before this sign-out is revoked. False while anything is pending, or when the store
   * could not be asked after revoking (then `pending` lists what this call knows failed).
   */
  complete: boolean;
}

/** The logout answer of a sign-out's revocations. */
export function logoutAnswer(outcome: RevocationOutcome): LogoutAnswer {
  return {
    revoked: outcome.revoked,
    failed: outcome.failed.map((sessionId) => ({ sessionId, error: REVOKE_FAILED_MESSAGE })),
    pending: outcome.pending ?? outcome.failed,
    complete: outcome.pending !== null && outcome.pending.length === 0,
  };
}
