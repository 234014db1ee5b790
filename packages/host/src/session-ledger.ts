import { EmbedError } from './errors.js';
import { httpFailure } from './http-answer.js';
import { createMintBudget, LEDGER_MINT_LIMIT, type MintBudget, type MintLimit } from './mint-limit.js';

/** A revocation that resolved with a failed HTTP answer (`ok === false`) failed. */
function checkRevocation(answer: unknown): void {
  const failure = httpFailure(answer);
  if (failure) throw new EmbedError('revoke-failed', `revokeSessionId failed: ${failure}; the id may still be live`);
}

/** Result of a logout: the ids revoked, and those whose revocation failed with the error it gave. */
export interface LogoutResult {
  /** Ids whose revocation succeeded, those revoked early because they arrived too late to be used among them. */
  revoked: string[];
  /**
   * Ids whose revocation threw, rejected, or resolved with a failed HTTP answer (a `Response` whose
   * `ok` is false: an `EmbedError` with code `revoke-failed` naming the status), each with that error.
   */
  failed: { sessionId: string; error: unknown }[];
}

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
   * every recorded id, in parallel. Never rejects: failures are listed in the result. Idempotent:
   * later calls return the same result.
   */
  logout(): Promise<LogoutResult>;
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
 * Creates the ledger of one viewer; pass it as the `ledger` option of each of that viewer's embeds.
 * Without one, each embed gets a ledger of its own. A ledger that has logged out takes no new embeds:
 * create a new one for the next viewer.
 * @throws {EmbedError} `invalid-option` for a wrong `mintLimit` or `revokeConcurrency`
 * @example const ledger = createSessionLedger({ mintLimit: { ids: 300, windowMs: 3_600_000 } });
 */
export function createSessionLedger(options: SessionLedgerOptions = {}): SessionLedger {
  const { revokeConcurrency = 4 } = options;
  if (!Number.isInteger(revokeConcurrency) || revokeConcurrency < 1)
    throw new EmbedError('invalid-option', `revokeConcurrency must be a whole number above 0 (got ${revokeConcurrency})`);
  const budget = createMintBudget(options.mintLimit ?? LEDGER_MINT_LIMIT, { option: "the ledger's mintLimit", whose: 'this viewer' });
  const ids = new Map<string, (sessionId: string) => unknown>();
  /** Ids revoked before logout because they arrived too late to be used, with their revocation. */
  const dropped = new Map<string, Promise<void>>();
  const teardowns = new Set<() => void>();
  let result: Promise<LogoutResult> | undefined;
  const revoke = (sessionId: string) => {
    const revokeWith = ids.get(sessionId);
    ids.delete(sessionId);
    return Promise.resolve(sessionId).then(revokeWith).then(checkRevocation);
  };
  /** Destroys the viewer's embeds, then revokes every id, at most `revokeConcurrency` at a time. */
  const logoutOnce = (): Promise<LogoutResult> => {
    const done: LogoutResult = { revoked: [], failed: [] };
    const note = (sessionId: string, revocation: Promise<void>) =>
      revocation.then(
        () => void done.revoked.push(sessionId),
        (error: unknown) => void done.failed.push({ sessionId, error }),
      );
    teardowns.forEach((teardown) => teardown());
    const early: Promise<void>[] = [];
    dropped.forEach((revocation, sessionId) => early.push(note(sessionId, revocation)));
    const all = inParallel([...ids.keys()], revokeConcurrency, (sessionId) => note(sessionId, revoke(sessionId)));
    return Promise.all([...early, all]).then(() => done);
  };
  const ledger: SessionLedger = {
    record(sessionId, fn) {
      ids.set(sessionId, fn);
      if (result) revoke(sessionId).catch(() => {});
    },
    logout: () => (result ||= logoutOnce()),
    get loggedOut() {
      return result !== undefined;
    },
  };
  internals.set(ledger, {
    budget,
    attach(teardown) {
      if (result) throw new EmbedError('destroyed', 'this ledger has logged out');
      teardowns.add(teardown);
      return () => teardowns.delete(teardown);
    },
    drop(sessionId) {
      if (!ids.has(sessionId)) return;
      const revocation = revoke(sessionId);
      revocation.catch(() => {});
      // Reported by logout with the others: minted for this viewer, revoked (or not) early.
      dropped.set(sessionId, revocation);
    },
  });
  return ledger;
}

/** Runs `task` on every item, at most `limit` at a time, in order; resolves when all have settled. `task` never rejects. */
function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  // One iterator shared by the workers: each takes the next item when its last task settles.
  const queue = items.values();
  const worker = async (): Promise<void> => {
    for (const item of queue) await task(item);
  };
  return Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker)).then(() => {});
}
