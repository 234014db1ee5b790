import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import { httpFailure } from '../endpoint/http-answer.js';
import { inParallel } from './in-parallel.js';
import type { OwnRevocations, Unconfirmed } from './logout-result.js';

/**
 * The ids of one viewer's ledger, each with how to revoke it: revoked early (never used) or at sign-out.
 * An id whose revocation failed stays recorded, so the next sign-out tries it again.
 */
export interface LedgerIds {
  /** Records `sessionId` with the function that revokes it, and the viewer tag of the mint answer that gave it, if one did. */
  record(sessionId: string, revoke: (sessionId: string) => unknown, viewer?: string): void;
  /** Revokes a recorded id now, and keeps how that went for the sign-out's result (an id that will never be used); ignores an id not recorded. */
  drop(sessionId: string): void;
  /** Revokes a recorded id now, reporting nothing (an id recorded after the sign-out). */
  revokeQuietly(sessionId: string): void;
  /**
   * At sign-out: reports the ids revoked early, and revokes every other recorded id, at most
   * `concurrency` at a time, except those the endpoints' answers speak for (named revoked, failed or
   * pending, or minted for a viewer an answer says is done): the answer is their record, and they
   * are forgotten here.
   */
  revokeAll(answered: AnsweredIds): Promise<OwnRevocations>;
}

/** What the session endpoints' answers to a sign-out say: the ids they name, the viewers they say are done, and the viewers they serve now. */
interface AnsweredIds {
  /** Ids an answer names: revoked, failed or pending. */
  named: ReadonlySet<string>;
  /**
   * The viewer tags of the complete answers: each says that every id minted for that viewer before
   * it is revoked, so it answers for the ids this page got from a mint answer with that tag.
   */
  done: ReadonlySet<string>;
  /** The viewer tags of the endpoints now (their logout answers', else their latest mint's). */
  viewers: ReadonlySet<string>;
}

/** A recorded id: how to revoke it, and the viewer tag it was minted for, if an endpoint said. */
interface Recorded {
  revoke: (sessionId: string) => unknown;
  viewer: string | undefined;
}

/**
 * Why the endpoint could not confirm an id: the viewer it was minted for is no longer the one the
 * endpoint serves, or its ledger does not hold it.
 */
function unconfirmed(sessionId: string, viewer: string | undefined, viewers: ReadonlySet<string>): Unconfirmed {
  return { sessionId, reason: viewer !== undefined && viewers.size && !viewers.has(viewer) ? 'viewer-changed' : 'not-in-ledger' };
}

/** A revocation that resolved with a failed HTTP answer (`ok === false`) failed. */
function checkRevocation(answer: unknown): void {
  const failure = httpFailure(answer);
  if (failure) throw new EmbedError('revoke-failed', DEV ? `revokeSessionId failed: ${failure}; the id may still be live` : ['revokeSessionId', failure]);
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
    record: (sessionId, revoke, viewer) => void ids.set(sessionId, { revoke, viewer }),
    drop(sessionId) {
      if (!ids.has(sessionId)) return;
      const revocation = revoke(sessionId);
      revocation.catch(() => {});
      dropped.set(sessionId, revocation);
    },
    revokeQuietly: (sessionId) => void revoke(sessionId).catch(() => {}),
    async revokeAll(answered) {
      const done: OwnRevocations = { revoked: [], failed: [], unconfirmed: [] };
      const viewerOf = new Map<string, string | undefined>();
      ids.forEach(({ viewer }, sessionId) => viewerOf.set(sessionId, viewer));
      // An id the endpoint answered 404 unknown-session for stays recorded: the next sign-out asks again.
      const notFailed = (sessionId: string, error: unknown) => {
        if (!(error instanceof EmbedError && error.code === 'revoke-unconfirmed')) return done.failed.push({ sessionId, error });
        return done.unconfirmed.push(unconfirmed(sessionId, viewerOf.get(sessionId), answered.viewers));
      };
      const note = (sessionId: string, revocation: Promise<void>) =>
        revocation.then(
          () => void done.revoked.push(sessionId),
          (error: unknown) => void notFailed(sessionId, error),
        );
      const early: Promise<void>[] = [];
      dropped.forEach((revocation, sessionId) => early.push(note(sessionId, revocation)));
      ids.forEach(({ viewer }, sessionId) => {
        if (answered.named.has(sessionId) || (viewer !== undefined && answered.done.has(viewer))) ids.delete(sessionId);
      });
      // An id revoked early is reported by its own revocation; if that failed, the next sign-out tries it again.
      const rest = [...ids.keys()].filter((sessionId) => !dropped.has(sessionId));
      dropped.clear();
      await Promise.all([...early, inParallel(rest, concurrency, (sessionId) => note(sessionId, revoke(sessionId)))]);
      return done;
    },
  };
}
