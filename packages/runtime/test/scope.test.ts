import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScope, MAX_TIMEOUT_MS } from '../src/index.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createScope', () => {
  it('runs a timer once, and not after its cancel', () => {
    const scope = createScope({ timers: globalThis });
    const ran = vi.fn();
    scope.later(100, ran);
    const cancel = scope.later(100, () => ran('cancelled'));
    cancel();
    vi.advanceTimersByTime(100);
    expect(ran.mock.calls).toEqual([[]]);
  });

  it('caps a delay at 2^31-1 ms instead of firing at once', () => {
    const timers = { setTimeout: vi.fn(() => 1), clearTimeout: vi.fn() };
    createScope({ timers: timers as never }).later(30 * 24 * 3_600_000, () => {});
    expect(timers.setTimeout).toHaveBeenCalledWith(expect.any(Function), MAX_TIMEOUT_MS);
  });

  it('takes its timers from the window it is given', () => {
    const timers = { setTimeout: vi.fn(() => 7), clearTimeout: vi.fn() };
    const scope = createScope({ timers: timers as never });
    scope.later(5, () => {});
    scope.dispose();
    expect(timers.clearTimeout).toHaveBeenCalledWith(7);
  });

  it('removes a listener with its removal or on dispose, and adds nothing once disposed', () => {
    const target = new EventTarget();
    const heard = vi.fn();
    const scope = createScope({ timers: globalThis });
    const off = scope.listen(target, 'a', heard);
    scope.listen(target, 'b', heard);
    off();
    target.dispatchEvent(new Event('a'));
    scope.dispose();
    target.dispatchEvent(new Event('b'));
    scope.listen(target, 'c', heard);
    target.dispatchEvent(new Event('c'));
    expect(heard).not.toHaveBeenCalled();
  });

  it('clears pending timers on dispose and arms none after', () => {
    const scope = createScope({ timers: globalThis });
    const ran = vi.fn();
    scope.later(10, ran);
    scope.dispose();
    scope.later(10, ran);
    vi.advanceTimersByTime(100);
    expect(ran).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs clean-ups in the order they were added', () => {
    const scope = createScope({ timers: globalThis });
    const order: number[] = [];
    scope.onDispose(() => order.push(1));
    scope.onDispose(() => order.push(2));
    scope.dispose();
    expect(order).toEqual([1, 2]);
  });

  it('runs clean-ups once, after timers and listeners are released; dispose is idempotent', () => {
    const scope = createScope({ timers: globalThis });
    const order: string[] = [];
    scope.later(10, () => order.push('timer'));
    scope.onDispose(() => order.push(`clean-up, ${vi.getTimerCount()} timers left`));
    const removed = vi.fn();
    scope.onDispose(removed)();
    scope.dispose();
    scope.dispose();
    expect(order).toEqual(['clean-up, 0 timers left']);
    expect(removed).not.toHaveBeenCalled();
    expect(scope.disposed).toBe(true);
  });
});
