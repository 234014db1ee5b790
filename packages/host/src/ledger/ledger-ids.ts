import { EmbedError } from '../base/errors.js';
import { httpFailure } from '../endpoint/http-answer.js';
import { inParallel } from './in-parallel.js';
import type { OwnRevocations } from './logout-result.js';

/**
 * The ids of one viewer's ledger, each with how to revoke it: revoked early (never used) or at sign-out.
 * An id whose revocation failed stays recorded, so the next sign-out tries it again.
 */
export interface LedgerIds {
  /** Records `sessionId` with the function that revokes it, and the session endpoint that minted it, if one did. */
  record(sessionId: string, revoke: (sessionId: string) => unknown, endpoint?: string): void;
  /** Revokes a recorded id now, and keeps how that went for the sign-out's result (an id that will never be used); ignores an id not recorded. */
  drop(sessionId: string): void;
  /** Revokes a recorded id now, reporting nothing (an id recorded after the sign-out). */
  revokeQuietly(sessionId: string): void;
  /**
   * At sign-out: reports the ids revoked early, and revokes every other recorded id, at most
   * `concurrency` at a time, except those the endpoints' answers cover (forgotten).
   */
  revokeAll(covered: CoveredIds): Promise<OwnRevocations>;
}

/** What the session endpoints' answers to a sign-out cover: the ids they revoked, and every id minted by an endpoint that answered. */
interface CoveredIds {
  /** Ids the endpoints revoked. */
  revoked: ReadonlySet<string>;
  /** The endpoints that answered: their backend revoked, holds as pending, or no longer has every id it minted. */
  answeredBy: ReadonlySet<string>;
}

/** A recorded id: how to revoke it, and the session endpoint that minted it, if one did. */
interface Recorded {
  revoke: (sessionId: string) => unknown;
  endpoint: string | undefined;
}

/** A revocation that resolved with a failed HTTP answer (`ok === false`) failed. */
function checkRevocation(answer: unknown): void {
  const failure = httpFailure(answer);
  if (failure) throw new EmbedError('revoke-failed', `revokeSessionId failed: ${failure}; the id may still be live`);
}

/** Creates a ledger's {@link LedgerIds}; a sign-out revokes at most `concurrency` at a time. */
export function createLedgerIds(concurrency: number): LedgerIds {
  const ids = new Map<string, Recorded>();
  /** Ids revoked before the sign-out because they will never be used, with their revocation. */
  const dropped = new Map<string, Promise<void>>();
  const revoke = (sessionId: string) => {
    const recorded = ids.get(sessionId);
    ids.delete(sessionId);
    return Promise.resolve(sessionId)
      .then(recorded?.revoke)
      .then(checkRevocation)
      .catch((error: unknown) => {
        // Still live: kept for the next sign-out.
        if (recorded) ids.set(sessionId, recorded);
        throw error;
      });
  };
  return {
    record: (sessionId, revoke, endpoint) => void ids.set(sessionId, { revoke, endpoint }),
    drop(sessionId) {
      if (!ids.has(sessionId)) return;
      const revocation = revoke(sessionId);
      revocation.catch(() => {});
      dropped.set(sessionId, revocation);
    },
    revokeQuietly: (sessionId) => void revoke(sessionId).catch(() => {}),
    async revokeAll(covered) {
      const done: OwnRevocations = { revoked: [], failed: [] };
      const note = (sessionId: string, revocation: Promise<void>) =>
        revocation.then(
          () => void done.revoked.push(sessionId),
          (error: unknown) => void done.failed.push({ sessionId, error }),
        );
      const early: Promise<void>[] = [];
      dropped.forEach((revocation, sessionId) => early.push(note(sessionId, revocation)));
      ids.forEach(({ endpoint }, sessionId) => {
        if (covered.revoked.has(sessionId) || (endpoint !== undefined && covered.answeredBy.has(endpoint))) ids.delete(sessionId);
      });
      // An id revoked early is reported by its own revocation; if that failed, the next sign-out tries it again.
      const rest = [...ids.keys()].filter((sessionId) => !dropped.has(sessionId));
      dropped.clear();
      await Promise.all([...early, inParallel(rest, concurrency, (sessionId) => note(sessionId, revoke(sessionId)))]);
      return done;
    },
  };
}
