import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import { createLedgerEmbeds } from './ledger-embeds.js';
import { createLedgerEndpoints, type EndpointRegistration, type LedgerEndpoints } from './ledger-endpoints.js';
import { createLedgerIds, type LedgerIds } from './ledger-ids.js';
import { logoutResult, type EndpointSignOut, type LogoutResult } from './logout-result.js';
import { createMintBudget, LEDGER_MINT_LIMIT, type MintBudget, type MintLimit } from './mint-limit.js';

/**
 * Every session id minted for one viewer, by every embed that shares the ledger, so that a sign-out can
 * revoke them all (earlier ids may still be live), and every embed to remove on sign-out.
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
   * Signs the viewer out. Destroys every embed using this ledger at once (removing its iframe, even a
   * wrapped one), whatever the backend says. With embeds on a `sessionEndpoint`, it tells the
   * viewer's other tabs of this origin to end their embeds, and signs out through
   * `POST <endpoint>/logout` (the endpoint revokes every id of the viewer, from every tab and device;
   * they are in the result too), tried up to 3 times (1 s, then 2 s apart; 10 s each) while it gets
   * no answer, 408 or 5xx (a 429 is final at once: `rate-limited`, with `retryAfterMs`). Then it
   * revokes every recorded id the endpoints did not, in parallel.
   *
   * Resolves with what happened ({@link LogoutResult}): `complete` only when every id is known
   * revoked; a failed or unreachable endpoint is `backend: 'failed'`, never an empty success. Never
   * rejects. A call while one runs joins it; once one was complete, later calls resolve with its
   * result; otherwise a later call signs out again and retries every id that failed (the endpoint's
   * sign-out is idempotent). A ledger told by another tab calls the endpoint too.
   */
  logout(): Promise<LogoutResult>;
  /**
   * Calls `listener` once when the viewer is signed out: by `logout()` here, or when another tab of
   * the viewer signs out through a session endpoint (then this ledger's embeds are destroyed, and its
   * own `logout()` still signs out through the endpoint). Returns the function that removes it.
   */
  onLogout(listener: () => void): () => void;
  /**
   * True once `logout()` was called here or another tab signed the viewer out: the ledger takes no
   * new embeds, and the React provider and `<svc-embed>` make none until they get a new ledger.
   */
  readonly signedOut: boolean;
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
  /** Registers an embed's teardown for the sign-out; returns the function that unregisters it. */
  attach(teardown: () => void): () => void;
  /** Revokes one recorded id now (an id minted but never used); the sign-out reports how that went. */
  drop(sessionId: string): void;
  /** Registers the session endpoint an embed mints through: every sign-out goes through it, and reaches the viewer's other tabs. */
  useEndpoint(registration: EndpointRegistration): void;
  /** `ledger.record`, with the viewer tag of the mint answer that gave the id, if a session endpoint minted it. */
  record(sessionId: string, revoke: (sessionId: string) => unknown, viewer: string | undefined): void;
}

const internals = new WeakMap<SessionLedger, LedgerInternals>();

/**
 * The internals of a ledger made by {@link createSessionLedger}.
 * @throws {EmbedError} `invalid-option` for anything else
 */
export function ledgerInternals(ledger: SessionLedger): LedgerInternals {
  const found = internals.get(ledger);
  if (!found) throw new EmbedError('invalid-option', DEV ? 'ledger must come from createSessionLedger()' : ['ledger']);
  return found;
}

/**
 * `revokeConcurrency` when it is a whole number above 0.
 * @throws {EmbedError} `invalid-option`
 */
function checkConcurrency(revokeConcurrency: number): number {
  if (Number.isInteger(revokeConcurrency) && revokeConcurrency >= 1) return revokeConcurrency;
  throw new EmbedError('invalid-option', DEV ? `revokeConcurrency must be a whole number above 0 (got ${revokeConcurrency})` : ['revokeConcurrency', revokeConcurrency]);
}

/**
 * Where a ledger stands: `signed-in`; `signed-out-elsewhere` (another tab said the viewer signs out:
 * the embeds are gone, but this ledger has not signed out through its endpoints); `signing-out`
 * (a `logout()` runs); `signed-out` with the last logout's result (run again unless it was complete).
 */
type LedgerState =
  | { name: 'signed-in' }
  | { name: 'signed-out-elsewhere' }
  | { name: 'signing-out'; run: Promise<LogoutResult> }
  | { name: 'signed-out'; result: LogoutResult };

