/** Longest delay `setTimeout` honours (2^31-1 ms, about 24.8 days); a longer one would fire at once. */
export const MAX_DELAY_MS = 2 ** 31 - 1;

/** The timer functions a scope arms its timers with: a window, or `globalThis`. */
export type TimerSource = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;

/** The error a scope's guarded promises reject with once it is disposed, unless the owner names its own. */
export class ScopeDisposedError extends Error {
  /** Stable machine-readable code, as the owners' error classes have. */
  readonly code = 'destroyed';

  constructor() {
    super('this scope was disposed');
    this.name = 'ScopeDisposedError';
  }
}

/** Options of {@link createScope}. */
export interface ScopeOptions {
  /** Where timers come from: the injected window of the owner, or `globalThis`. */
  timers: TimerSource;
  /** The error guarded promises reject with on dispose; default a {@link ScopeDisposedError}. */
  disposedError?: () => Error;
}

/**
 * Every listener, timer, pending wait and clean-up of one owner (an embed, a frame), released
 * together by `dispose`. After `dispose` nothing new is armed: `listen`, `later` and `onDispose` do
 * nothing and return a no-op, `guard` rejects.
 */
export interface Scope {
  /** True once `dispose` ran. */
  readonly disposed: boolean;
  /** Adds a listener; returns the function that removes it (dispose removes it too). */
  listen(target: EventTarget, type: string, listener: (event: any) => void): () => void;
  /** Runs `run` after `ms` (capped at {@link MAX_DELAY_MS}); returns the function that cancels it. */
  later(ms: number, run: () => void): () => void;
  /** Settles like `promise`, or rejects with the disposed error once disposed, whichever comes first. */
  guard<T>(promise: Promise<T>): Promise<T>;
  /** Runs `cleanup` on dispose, after the timers and listeners are released; returns its removal. */
  onDispose(cleanup: () => void): () => void;
  /** Clears every timer, removes every listener, rejects every guarded promise, runs the clean-ups. Idempotent. */
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
  const disposedError = options.disposedError ?? (() => new ScopeDisposedError());
  // Releases run in the order they were added; a release removes itself once it has run.
  const releases = new Set<() => void>();
  // Rejections of the guarded promises still pending. (Not Promise.race with one shared "disposed"
  // promise: each race leaves a reaction on it holding that race's value until dispose.)
  const pending = new Set<(reason: Error) => void>();
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
      }, Math.min(ms, MAX_DELAY_MS));
      return track(release);
    },
    guard(promise) {
      if (disposed) return Promise.reject(disposedError());
      return new Promise((resolve, reject) => {
        pending.add(reject);
        promise.then(
          (value) => {
            pending.delete(reject);
            resolve(value);
          },
          (error) => {
            pending.delete(reject);
            reject(error);
          },
        );
      });
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
      const error = disposedError();
      pending.forEach((reject) => reject(error));
      pending.clear();
      cleanups.forEach((cleanup) => cleanup());
      cleanups.clear();
    },
  };
}
