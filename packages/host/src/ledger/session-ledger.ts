import { EmbedError } from '../base/errors.js';
import { createLedgerEndpoints, type ChannelWindow } from './ledger-endpoints.js';
import { createLedgerIds } from './ledger-ids.js';
import type { LogoutResult } from './logout-result.js';
import { createMintBudget, LEDGER_MINT_LIMIT, type MintBudget, type MintLimit } from './mint-limit.js';
import type { SessionEndpointCallbacks } from './session-endpoint.js';

/**
 * Every session id minted for one viewer, by every embed that shares the ledger, so that logout can
 * revoke them all (earlier ids may still be live), and every embed to remove on logout.
 * @example
 * const ledger = createSessionLedger();
 * const a = createEmbed({ ...common, publicId: 'd-1', container: '#a', ledger });
 * const b = createEmbed({ ...common, publicId: 'd-2', container: '#b', ledger });
 * const { failed } = await ledger.logout(); // both iframes removed, every id revoked
 */
export interface SessionLedger {
  /**
   * Records an id minted for this viewer outside the SDK (for example while rendering on the server)
   * so that `logout()` revokes it with `revoke`. After logout, a recorded id is revoked at once.
   */
  record(sessionId: string, revoke: (sessionId: string) => unknown): void;
  /**
   * Destroys every embed using this ledger (removing its iframe, even a wrapped one), then revokes
   * every recorded id, in parallel. With embeds on a `sessionEndpoint`, it signs out through
   * `POST <endpoint>/logout` first (the endpoint revokes every id of the viewer, from every tab and
   * device; they are in the result too), and the viewer's other tabs of this origin sign out at once.
   * Never rejects: failures are listed in the result. Idempotent: later calls return the same result.
   */
  logout(): Promise<LogoutResult>;
  /**
   * Calls `listener` once when the viewer is logged out: by `logout()` here, or in another tab
   * through a session endpoint (then this ledger's embeds are destroyed and `logout()` resolves with
   * nothing revoked here). Returns the function that removes it.
   */
  onLogout(listener: () => void): () => void;
  /**
   * True once `logout()` was called: the viewer is signed out, the ledger takes no new embeds, and
   * the React provider and `<svc-embed>` make none until they get a new ledger.
   */
  readonly loggedOut: boolean;
}

/** Options of {@link createSessionLedger}. */
export interface SessionLedgerOptions {
  /**
   * At most this many ids minted for the viewer, by all its embeds together, in any window: past it
   * an embed mints nothing and fails with `mint-limit`. Default 120 an hour.
   */
  mintLimit?: MintLimit;
  /** At most this many revocations in flight at once on `logout()`. Default 4. */
  revokeConcurrency?: number;
}

/** What embeds need from a ledger beyond its public face. */
interface LedgerInternals {
  /** The viewer's mint budget, shared by its embeds. */
  budget: MintBudget;
  /** Registers an embed's teardown for logout; returns the function that unregisters it. */
  attach(teardown: () => void): () => void;
  /** Revokes one recorded id now (an id minted but never used); logout reports how that went. */
  drop(sessionId: string): void;
  /** Registers the session endpoint an embed mints through: logout goes through it, and through the viewer's other tabs. */
  useEndpoint(callbacks: SessionEndpointCallbacks, win: ChannelWindow): void;
}

const internals = new WeakMap<SessionLedger, LedgerInternals>();

/**
 * The internals of a ledger made by {@link createSessionLedger}.
 * @throws {EmbedError} `invalid-option` for anything else
 */
export function ledgerInternals(ledger: SessionLedger): LedgerInternals {
  const found = internals.get(ledger);
  if (!found) throw new EmbedError('invalid-option', 'ledger must come from createSessionLedger()');
  return found;
}

/**
 * `revokeConcurrency` when it is a whole number above 0.
 * @throws {EmbedError} `invalid-option`
 */
function checkConcurrency(revokeConcurrency: number): number {
  if (Number.isInteger(revokeConcurrency) && revokeConcurrency >= 1) return revokeConcurrency;
  throw new EmbedError('invalid-option', `revokeConcurrency must be a whole number above 0 (got ${revokeConcurrency})`);
}

/**
 * Creates the ledger of one viewer; pass it as the `ledger` option of each of that viewer's embeds.
 * Without one, each embed gets a ledger of its own. A ledger that has logged out takes no new embeds:
 * create a new one for the next viewer.
 * @throws {EmbedError} `invalid-option` for a wrong `mintLimit` or `revokeConcurrency`
 * @example const ledger = createSessionLedger({ mintLimit: { ids: 300, windowMs: 3_600_000 } });
 */
export function createSessionLedger(options: SessionLedgerOptions = {}): SessionLedger {
  const revokeConcurrency = checkConcurrency(options.revokeConcurrency ?? 4);
  const budget = createMintBudget(options.mintLimit ?? LEDGER_MINT_LIMIT, { option: "the ledger's mintLimit", whose: 'this viewer' });
  const ids = createLedgerIds(revokeConcurrency);
  const teardowns = new Set<() => void>();
  const listeners = new Set<() => void>();
  let result: Promise<LogoutResult> | undefined;
  /** Ends every embed of the viewer and tells the listeners: the start of any logout. */
  const signOut = () => {
    teardowns.forEach((teardown) => teardown());
    listeners.forEach((listener) => listener());
    listeners.clear();
  };
  /** Another tab signed the viewer out through an endpoint, which revoked every id: end ours. */
  const signedOutElsewhere = () => {
    result ||= Promise.resolve({ revoked: [], failed: [] });
    endpoints.close();
    signOut();
  };
  const endpoints = createLedgerEndpoints(signedOutElsewhere);
  /** Through the endpoints first (ending the embeds stops listening to them), then every id they did not revoke. */
  const logoutOnce = async (): Promise<LogoutResult> => {
    const viaEndpoints = endpoints.logout();
    signOut();
    const done = await viaEndpoints;
    await ids.revokeAll(done, new Set(done.revoked));
    return done;
  };
  const ledger: SessionLedger = {
    record(sessionId, revoke) {
      ids.record(sessionId, revoke);
      if (result) ids.revokeQuietly(sessionId);
    },
    logout: () => (result ||= logoutOnce()),
    onLogout(listener) {
      if (result) listener();
      else listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get loggedOut() {
      return result !== undefined;
    },
  };
  internals.set(ledger, {
    budget,
    attach(teardown) {
      if (result) throw new EmbedError('destroyed', 'this ledger has logged out');
      teardowns.add(teardown);
      return () => {
        teardowns.delete(teardown);
        // No embed left: stop listening to the other tabs (the next embed listens again).
        if (teardowns.size === 0) endpoints.close();
      };
    },
    useEndpoint: (callbacks, win) => endpoints.add(callbacks, win),
    // Reported by logout with the others: minted for this viewer, revoked (or not) early.
    drop: (sessionId) => ids.drop(sessionId),
  });
  return ledger;
}
