import { MAX_TIMEOUT_MS } from './session-schedule.js';

/** Every listener and timer of one frame, kept in one place so `destroy()` releases them all. */
export interface Scope {
  /** False once destroyed; nothing new is armed after that. */
  readonly live: boolean;
  /** Adds a listener; returns its removal. */
  listen(target: EventTarget, type: string, listener: (event: any) => void): () => void;
  /** Arms a timeout (capped at {@link MAX_TIMEOUT_MS}); returns its cancellation. */
  timeout(callback: () => void, ms: number): () => void;
  /** Removes every listener and clears every timer. */
  destroy(): void;
}

/** Creates an empty {@link Scope}. */
export function createScope(): Scope {
  const releases = new Set<() => void>();
  let live = true;
  const track = (release: () => void) => {
    releases.add(release);
    return () => {
      if (releases.delete(release)) release();
    };
  };
  const noop = () => {};
  return {
    get live() {
      return live;
    },
    listen(target, type, listener) {
      if (!live) return noop;
      target.addEventListener(type, listener);
      return track(() => target.removeEventListener(type, listener));
    },
    timeout(callback, ms) {
      if (!live) return noop;
      const release = () => clearTimeout(id);
      const id = setTimeout(() => {
        releases.delete(release);
        callback();
      }, Math.min(ms, MAX_TIMEOUT_MS));
      return track(release);
    },
    destroy() {
      live = false;
      releases.forEach((release) => release());
      releases.clear();
    },
  };
}
