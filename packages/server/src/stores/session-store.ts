/**
 * Where the endpoint keeps each viewer's ledger: every id minted for the viewer whose revocation the
 * service has not confirmed (until its lifetime has passed), the viewer's sign-out moment, their mint
 * counters, and a hint of the viewers who have ids pending. Every operation is atomic, so several
 * endpoint instances may share one store.
 *
 * An id in a ledger is **live** (handed out, in use) or **pending** (claimed for revocation by a
 * sign-out, a `DELETE` or the sweep, with a lease), the word of the logout answer's `pending`. A
 * claim never deletes: an id leaves the ledger only when `settle` is told the service revoked it, or
 * when its lifetime has passed. A revocation that failed stays pending and backs off: it is due
 * again after a delay that grows with each failure (see {@link RetrySchedule}). A pending id whose
 * lease or backoff has not ended is **held**: no claim takes it (so one id has one revocation in
 * flight, however many sign-outs, `DELETE`s and sweeps run at once).
 *
 * **One clock: the store's.** The endpoint passes durations (a lifetime, a lease); the store adds
 * them to its own time (Redis: `TIME`, inside the script; the memory store: its `now`) and judges
 * expiry and leases on that time too, so no instance's clock decides another's expiry or lease.
 *
 * The conformance suite of this repository (`packages/server/test/stores/store-conformance.ts`) checks
 * every rule stated here, for any store.
 */
export interface SessionStore {
  /**
   * Counts one mint attempt of `viewerId` (refused ones count too) in the current window of
   * `windowMs` (windows start at multiples of `windowMs`), and reads the viewer's sign-out moment.
   * Keeps a constant amount of state per viewer, however many attempts there are.
   */
  countMint(mint: MintAttempt): Promise<MintCount>;
  /**
   * Records a fresh id for `lifetimeMs` from now (the store's now). When the viewer's sign-out moment
   * is no longer `signOutsSeen` (a sign-out happened while the id was being minted), the id is
   * recorded as pending (leased for `leaseMs`) and the answer is `'signed-out'`: it must not be
   * handed out.
   */
  add(entry: NewEntry): Promise<AddOutcome>;
  /**
   * Claims one id of the viewer for revocation (leased for `leaseMs`), live or pending and due (a
   * retry takes over an earlier claim whose lease lapsed, or a failure whose backoff ended):
   * `'claimed'`, `'reclaimed'` (an earlier call had claimed it), `'held'` (pending, its lease or
   * backoff not over: left as it is), or `'absent'` (not in this viewer's ledger: another viewer's,
   * unknown, revoked or expired).
   */
  claim(claim: IdClaim): Promise<ClaimOutcome>;
  /**
   * A sign-out: moves the viewer's sign-out moment on (remembered for at least `rememberMs`) and
   * claims every id of their ledger for revocation, live or pending and due, leased for `leaseMs`;
   * the held ones (see {@link SessionStore.claim}) are left as they are and listed apart.
   */
  signOut(signOut: SignOutClaim): Promise<SignedOutIds>;
  /** The sweep's claim: every pending id of the viewer whose lease has lapsed (or was released), leased anew for `leaseMs`. */
  claimPending(claim: PendingClaim): Promise<ClaimedIds>;
  /**
   * After revoking: takes the ids the service revoked out of the ledger, and counts one more
   * failure of each failed pending one, due again after its backoff ({@link RetrySchedule}, from the
   * store's now). Resolves with every pending id of the viewer, whoever holds it.
   */
  settle(settle: Settlement): Promise<string[]>;
  /**
   * Notes that `viewerId` may have pending ids (before claiming them), in an index apart from
   * the viewers' own data; resolves with this hint's token. A later hint replaces it.
   */
  hint(viewerId: string): Promise<string>;
  /** Drops the viewer's hint, only if it is still the one with this token. */
  dropHint(hint: PendingHint): Promise<void>;
  /**
   * One page of the hints, from `cursor` (`'0'` for the first page); the answer's `cursor` is `'0'`
   * after the last page. A hint may come twice; each is confirmed against the viewer's own ledger.
   */
  listHints(page: HintPage): Promise<{ hints: PendingHint[]; cursor: string }>;
  /**
   * The pending backlog, for the endpoint's figures (`endpoint.status()`, the OpenTelemetry
   * gauges): how many ids are pending (expired ones left out), and how long the oldest has been
   * pending, counted from the claim that made it pending (a retry keeps that moment), on the store's
   * clock. It counts at least every hinted viewer (the endpoint hints a viewer before claiming their
   * ids). May read every such viewer: call it for a figure, not per request.
   */
  countPending(): Promise<PendingCount>;
  /**
   * The ledger's horizon: since when this store's ledger is whole (no id recorded since then can
   * have been lost), and the store's now, both on the store's clock. The memory store's is its
   * creation; a shared store keeps a mark that lives as long as its data (Redis: a key without
   * expiry) and, when the mark is missing (a flush, a lost failover, a new server), writes it anew:
   * its horizon is then now. A sign-out is `complete` only when the horizon is older than the
   * longest life of an id.
   */
  horizon(): Promise<LedgerHorizon>;
  /** Releases the store's resources (connections, timers); the endpoint never calls it. */
  close?(): Promise<void>;
}

