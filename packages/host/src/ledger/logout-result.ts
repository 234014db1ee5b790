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
export interface LogoutResult extends Omit<LogoutAnswer, 'failed'> {
  /**
   * Ids revoked by this call: by the session endpoints (from every tab, page load and device of the
   * viewer) and by the page's own `revokeSessionId` (those revoked early because they arrived too late
   * to be used among them; an id an endpoint's `DELETE` no longer knows, 404 `unknown-session`, is not
   * live and counts as revoked).
   */
  revoked: string[];
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
   * True when every id is known revoked: no endpoint failed or has anything pending, and no id failed.
   * A complete logout is not run again: a later `logout()` resolves with the same result.
   */
  complete: boolean;
}

/** What revoking the page's own ids did. */
export type OwnRevocations = Pick<LogoutResult, 'revoked' | 'failed'>;

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
  return {
    revoked: [...revoked],
    failed,
    pending: [...pending],
    backend,
    ...(error ? { error } : {}),
    complete: pending.size === 0 && (backend === 'none' || backend === 'complete'),
  };
}
