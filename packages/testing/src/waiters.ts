import { errorAtCallSite, type CallSite } from './call-site.js';
import { TestKitError } from './errors.js';

/** How a wait ends when nothing matching comes. */
interface WaitLimit {
  timeoutMs: number;
  /** Where the test waited: the stack of the timeout error. */
  callSite: CallSite;
  /** The timeout error's message, made when the time is up (so it can say what was missing then). */
  timeoutMessage: () => string;
}

interface Waiter<T> {
  matches(item: T): boolean;
  resolve(item: T): void;
  reject(error: Error): void;
}

/**
 * Recorded items (actions, events) and the waits for them: a wait resolves with the first matching
 * item already recorded or recorded later, and rejects on `fail` (a bug of the code under test), on
 * its timeout, or on cleanup.
 */
export function createRecorder<T>() {
  const items: T[] = [];
  const waiters = new Set<Waiter<T>>();
  let failure: Error | undefined;
  return {
    items,
    /** The first bug seen, if any. */
    get failure() {
      return failure;
    },
    add(item: T) {
      items.push(item);
      for (const waiter of [...waiters]) if (waiter.matches(item)) waiter.resolve(item);
    },
    /** Records a bug of the code under test: every wait, now and later, rejects with it. */
    fail(error: Error) {
      failure ??= error;
      for (const waiter of [...waiters]) waiter.reject(failure);
    },
    wait(matches: (item: T) => boolean, limit: WaitLimit): Promise<T> {
      if (failure) return Promise.reject(failure);
      const found = items.find(matches);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise<T>((resolve, reject) => {
        const timedOut = () => errorAtCallSite(limit.callSite, 'timeout', limit.timeoutMessage());
        const timer = setTimeout(() => done(() => reject(timedOut())), limit.timeoutMs);
        const done = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          settle();
        };
        const waiter: Waiter<T> = {
          matches,
          resolve: (item) => done(() => resolve(item)),
          reject: (error) => done(() => reject(error)),
        };
        waiters.add(waiter);
      });
    },
    /** Rejects every pending wait (cleanup). */
    close() {
      for (const waiter of [...waiters]) waiter.reject(new TestKitError('cleaned-up', 'the kit was cleaned up while this wait was pending'));
    },
  };
}

/** Recorded items of type `T` and the waits for them (see {@link createRecorder}). */
export type Recorder<T> = ReturnType<typeof createRecorder<T>>;
