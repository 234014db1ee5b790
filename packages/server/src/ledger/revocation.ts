import { EndpointError } from '../errors.js';
import { inParallel } from './in-parallel.js';
import type { ResolvedOptions } from '../resolve-options.js';

/** What revoking needs of the options (nothing that depends on the viewer's type). */
export type RevocationParts = Pick<ResolvedOptions, 'store' | 'revoke' | 'report' | 'now' | 'limits'>;

/** How many revocations one logout runs at once. */
export const LOGOUT_CONCURRENCY = 4;

/** The message of a failed revocation, in answers and in `failed`: the service's own words stay in `onError`. */
const REVOKE_FAILED_MESSAGE = 'the service did not revoke this session id; it went back to the ledger, so the next logout tries again';

/**
 * The answer of a viewer's sign-out (`POST <path>/logout`, `logoutViewer`): what it revoked, and
 * what it could not. Not the host's `LogoutResult` (what `ledger.logout()` resolves with, whose
 * `failed[].error` is the thrown value): here `error` is the endpoint's own sentence.
 */
export interface LogoutAnswer {
  /** Ids revoked at the service. */
  revoked: string[];
  /** Ids whose revocation failed; each went back to the viewer's ledger. */
  failed: { sessionId: string; error: string }[];
}

/** The result of one revocation, as a named outcome. */
export type RevokeOutcome = { outcome: 'revoked' } | { outcome: 'failed' };

/**
 * Revokes one id that was just claimed from `viewerId`'s ledger. When the service fails, the id goes
 * back to the ledger (until a full lifetime from now: later than it lapses, never earlier) and the
 * failure is reported; the answer never carries the service's error.
 */
export async function revokeClaimed(options: RevocationParts, viewerId: string, sessionId: string): Promise<RevokeOutcome> {
  try {
    await options.revoke(sessionId);
    return { outcome: 'revoked' };
  } catch (error) {
    options.report(error, { code: 'revoke-failed', viewerId, sessionId });
    await options.store.add(viewerId, sessionId, options.now() + options.limits.sessionLifetimeMs).catch((storeError: unknown) => {
      options.report(storeError, { code: 'store-unavailable', viewerId, sessionId });
    });
    return { outcome: 'failed' };
  }
}

/**
 * Revokes every id in `viewerId`'s ledger (from every tab, page load, device and instance that shares
 * the store), {@link LOGOUT_CONCURRENCY} at a time.
 * @throws {EndpointError} `store-unavailable` when the store could not hand the ledger over
 */
export async function logoutViewer(options: RevocationParts, viewerId: string): Promise<LogoutAnswer> {
  const ids = await claimAllOrThrow(options, viewerId);
  const outcomes = await inParallel(ids, LOGOUT_CONCURRENCY, (sessionId) => revokeClaimed(options, viewerId, sessionId));
  const result: LogoutAnswer = { revoked: [], failed: [] };
  ids.forEach((sessionId, index) => {
    if (outcomes[index]?.outcome === 'revoked') result.revoked.push(sessionId);
    else result.failed.push({ sessionId, error: REVOKE_FAILED_MESSAGE });
  });
  return result;
}

async function claimAllOrThrow(options: RevocationParts, viewerId: string): Promise<string[]> {
  try {
    return await options.store.claimAll(viewerId);
  } catch (error) {
    options.report(error, { code: 'store-unavailable', viewerId });
    throw new EndpointError('store-unavailable', 'the session store could not be read: nothing was revoked; try again once it is back', { cause: error });
  }
}
