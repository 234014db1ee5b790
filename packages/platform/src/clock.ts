import { AbortedError } from './errors.js';

/** Time as the client sees it. Pass your own to drive waits and deadlines from a test. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Resolves after `ms` milliseconds; rejects with an {@link AbortedError} when `signal` fires. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The wall clock and real timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new AbortedError('a wait', signal.reason));
      const onAbort = () => {
        clearTimeout(timer);
        reject(new AbortedError('a wait', signal?.reason));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, Math.max(0, ms));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};
