import type { LogoutAnswer } from '@svc-embed/protocol/session-endpoint';
import type { EmbedError } from '../base/errors.js';
import type { EndpointSignOut } from '../endpoint/endpoint-logout.js';

export type { EndpointSignOut };

/**
 * How the sign-out through the ledger's session endpoints went:
 * - `none`: no embed of the ledger used a `sessionEndpoint`; only the ids this page recorded were revoked;
 * - `complete`: every endpoint answered, and its backend confirmed that nothing of the viewer waits;
 * - `pending`: every endpoint answered, but some ids of the viewer still wait for revocation at the
 *   backend (`pending`): its sweep and the next `logout()` retry them;
 * - `failed`: an endpoint could not be reached or answered an error, after every retry (`error` says
 *   why): the viewer's ids from other tabs and devices may still be live; call `logout()` again.
 */
type BackendSignOut = 'none' | EndpointSignOut['backend'];

/**
 * Result of a logout: what this call revoked, what failed, what still waits, and whether the sign-out
 * reached the backend and completed. A failed or unreachable endpoint is never an empty success:
 * `backend` is `failed` and `complete` false. It is the endpoint's logout answer (`LogoutAnswer` of
 * `@svc-embed/protocol/session-endpoint`) merged over the ledger's endpoints and the page's own
 * revocations, plus what only the browser knows: `failed[].error` the thrown value, `backend`, `error`.
 * @example
 * const result = await ledger.logout();
 * if (!result.complete) showRetry(`${result.pending.length} sessions not yet revoked (${result.backend})`);
 */
export interface LogoutResult extends Omit<LogoutAnswer, 'failed' | 'viewer' | 'reason'> {
  /**
   * Ids revoked by this call, each confirmed: named revoked in a session endpoint's answer (from
   * every tab, page load and device of the viewer), or the page's own `revokeSessionId` resolved
   * (those revoked early because they arrived too late to be used among them).
   */
  revoked: string[];
  /**
   * Ids this page holds whose revocation no one could confirm: the endpoint's `DELETE` answered 404
   * `unknown-session`. Each may still be live; `reason` says why:
   * - `not-in-ledger`: the endpoint's ledger does not hold it: minted elsewhere (an id given to
   *   `setSession` that the endpoint did not mint), or the ledger lost it;
   * - `viewer-changed`: it was minted for another viewer than the one the endpoint serves now
   *   (another user signed in, in this or another tab): it stays live until that viewer signs out
   *   through the endpoint, or it expires.
   *
   * The next `logout()` asks again.
   */
  unconfirmed: Unconfirmed[];
  /**
   * Ids whose revocation failed, each with its error: the page's `revokeSessionId` threw, rejected or
   * resolved with a failed HTTP answer (an `EmbedError` `revoke-failed` naming the status), or the
   * endpoint's service failed to revoke it (`revoke-failed` with the endpoint's sentence).
   */
  failed: { sessionId: string; error: unknown }[];
  /**
   * Every id known to be still waiting for revocation after this call: the endpoints' `pending` (their
   * backend retries them) and the ids in `failed`. The next `logout()` tries them again.
   */
  pending: string[];
  /** How the sign-out through the session endpoints went; see {@link BackendSignOut}. */
  backend: BackendSignOut;
  /** Why the sign-out through an endpoint failed (an `EmbedError` `revoke-failed`), when `backend` is `failed`. */
  error?: EmbedError;
  /**
   * True when every id is known revoked: no endpoint failed or has anything pending, no id failed
   * and none is unconfirmed. A complete logout is not run again: a later `logout()` resolves with the
   * same result.
   */
  complete: boolean;
  /**
   * Why the logout is not complete (absent when it is), a stable code for the app to branch on:
   * `endpoint-failed` (`backend: 'failed'`: call `logout()` again), `viewer-changed` or
   * `not-in-ledger` (ids `unconfirmed`), `pending` (ids wait: the backend and the next `logout()`
   * retry them). The most serious one is given.
   */
  reason?: LogoutReason;
}

/** A {@link LogoutResult}'s `reason`: why it is not complete. */
export type LogoutReason = 'endpoint-failed' | Unconfirmed['reason'] | 'pending';

/** An id no one could confirm revoked, and why; see {@link LogoutResult.unconfirmed}. */
export interface Unconfirmed {
  sessionId: string;
  reason: 'viewer-changed' | 'not-in-ledger';
}

/** What revoking the page's own ids did. */
export type OwnRevocations = Pick<LogoutResult, 'revoked' | 'failed' | 'unconfirmed'>;

/**
 * One logout's result from what each endpoint's sign-out did and what the page's own revocations
 * did: an id revoked by either is revoked, neither failed nor pending; `backend` is the worst of the
 * endpoints' (failed, then pending), `none` without one.
 */
export function logoutResult(endpoints: EndpointSignOut[], own: OwnRevocations): LogoutResult {
  const revoked = new Set([...endpoints.flatMap((each) => each.revoked), ...own.revoked]);
  const failed = [...own.failed, ...endpoints.flatMap((each) => each.failed)].filter(({ sessionId }) => !revoked.has(sessionId));
  const pending = new Set([...endpoints.flatMap((each) => each.pending), ...failed.map(({ sessionId }) => sessionId)].filter((sessionId) => !revoked.has(sessionId)));
  const some = (backend: BackendSignOut) => endpoints.some((each) => each.backend === backend);
  const backend = some('failed') ? 'failed' : some('pending') ? 'pending' : endpoints.length ? 'complete' : 'none';
  const error = endpoints.find((each) => each.error)?.error;
  const unconfirmed = own.unconfirmed.filter(({ sessionId }) => !revoked.has(sessionId));
  const reason = logoutReason({ backend, unconfirmed, pending });
  return {
    revoked: [...revoked],
    failed,
    pending: [...pending],
    unconfirmed,
    backend,
    ...(error ? { error } : {}),
    complete: !reason,
    ...(reason ? { reason } : {}),
  };
}

/** The most serious reason a logout is not complete, or undefined when it is. */
function logoutReason(parts: { backend: BackendSignOut; unconfirmed: Unconfirmed[]; pending: ReadonlySet<string> }): LogoutReason | undefined {
  const { backend, unconfirmed } = parts;
  if (backend === 'failed') return 'endpoint-failed';
  const changed = unconfirmed.find(({ reason }) => reason === 'viewer-changed') ?? unconfirmed[0];
  if (changed) return changed.reason;
  return backend === 'pending' || parts.pending.size ? 'pending' : undefined;
}
