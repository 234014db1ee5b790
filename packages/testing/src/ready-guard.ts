import { realTimers } from './real-timers.js';

/** An embed whose `ready` the kit can watch: what `createEmbed` returns. */
interface EmbedWithReady {
  ready: PromiseLike<unknown>;
}

/** Options of {@link guardEmbedReady}. */
interface ReadyGuardOptions {
  /** How long, in real ms, the test may wait for `embed.ready` before the kit says why it hangs. */
  timeoutMs: number;
  /** The error to reject with when the time is up, or `undefined` to leave `ready` to the host. */
  whyNotReady: () => Error | undefined;
}

/** Whether `target` is an embed with a `ready` promise (not a bare iframe). */
export function hasReadyPromise(target: object): target is EmbedWithReady {
  const ready = (target as { ready?: { then?: unknown } }).ready;
  return typeof ready === 'object' && ready !== null && typeof ready.then === 'function';
}

/**
 * Replaces `embed.ready` with a promise that settles as the host's does, unless the kit knows why it
 * never will: after `timeoutMs` of real time (the test's timers may be fake) it rejects with
 * `whyNotReady()`, for example because the test never called `frame.ready()`. Returns a function
 * that stops the watch (call it once `ready` was sent) and gives the embed its own `ready` back.
 */
export function guardEmbedReady(embed: EmbedWithReady, options: ReadyGuardOptions): { stopWatching(): void; restore(): void } {
  const own = Object.getOwnPropertyDescriptor(embed, 'ready');
  const original = embed.ready;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopWatching = () => {
    if (timer !== undefined) realTimers.clearTimeout(timer);
    timer = undefined;
  };
  const guarded = new Promise<unknown>((resolve, reject) => {
    original.then(resolve, reject);
    timer = realTimers.setTimeout(() => {
      timer = undefined;
      const error = options.whyNotReady();
      if (error) reject(error);
    }, options.timeoutMs);
  });
  // Settled either way, the watch ends; and a rejection nobody awaits is not the test's failure.
  guarded.then(stopWatching, stopWatching);
  Object.defineProperty(embed, 'ready', { value: guarded, configurable: true, writable: true, enumerable: own?.enumerable ?? true });
  return {
    stopWatching,
    restore() {
      stopWatching();
      if (own) Object.defineProperty(embed, 'ready', own);
      else delete (embed as { ready?: unknown }).ready;
    },
  };
}
