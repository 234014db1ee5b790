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
  // Rejections of the guarded promises still pending, called on dispose. (Not Promise.race with
  // `gone`: every race leaves a reaction on `gone`, which holds that race's promise and value until
  // dispose, so a long-lived embed would keep a few hundred bytes per renewal.)
  const pending = new Set<(reason: Error) => void>();
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
    guard: (promise) =>
      scope.dead
        ? Promise.race([promise, gone])
        : new Promise((resolve, reject) => {
            pending.add(reject);
            promise.then(
              (value) => (pending.delete(reject), resolve(value)),
              (error) => (pending.delete(reject), reject(error)),
            );
          }),
    dispose() {
      if (scope.dead) return;
      scope.dead = true;
      timers.forEach((id) => win.clearTimeout(id));
      removers.forEach((remove) => remove());
      const destroyed = new EmbedError('destroyed', 'this embed was destroyed');
      kill(destroyed);
      pending.forEach((reject) => reject(destroyed));
      pending.clear();
    },
  };
  return scope;
}
