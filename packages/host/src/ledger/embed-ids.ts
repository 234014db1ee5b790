import type { DebugLogger } from '../base/debug-logger.js';
import { createMintBudget, EMBED_MINT_LIMIT, type MintBudget, type MintLimit } from './mint-limit.js';
import type { ChannelWindow } from './ledger-endpoints.js';
import type { SessionCallbacks } from '../endpoint/session-endpoint.js';
import { ledgerInternals, type SessionLedger } from './session-ledger.js';

/** One embed's side of its viewer's ledger: what it may mint, the ids it was given, and their revocation. */
export interface EmbedIds {
  /** The budgets each mint spends from: the embed's, then the ledger's. */
  readonly budgets: readonly MintBudget[];
  /** Registers the embed with the ledger (its sign-out destroys it); returns the unregistration. */
  attach(teardown: () => void): () => void;
  /**
   * Records an id minted for, or given to, this embed (with `revokeSessionId`; without it nothing is
   * revoked, so nothing is kept), with its viewer's tag when the endpoint did not give it (the page's id).
   */
  record(sessionId: string, viewer?: string): void;
  /** Revokes an id that will never be used (it arrived too late), and logs it. */
  revokeLateId(sessionId: string): void;
  /** Revokes every id of this embed (its iframe is gone), and logs each. */
  revokeOwn(): void;
}

/** What {@link createEmbedIds} works with. */
interface EmbedIdsOptions {
  /** The viewer's ledger. */
  ledger: SessionLedger;
  /**
   * The embed's session callbacks: `revokeSessionId` revokes its ids; its session endpoint, if any, is
   * registered with the ledger here (the only place), so that the sign-out goes through it.
   */
  callbacks: SessionCallbacks;
  /** The page's window: its `BroadcastChannel` reaches the viewer's other tabs; its timers pace the sign-out's retries. */
  window: ChannelWindow;
  /** The embed's `mintLimit`; default {@link EMBED_MINT_LIMIT}. */
  mintLimit: MintLimit | undefined;
  /**
   * The embed's mint budget when its owner keeps one across the embeds it makes (`<svc-embed>`: an
   * embed made again spends from the same budget); default a new one from `mintLimit`.
   */
  mintBudget: MintBudget | undefined;
  /** The embed's debug logger. */
  log: DebugLogger;
}

/**
 * Creates one embed's {@link EmbedIds}.
 * @throws {EmbedError} `invalid-option` for a wrong `mintLimit` or a ledger not made by `createSessionLedger()`
 */
export function createEmbedIds(options: EmbedIdsOptions): EmbedIds {
  const { ledger, log } = options;
  const { revokeSessionId, endpoint } = options.callbacks;
  const { attach, drop, budget, useEndpoint, record } = ledgerInternals(ledger);
  if (endpoint) useEndpoint({ callbacks: endpoint, window: options.window, log });
  const own = new Set<string>();
  const revoke = (why: string, sessionId: string) => {
    log('revoke', why, sessionId);
    drop(sessionId);
  };
  return {
    budgets: [options.mintBudget ?? createMintBudget(options.mintLimit ?? EMBED_MINT_LIMIT, { option: 'mintLimit', whose: 'this embed' }), budget],
    attach,
    record(sessionId, viewer) {
      if (!revokeSessionId) return;
      record(sessionId, revokeSessionId, viewer ?? endpoint?.viewerOf(sessionId));
      own.add(sessionId);
    },
    revokeLateId: (sessionId) => revoke('late id', sessionId),
    revokeOwn: () => own.forEach((sessionId) => revoke('destroyed', sessionId)),
  };
}
