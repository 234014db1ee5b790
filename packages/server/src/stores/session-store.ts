/**
 * Where the endpoint keeps each viewer's ledger: the ids minted for the viewer and not yet revoked
 * or expired, and the viewer's recent mints (for the mint limit). Every operation is atomic, so
 * several endpoint instances may share one store: an id is handed out only once recorded, and is
 * claimed for revocation by exactly one caller.
 */
export interface SessionStore {
  /**
   * Records `sessionId` in the ledger of `viewerId`, until `expiresAt` (epoch ms), when it leaves the
   * ledger by itself (the session it opens has lapsed by then). Rejects when it could not record.
   */
  add(viewerId: string, sessionId: string, expiresAt: number): Promise<void>;
  /**
   * Removes `sessionId` from the ledger of `viewerId` and says whether it was there (unexpired): the
   * one caller that gets `true` revokes it. Another viewer's id, or an unknown one, gives `false`.
   */
  claim(viewerId: string, sessionId: string): Promise<boolean>;
  /** Removes and returns every unexpired id of the ledger of `viewerId`, at once (for logout). */
  claimAll(viewerId: string): Promise<string[]>;
  /**
   * Counts one mint for `viewerId` at `now` in a window of `windowMs`, and returns how many the
   * window holds with this one (`count`) and the time the oldest of them was counted (`oldestAt`; it
   * leaves the window at `oldestAt + windowMs`, which gives `Retry-After`). A mint at `at` is in the
   * window at `now` while `at > now - windowMs`. Every call counts, refused ones too.
   */
  countMint(viewerId: string, now: number, windowMs: number): Promise<{ count: number; oldestAt: number }>;
  /** Releases the store's resources (connections, timers); the endpoint never calls it. */
  close?(): Promise<void>;
}