/** One mint attempt, for {@link SessionStore.countMint}. */
export interface MintAttempt {
  viewerId: string;
  /** When, epoch ms (the endpoint's clock: the mint window is the one time the endpoint gives). */
  now: number;
  /** The mint limit's window, ms. */
  windowMs: number;
}

/** The viewer's mint counters after counting an attempt, and their sign-out moment. */
export interface MintCount {
  /** Start of the current window, epoch ms. */
  windowStart: number;
  /** Attempts counted in the current window, this one included. */
  current: number;
  /** Attempts counted in the window just before it (0 when that window saw none). */
  previous: number;
  /** The viewer's sign-out moment: how many sign-outs the store remembers for them. */
  signOuts: number;
}

/** A fresh id, for {@link SessionStore.add}. */
export interface NewEntry {
  viewerId: string;
  sessionId: string;
  /** How long it stays in the ledger from now (its session has lapsed by then), ms. */
  lifetimeMs: number;
  /** The sign-out moment `countMint` read before the id was minted. */
  signOutsSeen: number;
  /** The lease, should the id be refused because the viewer signed out meanwhile, ms. */
  leaseMs: number;
}

/** `'recorded'`: live, may be handed out. `'signed-out'`: recorded as pending; never hand it out. */
export type AddOutcome = 'recorded' | 'signed-out';

/** One id to claim, for {@link SessionStore.claim}. */
export interface IdClaim {
  viewerId: string;
  sessionId: string;
  /** How long the claim holds the id from now, ms. */
  leaseMs: number;
}

/** What {@link SessionStore.claim} found. */
export type ClaimOutcome = 'claimed' | 'reclaimed' | 'held' | 'absent';

/** A sign-out, for {@link SessionStore.signOut}. */
export interface SignOutClaim {
  viewerId: string;
  /** How long the claim holds the ids from now, ms. */
  leaseMs: number;
  /** How long from now the new sign-out moment must be remembered at least (a mint in flight may still end), ms. */
  rememberMs: number;
}

/** The sweep's claim, for {@link SessionStore.claimPending}. */
export interface PendingClaim {
  viewerId: string;
  /** How long the claim holds the ids from now, ms. */
  leaseMs: number;
}

/** Ids claimed for revocation. */
export interface ClaimedIds {
  /** Every id claimed. */
  ids: string[];
  /** Those of `ids` an earlier call had already claimed: their revocation is a retry. */
  reclaimed: string[];
}

/** What a sign-out claimed, and what it left to the calls that hold it. */
export interface SignedOutIds extends ClaimedIds {
  /** Pending ids whose lease or backoff has not ended: another call holds them; not claimed. */
  held: string[];
}

/**
 * When a failed id is due again: after its `n`-th failure (counted by the store, per id),
 * `min(maxMs, firstMs * 2^(n-1)) * (1 - jitter / 2)` ms from the store's now, rounded up.
 */
export interface RetrySchedule {
  /** The delay after the first failure, ms. */
  firstMs: number;
  /** The longest delay, ms. */
  maxMs: number;
  /** A random fraction in [0, 1) the endpoint draws per settlement, so retries of many ids spread out. */
  jitter: number;
}

/** What became of claimed ids, for {@link SessionStore.settle}. */
export interface Settlement {
  viewerId: string;
  /** Revoked at the service: they leave the ledger. */
  revoked: readonly string[];
  /** Not revoked: they stay pending, due again after their backoff. */
  failed: readonly string[];
  /** The backoff of the failed ids. */
  retry: RetrySchedule;
}

/** A viewer who may have pending ids, and the token of that hint. */
export interface PendingHint {
  viewerId: string;
  token: string;
}

/** What {@link SessionStore.horizon} says, epoch ms on the store's clock. */
export interface LedgerHorizon {
  /** Since when the ledger is whole. */
  since: number;
  /** The store's now, when it answered. */
  now: number;
}

/** A page of hints to read, for {@link SessionStore.listHints}. */
export interface HintPage {
  /** `'0'` for the first page, then the cursor of the page before. */
  cursor: string;
  /** About how many hints per page. */
  count: number;
}

/** The pending backlog, for {@link SessionStore.countPending}. */
export interface PendingCount {
  /** Pending ids (claimed for revocation, not yet confirmed revoked), of every viewer. */
  ids: number;
  /** How long the oldest of them has been pending, ms (the store's clock); `null` when none is. */
  oldestAgeMs: number | null;
}
