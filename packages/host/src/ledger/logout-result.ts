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
   * Why the logout is not complete (absent when it is), a stable code for the app to branch on; the
   * most serious one is given (see {@link LogoutReason}). A code this version does not know (a newer
   * backend's) is passed on: treat it as "not complete, try again".
   */
  reason?: LogoutReason;
  /** With `reason`: a sentence the app can show the viewer, such as "Sign-out is not complete: the session store started at 27/11/2026, 13:02:00; sessions opened before may still be open." */
  message?: string;
  /**
   * When an endpoint's store has not held its ledger long enough (`ledger-incomplete`): since when it
   * is whole, ISO 8601 (the latest of the endpoints'). Ids minted before it may still be live.
   */
  ledgerSince?: string;
  /** When an endpoint refused the sign-out as too frequent (`rate-limited`): how long its `Retry-After` asked to wait, ms, when it said. */
  retryAfterMs?: number;
}

/**
 * A {@link LogoutResult}'s `reason`, why it is not complete; most serious first (the order in which
 * one is chosen when several apply):
 * - `endpoint-failed`: the sign-out through an endpoint got no answer or an error (`backend: 'failed'`): call `logout()` again;
 * - `rate-limited`: an endpoint answered 429, too many sign-outs: call `logout()` again after `retryAfterMs`;
 * - `viewer-changed`, `not-in-ledger`: ids `unconfirmed` (see {@link Unconfirmed});
 * - `ledger-incomplete`: an endpoint's store is newer than an id's life, so it may miss ids (`ledgerSince`);
 * - `sign-out-in-progress`: another sign-out of the viewer holds the ids (`pending`): it finishes them;
 * - `pending`: ids wait; the backend and the next `logout()` retry them.
 */
export type LogoutReason = 'endpoint-failed' | 'rate-limited' | Unconfirmed['reason'] | 'ledger-incomplete' | 'sign-out-in-progress' | 'pending';

/** An id no one could confirm revoked, and why; see {@link LogoutResult.unconfirmed}. */
export interface Unconfirmed {
  sessionId: string;
  reason: 'viewer-changed' | 'not-in-ledger';
}

/** What revoking the page's own ids did. */
export type OwnRevocations = Pick<LogoutResult, 'revoked' | 'failed' | 'unconfirmed'>;

/** The parts of a result its reason and message are made of. */
type ReasonParts = Pick<LogoutResult, 'unconfirmed' | 'ledgerSince' | 'retryAfterMs'> & { endpoints: EndpointSignOut[]; pending: ReadonlySet<string> };

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
  // ISO times of one format sort as times: the latest start is the one that misses the most.
  const ledgerSince = endpoints.flatMap((each) => each.ledgerSince ?? []).sort().pop();
  const waits = endpoints.flatMap((each) => each.retryAfterMs ?? []);
  const retryAfterMs = waits.length ? Math.max(...waits) : undefined;
  const reason = logoutReason({ endpoints, unconfirmed, pending });
  return {
    revoked: [...revoked],
    failed,
    pending: [...pending],
    unconfirmed,
    backend,
    ...(error ? { error } : {}),
    complete: !reason,
    ...(reason ? { reason, message: reasonMessage(reason, { endpoints, unconfirmed, pending, ledgerSince, retryAfterMs }) } : {}),
    ...(ledgerSince ? { ledgerSince } : {}),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
}

/** The reasons one endpoint's sign-out gives: its answer's or its 429's, else `endpoint-failed` or `pending` by its `backend`. */
const endpointReasons = (each: EndpointSignOut): string[] =>
  each.reason ? [each.reason] : each.backend === 'failed' ? ['endpoint-failed'] : each.backend === 'pending' ? ['pending'] : [];

/** The most serious reason a logout is not complete (one this version does not know after those it does), or undefined when it is. */
function logoutReason(parts: Omit<ReasonParts, 'ledgerSince' | 'retryAfterMs'>): LogoutReason | undefined {
  const found = new Set([...parts.endpoints.flatMap(endpointReasons), ...parts.unconfirmed.map(({ reason }) => reason), ...(parts.pending.size ? ['pending'] : [])]);
  return SERIOUSNESS().find((reason) => found.has(reason)) ?? ([...found][0] as LogoutReason | undefined);
}

/** What each reason's sentence says after "Sign-out is not complete: ", the reasons most serious first (see {@link LogoutReason}). */
const MESSAGES: Record<LogoutReason, (parts: ReasonParts) => string> = {
  'endpoint-failed': () => 'the server did not answer; try again.',
  'rate-limited': ({ retryAfterMs }) => `too many sign-outs; try again ${retryAfterMs === undefined ? 'later' : `in ${Math.ceil(retryAfterMs / 1000)} s`}.`,
  'viewer-changed': () => 'another account signed in here; its sessions stay open until it signs out.',
  'not-in-ledger': () => 'sessions of this page unknown to the server stay open until they expire.',
  'ledger-incomplete': ({ ledgerSince }) => {
    const since = Date.parse(ledgerSince as string);
    return `the session store started ${since ? `at ${new Date(since).toLocaleString()}` : 'recently'}; sessions opened before may still be open.`;
  },
  'sign-out-in-progress': () => 'another sign-out is ending the sessions.',
  pending: () => 'some sessions are still being ended.',
};

/** The reasons, most serious first: the keys of {@link MESSAGES}, in their order. */
const SERIOUSNESS = () => Object.keys(MESSAGES) as LogoutReason[];

/** The sentence of `reason` (a general one for a reason this version does not know). */
function reasonMessage(reason: LogoutReason, parts: ReasonParts): string {
  return `Sign-out is not complete: ${MESSAGES[reason]?.(parts) ?? `${reason}; try again.`}`;
}
