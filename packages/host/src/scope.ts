import { EmbedError } from './errors.js';

/**
 * Every timer, listener and pending wait of one embed, released together by `dispose`, so that
 * `destroy()` leaves nothing behind. Timers come from the injected window.
 */
export interface Scope {
  /** True once disposed. */
  dead?: boolean;
  /** Runs `run` after `ms` unless cancelled or disposed first; returns the cancel function. */
  later(ms: number, run: () => void): () => void;
  /** Adds a listener that `dispose` removes. */
  listen(target: EventTarget, type: string, listener: (event: any) => void): void;
  /** Settles like `promise`, or rejects with a `destroyed` error once disposed. */
  guard<T>(promise: Promise<T>): Promise<T>;
  /** Clears every timer, removes every listener and rejects every guarded promise. Idempotent. */
  dispose(): void;
}

/** Creates the {@link Scope} of one embed on `win`. */
export function createScope(win: Window): Scope {
  const timers = new Set<number>();
  const removers: (() => void)[] = [];
  let kill!: (reason: Error) => void;
  const gone = new Promise<never>((_, reject) => (kill = reject));
  gone.catch(() => {});
  const scope: Scope = {
    later(ms, run) {
      if (scope.dead) return () => {};
      const id = win.setTimeout(() => (timers.delete(id), run()), ms);
      timers.add(id);
      return () => (timers.delete(id), win.clearTimeout(id));
    },
    listen(target, type, listener) {
      target.addEventListener(type, listener);
      removers.push(() => target.removeEventListener(type, listener));
    },
    guard: (promise) => Promise.race([promise, gone]),
    dispose() {
      if (scope.dead) return;
      scope.dead = true;
      timers.forEach((id) => win.clearTimeout(id));
      removers.forEach((remove) => remove());
      kill(new EmbedError('destroyed', 'this embed was destroyed'));
    },
  };
  return scope;
}
