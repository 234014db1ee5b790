import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, createDeferred, createScope, retry } from '../src/index.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('backoffDelay', () => {
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
  ])('after failed attempt %i waits %i ms', (failed, ms) => {
    expect(backoffDelay({ attempts: 5, delayMs: 1_000 }, failed)).toBe(ms);
  });
});

describe('retry', () => {
  it('retries after 1 s, then 2 s, and resolves with the first success', async () => {
    const scope = createScope({ timers: globalThis });
    const attempts: number[] = [];
    const onRetry = vi.fn();
    const done = retry({
      task: async (attempt) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error(`fail ${attempt}`);
      },
      policy: { attempts: 4, delayMs: 1_000 },
      scope,
      onRetry,
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(attempts).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(done).resolves.toBeUndefined();
    expect(attempts).toEqual([1, 2, 3]);
    expect(onRetry.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2]);
  });

  it('rejects with the last error after the last attempt', async () => {
    const scope = createScope({ timers: globalThis });
    const done = retry({ task: (attempt) => Promise.reject(new Error(`fail ${attempt}`)), policy: { attempts: 2, delayMs: 10 }, scope });
    const settled = done.catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(10);
    expect(await settled).toBe('fail 2');
  });

  it('stops once the scope is disposed, with its disposed error', async () => {
    const scope = createScope({ timers: globalThis, disposedError: () => new Error('disposed') });
    const task = vi.fn(() => Promise.reject(new Error('down')));
    const settled = retry({ task, policy: { attempts: 5, delayMs: 100 }, scope }).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(0);
    scope.dispose();
    expect(await settled).toBe('disposed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('createDeferred', () => {
  it('settles once, from outside', async () => {
    const deferred = createDeferred<number>();
    deferred.resolve(1);
    deferred.reject(new Error('too late'));
    deferred.resolve(2);
    await expect(deferred.promise).resolves.toBe(1);
  });
});
