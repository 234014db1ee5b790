// Lazy embeds (`lazy: whenVisible()`): nothing minted and no URL set until the iframe comes near the
// viewport (a fake IntersectionObserver stands in for the browser's); then the first id is minted at
// once, fresh. `lazy` takes what a function made (whenVisible, or your own); anything else is refused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenVisible, type LazyTarget } from '../../src/index.js';
import { flush, setup, useFakeClock } from '../support/helpers.js';

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

useFakeClock();
afterEach(() => vi.unstubAllGlobals());

describe('lazy', () => {
  it('mints nothing and sets no URL until the iframe is seen; then mints at once, and stops watching', async () => {
    const observers = fakeObservers();
    const mint = vi.fn(() => 's1');
    const t = setup({ lazy: whenVisible(), mintSessionId: mint });
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
    setup({ lazy: whenVisible({ rootMargin: '600px' }) });
    expect(observers[0]?.rootMargin).toBe('600px');
  });

  it('destroyed before it was seen: nothing is ever minted, and the observer is released', async () => {
    const observers = fakeObservers();
    const mint = vi.fn(() => 's1');
    const t = setup({ lazy: whenVisible(), mintSessionId: mint });
    t.embed.destroy();
    expect(observers[0]!.disconnected).toBe(true);
    await flush();
    expect(mint).not.toHaveBeenCalled();
  });

  it('starts at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const mint = vi.fn(() => 's1');
    const t = setup({ lazy: whenVisible(), mintSessionId: mint });
    await flush();
    expect(mint).toHaveBeenCalledTimes(1);
    expect(t.embed.state).toBe('loading');
  });
});

describe('a lazy start of your own', () => {
  it('starts when it says, once however often it calls start, and is stopped by destroy()', async () => {
    const mint = vi.fn(() => 's1');
    const stop = vi.fn();
    let given: LazyTarget | undefined;
    const t = setup({
      lazy: (target) => {
        given = target;
        return stop;
      },
      mintSessionId: mint,
    });
    expect(given?.iframe).toBe(t.embed.iframe);
    await flush();
    expect(t.embed.state).toBe('waiting');
    given?.start();
    given?.start();
    await flush();
    expect(mint).toHaveBeenCalledTimes(1);
    expect(t.embed.state).toBe('loading');
    t.embed.destroy();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});

describe('lazy, whenVisible and sessionEndpoint refused before anything is created', () => {
  it.each([[true], ['yes'], [{ rootMargin: '200px' }], [null]])('lazy %j is invalid-option, naming whenVisible()', (lazy) => {
    const container = document.createElement('div');
    expect(() => setup({ container, lazy: lazy as never })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: `lazy takes whenVisible() from @svc-embed/host (got ${JSON.stringify(lazy)})` }),
    );
    expect(container.children).toHaveLength(0);
  });

  it.each([[true], [{}]])('timings %j is invalid-option, naming recordTimings()', (timings) => {
    const container = document.createElement('div');
    expect(() => setup({ container, timings: timings as never })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: `timings takes recordTimings() from @svc-embed/host (got ${JSON.stringify(timings)})` }),
    );
    expect(container.children).toHaveLength(0);
  });

  it.each([[12], ['far away'], ['200'], ['1px 2px 3px 4px 5px'], ['10em'], ['1px2px'], ['1.2.3px']])('whenVisible with the margin %j is invalid-option, before any embed', (rootMargin) => {
    expect(() => whenVisible({ rootMargin: rootMargin as never })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining("whenVisible: rootMargin takes 1 to 4 lengths in px or %, such as '400px' (got") }),
    );
  });

  it.each([['400px'], ['10% 0px'], ['-20px 0px 1.5px 50%'], [' 0px ']])('whenVisible takes the margin %j', (rootMargin) => {
    expect(typeof whenVisible({ rootMargin })).toBe('function');
  });

  it.each([[''], ['  '], [42]])('sessionEndpoint %j is invalid-option', (sessionEndpoint) => {
    const container = document.createElement('div');
    expect(() => setup({ container, sessionEndpoint: sessionEndpoint as never })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('sessionEndpoint must be a path') }),
    );
    expect(container.children).toHaveLength(0);
  });
});