/** The viewer tags of `endpoints` (those that said one) whose sign-out passes `test`. */
const tagsOf = (endpoints: EndpointSignOut[], test: (each: EndpointSignOut) => boolean) =>
  new Set(endpoints.flatMap((each) => (each.viewer !== undefined && test(each) ? [each.viewer] : [])));

/**
 * One sign-out: through the endpoints (which tell the other tabs at once, in this task), then every
 * recorded id their answers do not speak for. The answers are the record: the page adds only the
 * ids it holds that no answer names or covers (a complete answer covers the ids minted for its
 * viewer), and the viewer each was minted for.
 */
async function signOut(parts: { endpoints: LedgerEndpoints; ids: LedgerIds }): Promise<LogoutResult> {
  const endpoints = await parts.endpoints.logout();
  const own = await parts.ids.revokeAll({
    named: new Set(endpoints.flatMap(({ revoked, pending, failed }) => [...revoked, ...pending, ...failed.map(({ sessionId }) => sessionId)])),
    done: tagsOf(endpoints, ({ backend }) => backend === 'complete'),
    viewers: tagsOf(endpoints, () => true),
  });
  return logoutResult(endpoints, own);
}

/**
 * Creates the ledger of one viewer; pass it as the `ledger` option of each of that viewer's embeds.
 * Without one, each embed gets a ledger of its own. A ledger that has signed out takes no new embeds:
 * create a new one for the next viewer.
 * @throws {EmbedError} `invalid-option` for a wrong `mintLimit` or `revokeConcurrency`
 * @example const ledger = createSessionLedger({ mintLimit: { ids: 300, windowMs: 3_600_000 } });
 */
export function createSessionLedger(options: SessionLedgerOptions = {}): SessionLedger {
  const revokeConcurrency = checkConcurrency(options.revokeConcurrency ?? 4);
  const budget = createMintBudget(options.mintLimit ?? LEDGER_MINT_LIMIT, { option: "the ledger's mintLimit", whose: 'this viewer' });
  const ids = createLedgerIds(revokeConcurrency);
  const embeds = createLedgerEmbeds();
  let state: LedgerState = { name: 'signed-in' };
  /** Another tab is signing the viewer out: end our embeds; our own logout() still goes through the endpoints. */
  const signedOutElsewhere = () => {
    if (state.name !== 'signed-in') return;
    state = { name: 'signed-out-elsewhere' };
    embeds.end();
  };
  const endpoints = createLedgerEndpoints(signedOutElsewhere);
  /** Joins a sign-out in flight, answers a complete one again, or signs out (again): the other tabs told first, the embeds ended at once. */
  const logout = (): Promise<LogoutResult> => {
    if (state.name === 'signing-out') return state.run;
    if (state.name === 'signed-out' && state.result.complete) return Promise.resolve(state.result);
    const run = signOut({ endpoints, ids }).then((result) => {
      state = { name: 'signed-out', result };
      return result;
    });
    state = { name: 'signing-out', run };
    embeds.end();
    return run;
  };
  /** Records an id (after the sign-out, revokes it at once), with the viewer tag of its mint answer, if it had one. */
  const record = (sessionId: string, revoke: (sessionId: string) => unknown, viewer: string | undefined) => {
    ids.record(sessionId, revoke, viewer);
    if (state.name !== 'signed-in') ids.revokeQuietly(sessionId);
  };
  const ledger: SessionLedger = {
    record: (sessionId, revoke) => record(sessionId, revoke, undefined),
    logout,
    onLogout(listener) {
      if (state.name === 'signed-in') return embeds.listen(listener);
      listener();
      return () => {};
    },
    get signedOut() {
      return state.name !== 'signed-in';
    },
  };
  internals.set(ledger, {
    budget,
    attach(teardown) {
      if (state.name !== 'signed-in') throw new EmbedError('destroyed', DEV ? 'this ledger has logged out' : ['ledger']);
      embeds.add(teardown);
      return () => {
        // No embed left: stop listening to the other tabs (the next embed listens again).
        if (embeds.remove(teardown)) endpoints.close();
      };
    },
    useEndpoint: (registration) => endpoints.add(registration),
    record,
    // Reported by the sign-out with the others: minted for this viewer, revoked (or not) early.
    drop: (sessionId) => ids.drop(sessionId),
  });
  return ledger;
}
