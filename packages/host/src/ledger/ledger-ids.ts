import { EmbedError } from '../base/errors.js';
import { httpFailure } from './http-answer.js';
import { inParallel } from './in-parallel.js';
import type { LogoutResult } from './logout-result.js';

/** The ids of one viewer's ledger, each with how to revoke it: revoked early (never used) or at logout. */
export interface LedgerIds {
  /** Records `sessionId` with the function that revokes it. */
  record(sessionId: string, revoke: (sessionId: string) => unknown): void;
  /** Revokes a recorded id now, and keeps how that went for the logout's result (an id that will never be used); ignores an id not recorded. */
  drop(sessionId: string): void;
  /** Revokes a recorded id now, reporting nothing (an id recorded after logout). */
  revokeQuietly(sessionId: string): void;
  /**
   * At logout: adds to `done` the ids revoked early, and revokes every other id, at most
   * `concurrency` at a time; ids in `revokedElsewhere` (by the session endpoint) are left alone.
   */
  revokeAll(done: LogoutResult, revokedElsewhere: ReadonlySet<string>): Promise<void>;
}

/** A revocation that resolved with a failed HTTP answer (`ok === false`) failed. */
function checkRevocation(answer: unknown): void {
  const failure = httpFailure(answer);
  if (failure) throw new EmbedError('revoke-failed', `revokeSessionId failed: ${failure}; the id may still be live`);
}

/** Creates a ledger's {@link LedgerIds}; logout revokes at most `concurrency` at a time. */
export function createLedgerIds(concurrency: number): LedgerIds {
  const ids = new Map<string, (sessionId: string) => unknown>();
  /** Ids revoked before logout because they will never be used, with their revocation. */
  const dropped = new Map<string, Promise<void>>();
  const revoke = (sessionId: string) => {
    const revokeWith = ids.get(sessionId);
    ids.delete(sessionId);
    return Promise.resolve(sessionId).then(revokeWith).then(checkRevocation);
  };
  return {
    record: (sessionId, revokeWith) => void ids.set(sessionId, revokeWith),
    drop(sessionId) {
      if (!ids.has(sessionId)) return;
      const revocation = revoke(sessionId);
      revocation.catch(() => {});
      dropped.set(sessionId, revocation);
    },
    revokeQuietly: (sessionId) => void revoke(sessionId).catch(() => {}),
    async revokeAll(done, revokedElsewhere) {
      const note = (sessionId: string, revocation: Promise<void>) =>
        revocation.then(
          () => void done.revoked.push(sessionId),
          (error: unknown) => void done.failed.push({ sessionId, error }),
        );
      const early: Promise<void>[] = [];
      dropped.forEach((revocation, sessionId) => {
        if (!revokedElsewhere.has(sessionId)) early.push(note(sessionId, revocation));
      });
      revokedElsewhere.forEach((sessionId) => ids.delete(sessionId));
      const rest = [...ids.keys()];
      await Promise.all([...early, inParallel(rest, concurrency, (sessionId) => note(sessionId, revoke(sessionId)))]);
    },
  };
}
