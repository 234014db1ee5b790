/** Longest delay `setTimeout` honours (2^31-1 ms, about 24.8 days); a longer one would fire at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The timer functions a scope arms its timers with: the owner's injected window. */
export type TimerSource = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;

/** Options of {@link createScope}. */
export interface ScopeOptions {
  /** Where timers come from: the owner's injected window (so tests can hand in fake timers). */
  timers: TimerSource;
}

/**
 * Every listener, timer and clean-up of one owner (an embed, a frame), released together by
 * `dispose`. After `dispose` nothing new is armed: `listen`, `later` and `onDispose` do nothing and
 * return a no-op.
 */
export interface Scope {
  /** True once `dispose` ran. */
  readonly disposed: boolean;
  /** Adds a listener; returns the function that removes it (dispose removes it too). */
  listen(target: EventTarget, type: string, listener: (event: any) => void): () => void;
  /** Runs `run` after `ms` (capped at {@link MAX_TIMEOUT_MS}); returns the function that cancels it. */
  later(ms: number, run: () => void): () => void;
  /** Runs `cleanup` on dispose, after the timers and listeners are released; returns its removal. */
  onDispose(cleanup: () => void): () => void;
  /** Clears every timer, removes every listener, then runs the clean-ups in the order they were added. Idempotent. */
  dispose(): void;
}

const noop = () => {};

/**
 * Creates an empty {@link Scope}.
 * @example
 * const scope = createScope({ timers: window });
 * scope.listen(window, 'focus', check);
 * scope.later(1_000, retry);
 * scope.dispose(); // both released
 */
export function createScope(options: ScopeOptions): Scope {
  const { timers } = options;
  // Releases run in the order they were added; a release removes itself once it has run.
  const releases = new Set<() => void>();
  const cleanups = new Set<() => void>();
  let disposed = false;

  const track = (release: () => void) => {
    releases.add(release);
    return () => {
      if (releases.delete(release)) release();
    };
  };

  return {
    get disposed() {
      return disposed;
    },
    listen(target, type, listener) {
      if (disposed) return noop;
      target.addEventListener(type, listener);
      return track(() => target.removeEventListener(type, listener));
    },
    later(ms, run) {
      if (disposed) return noop;
      const release = () => timers.clearTimeout(id);
      const id = timers.setTimeout(() => {
        releases.delete(release);
        run();
      }, Math.min(ms, MAX_TIMEOUT_MS));
      return track(release);
    },
    onDispose(cleanup) {
      if (disposed) return noop;
      cleanups.add(cleanup);
      return () => {
        cleanups.delete(cleanup);
      };
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      releases.forEach((release) => release());
      releases.clear();
      cleanups.forEach((cleanup) => cleanup());
      cleanups.clear();
    },
  };
}
