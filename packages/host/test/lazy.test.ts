// Lazy embeds: nothing minted and no URL set until the iframe comes near the viewport (a fake
// IntersectionObserver stands in for the browser's); then the first id is minted at once, fresh.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, setup } from './helpers.js';

/** The IntersectionObservers made, with what they watch and how to report a sighting. */
function fakeObservers() {
  const made: { target?: Element; rootMargin?: string; disconnected: boolean; see(visible: boolean): void }[] = [];
  class FakeObserver {
    record: (typeof made)[number];
    constructor(callback: (entries: { isIntersecting: boolean }[]) => void, init?: { rootMargin?: string }) {
      this.record = { rootMargin: init?.rootMargin, disconnected: false, see: (visible) => callback([{ isIntersecting: visible }]) };
      made.push(this.record);
    }
    observe(target: Element) {
      this.record.target = target;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return made;
}

beforeEach(() => vi.useFakeTimers({ now: 1_700_000_000_000 }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('lazy', () => {
  it('mints nothing and sets no URL until the iframe is seen; then mints at once, and stops watching', async () => {
    const observers = fakeObservers();
    const mint = vi.fn(() => 's1');
    const t = setup({ lazy: true, mintSessionId: mint });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(mint).not.toHaveBeenCalled();
    expect(t.embed.iframe.getAttribute('src')).toBeNull();
    expect(t.embed.state).toBe('waiting');
    expect(observers).toEqual([expect.objectContaining({ target: t.embed.iframe, rootMargin: '200px', disconnected: false })]);
    observers[0]!.see(false);
    await flush();
    expect(mint).not.toHaveBeenCalled();
    observers[0]!.see(true);
    expect(t.embed.state).toBe('minting');
    await flush();
    expect(mint).toHaveBeenCalledTimes(1);
    expect(new URL(t.embed.iframe.src).searchParams.get('session')).toBe('s1');
    expect(t.embed.state).toBe('loading');
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('takes a margin of its own', () => {
    const observers = fakeObservers();
    setup({ lazy: { rootMargin: '600px' } });
    expect(observers[0]?.rootMargin).toBe('600px');
  });

  it('destroyed before it was seen: nothing is ever minted, and the observer is released', async () => {
    const observers = fakeObservers();
    const mint = vi.fn(() => 's1');
    const t = setup({ lazy: true, mintSessionId: mint });
    t.embed.destroy();
    expect(observers[0]!.disconnected).toBe(true);
    await flush();
    expect(mint).not.toHaveBeenCalled();
  });

  it('starts at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const mint = vi.fn(() => 's1');
    const t = setup({ lazy: true, mintSessionId: mint });
    await flush();
    expect(mint).toHaveBeenCalledTimes(1);
    expect(t.embed.state).toBe('loading');
  });
});

describe('lazy and sessionEndpoint refused before anything is created', () => {
  it.each([['yes'], [{ rootMargin: 12 }], [null], [{ rootMargin: 'far away' }]])('lazy %j is invalid-option', (lazy) => {
    // As a browser's: a margin it cannot parse is a SyntaxError.
    vi.stubGlobal('IntersectionObserver', class {
      constructor(_callback: unknown, init?: { rootMargin?: string }) {
        if (init?.rootMargin && !/^(-?\d+(px|%)\s*){1,4}$/.test(init.rootMargin)) throw new SyntaxError('rootMargin');
      }
      disconnect() {}
    });
    const container = document.createElement('div');
    expect(() => setup({ container, lazy: lazy as never })).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('lazy must be a boolean or { rootMargin') }));
    expect(container.children).toHaveLength(0);
  });

  it.each([[''], ['  '], [42]])('sessionEndpoint %j is invalid-option', (sessionEndpoint) => {
    const container = document.createElement('div');
    expect(() => setup({ container, sessionEndpoint: sessionEndpoint as never })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('sessionEndpoint must be a path') }),
    );
    expect(container.children).toHaveLength(0);
  });
});
