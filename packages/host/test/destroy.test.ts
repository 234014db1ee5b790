import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, minter, READY, setup } from './support/helpers.js';

/**
 * Wraps add/removeEventListener of the window and the document and setTimeout/clearTimeout of the
 * window, so the test counts what is still registered or pending instead of assuming it.
 */
function instrument() {
  const listeners = new Set<string>();
  const timers = new Set<unknown>();
  let next = 0;
  const ids = new WeakMap<object, number>();
  const key = (name: string, type: string, listener: object) => `${name}:${type}:${ids.get(listener) ?? (ids.set(listener, ++next), next)}`;
  const restore: (() => void)[] = [];
  for (const [name, target] of [['window', window], ['document', document]] as const) {
    const add = target.addEventListener;
    const remove = target.removeEventListener;
    target.addEventListener = function (type: string, listener: any, options?: any) {
      listeners.add(key(name, type, listener));
      return add.call(this, type, listener, options);
    };
    target.removeEventListener = function (type: string, listener: any, options?: any) {
      listeners.delete(key(name, type, listener));
      return remove.call(this, type, listener, options);
    };
    restore.push(() => ((target.addEventListener = add), (target.removeEventListener = remove)));
  }
  const setTimeout = window.setTimeout;
  const clearTimeout = window.clearTimeout;
  window.setTimeout = ((run: () => void, ms?: number) => {
    const id = setTimeout(() => (timers.delete(id), run()), ms);
    timers.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id: number) => (timers.delete(id), clearTimeout(id))) as typeof window.clearTimeout;
  restore.push(() => ((window.setTimeout = setTimeout), (window.clearTimeout = clearTimeout)));
  return { listeners, timers, restore: () => restore.forEach((undo) => undo()) };
}

let probe: ReturnType<typeof instrument>;
beforeEach(() => {
  vi.useFakeTimers();
  probe = instrument();
});
afterEach(() => {
  probe.restore();
  vi.useRealTimers();
});

describe('destroy', () => {
  it('leaves no listener and no timer of a private embed', () => {
    const { embed } = setup({ readyTimeoutMs: 30_000 });
    // message and securitypolicyviolation on the window.
    expect(probe.listeners.size).toBe(2);
    expect(probe.timers.size).toBe(1);
    embed.destroy();
    expect(probe.listeners.size).toBe(0);
    expect(probe.timers.size).toBe(0);
  });

  it('leaves no listener and no timer of a signed embed in the middle of a renewal', async () => {
    const { mint } = minter('s1', 'hang');
    const { embed, emit } = setup({ mintSessionId: mint, readyTimeoutMs: 30_000 });
    await flush();
    // message, securitypolicyviolation, pageshow/focus/online on the window, visibilitychange on the document; the ready timer.
    expect([...probe.listeners].map((entry) => entry.split(':').slice(0, 2).join(':')).sort()).toEqual(
      ['document:visibilitychange', 'window:focus', 'window:message', 'window:online', 'window:pageshow', 'window:securitypolicyviolation'],
    );
    expect(probe.timers.size).toBe(1);
    emit('ready', READY);
    expect(probe.timers.size).toBe(0);
    embed.renewSession().catch(() => {});
    await flush();
    expect(probe.timers.size).toBe(1); // the mint timeout
    embed.destroy();
    expect(probe.listeners.size).toBe(0);
    expect(probe.timers.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer while waiting between attempts or for a rejection', async () => {
    const { mint } = minter('s1', 'reject');
    const a = setup({ mintSessionId: mint });
    await flush();
    a.emit('ready', READY);
    a.embed.renewSession().catch(() => {});
    await flush();
    expect(probe.timers.size).toBe(1); // the backoff
    a.embed.destroy();
    expect(probe.timers.size).toBe(0);

    const b = setup({ mintSessionId: () => 'x' });
    await flush();
    b.emit('ready', READY);
    b.embed.renewSession().catch(() => {});
    await flush();
    expect(probe.timers.size).toBe(1); // the rejection window
    b.embed.destroy();
    expect(probe.timers.size).toBe(0);
    expect(probe.listeners.size).toBe(0);
  });

  it('cancels the timers it no longer needs while running', async () => {
    const t = setup({ mintSessionId: () => 's' });
    await flush();
    t.emit('ready', READY);
    const renewal = t.embed.renewSession();
    await flush();
    expect(probe.timers.size).toBe(1); // the rejection window only: the mint timeout is gone
    t.emit('error', { message: 'no', context: 'session-renewal' });
    expect(probe.timers.size).toBe(0); // the rejection window is gone too
    await flush();
    expect(probe.timers.size).toBe(1); // the backoff
    await vi.advanceTimersByTimeAsync(1_000);
    expect(probe.timers.size).toBe(1); // the second id's rejection window
    await vi.advanceTimersByTimeAsync(10_000);
    await renewal;
    expect(probe.timers.size).toBe(0);
  });

  it('releases listeners added with on()', () => {
    const { embed, emit } = setup();
    const listener = vi.fn();
    embed.on('*', listener);
    embed.destroy();
    emit('ready', READY);
    expect(listener).not.toHaveBeenCalled();
  });

  it('only removes its own listeners', () => {
    const a = setup();
    const b = setup();
    a.embed.destroy();
    // b's message and securitypolicyviolation listeners.
    expect(probe.listeners.size).toBe(2);
    const listener = vi.fn();
    b.embed.on('ready', listener);
    b.emit('ready', READY);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
