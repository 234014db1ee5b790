import { onCleanup } from './cleanup.js';

/** What the next mint does: give an id (default), fail, hang, or answer after a delay. */
type NextMint = { kind: 'fail'; error: Error } | { kind: 'hang' } | { kind: 'slow'; delayMs: number };

/** A fake pair of session callbacks for `createEmbed`, recording every id. */
export interface FakeSessions {
  /** Pass as `mintSessionId`: resolves with `<prefix>1`, `<prefix>2` … unless told otherwise. */
  mintSessionId(): Promise<string>;
  /** Pass as `revokeSessionId`: records the id. */
  revokeSessionId(sessionId: string): Promise<void>;
  /** Every id minted, in order. */
  readonly minted: readonly string[];
  /** Every id revoked, in order. */
  readonly revoked: readonly string[];
  /** The next mint rejects with `error` (default: a backend error). */
  failNextMint(error?: Error): void;
  /** The next mint never settles (the SDK's mint timeout applies). */
  hangNextMint(): void;
  /** The next mint answers after `delayMs` (on the current timers: fake or real). */
  slowNextMint(delayMs: number): void;
}

/**
 * A fake backend for session ids: hand its two callbacks to `createEmbed` and test what your page
 * does when a mint fails, hangs or is slow, without timers of your own.
 * @example
 * const sessions = createFakeSessions();
 * const embed = createEmbed({ ...options, mintSessionId: sessions.mintSessionId, revokeSessionId: sessions.revokeSessionId });
 * sessions.failNextMint();
 */
export function createFakeSessions(options: { prefix?: string } = {}): FakeSessions {
  const prefix = options.prefix ?? 'ses_fake_';
  const minted: string[] = [];
  const revoked: string[] = [];
  const script: NextMint[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  onCleanup(() => timers.forEach((timer) => clearTimeout(timer)));
  const nextId = () => {
    const id = `${prefix}${minted.length + 1}`;
    minted.push(id);
    return id;
  };
  return {
    mintSessionId() {
      const next = script.shift();
      if (!next) return Promise.resolve(nextId());
      if (next.kind === 'fail') return Promise.reject(next.error);
      if (next.kind === 'hang') return new Promise<string>(() => {});
      return new Promise<string>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve(nextId());
        }, next.delayMs);
        timers.add(timer);
      });
    },
    async revokeSessionId(sessionId) {
      revoked.push(sessionId);
    },
    get minted() {
      return minted;
    },
    get revoked() {
      return revoked;
    },
    failNextMint(error = new Error('the backend could not mint a session id')) {
      script.push({ kind: 'fail', error });
    },
    hangNextMint() {
      script.push({ kind: 'hang' });
    },
    slowNextMint(delayMs) {
      script.push({ kind: 'slow', delayMs });
    },
  };
}
