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
   * Counts one mint attempt of `viewerId` (refused ones count too) in the current window of
   * `windowMs` (windows start at multiples of `windowMs`). Keeps a constant amount of state per
   * viewer, however many attempts there are.
   */
  countMint(mint: MintAttempt): Promise<MintCount>;
  /** Releases the store's resources (connections, timers); the endpoint never calls it. */
  close?(): Promise<void>;
}

/** One mint attempt, for {@link SessionStore.countMint}. */
export interface MintAttempt {
  viewerId: string;
  /** When, epoch ms (the endpoint's clock). */
  now: number;
  /** The mint limit's window, ms. */
  windowMs: number;
}

/** The viewer's mint counters after counting an attempt. */
export interface MintCount {
  /** Start of the current window, epoch ms. */
  windowStart: number;
  /** Attempts counted in the current window, this one included. */
  current: number;
  /** Attempts counted in the window just before it (0 when that window saw none). */
  previous: number;
}
