// The warm-up of a signed embed (issue 22, item 2; a preconnect hint since issue 30): while its first
// id is minted, a `<link rel="preconnect">` to the tenant origin in the page's head, so the embed's URL
// loads over a connection already open where the engine shares it (bench/ready.mjs measures it in
// three engines). It sends no request, so nothing can fail. It goes once the embed's URL is set, or on
// destroy(); it goes in with the iframe, once the first mint's request is out; a lazy embed warms up only once it starts; an embed that loads at once (private), a
// wrapped iframe, and Chromium (whose frames never use the page's connections) have none. happy-dom connects nowhere: these tests check the elements.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, minter, READY, setup, TENANT } from '../../packages/host/test/support/helpers.js';
import { createEmbed, recordTimings, whenVisible } from '../../packages/host/src/index.js';

/** The preconnect hints in the page's head, as their `href`. */
const hints = () => [...document.head.querySelectorAll('link[rel="preconnect"]')].map((link) => (link as HTMLLinkElement).href);

beforeEach(() => vi.useFakeTimers({ now: 1_700_000_000_000 }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('warm-up of a signed embed', () => {
  it('a preconnect hint to the tenant origin while the id is minted, gone once the URL is set; no iframe of its own', async () => {
    let answer: (id: string) => void = () => {};
    const t = setup({ mintSessionId: () => new Promise<string>((resolve) => (answer = resolve)), timings: recordTimings() });
    // The mint first (issue 42): the hint, as the iframe, goes in once the first mint's request is out.
    expect(hints()).toEqual([]);
    await flush();
    expect(hints()).toEqual([`${TENANT}/`]);
    expect(t.container.querySelectorAll('iframe')).toHaveLength(1);
    expect(t.embed.state).toBe('minting');
    await flush();
    answer('s1');
    await flush();
    expect(hints()).toEqual([]);
    expect(t.embed.iframe.src).toBe(`${TENANT}/embed/dashboard/d-42?session=s1`);
    expect(t.embed.state).toBe('loading');
    expect(t.embed.timings?.srcSet).toBeDefined();
    t.emit('ready', READY);
    await expect(t.embed.ready).resolves.toEqual(READY);
  });

  it('destroy() while minting removes it', async () => {
    const t = setup({ mintSessionId: minter('hang').mint });
    await flush();
    expect(hints()).toHaveLength(1);
    t.embed.destroy();
    expect(hints()).toEqual([]);
    await flush();
    expect(hints()).toEqual([]);
  });

  it('when no first id can be minted (failed) it stays until destroy()', async () => {
    const t = setup({ mintSessionId: minter('reject').mint, maxAttempts: 1 });
    void t.embed.ready.catch(() => undefined);
    await flush();
    expect(t.embed.state).toBe('failed');
    expect(hints()).toEqual([`${TENANT}/`]);
    t.embed.destroy();
    expect(hints()).toEqual([]);
  });

  it('a lazy embed warms up only once it is seen', async () => {
    let see: () => void = () => {};
    vi.stubGlobal('IntersectionObserver', class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        see = () => callback([{ isIntersecting: true }]);
      }
      observe() {}
      disconnect() {}
    });
    setup({ lazy: whenVisible(), mintSessionId: minter('hang').mint });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(hints()).toEqual([]);
    see();
    await flush();
    expect(hints()).toEqual([`${TENANT}/`]);
  });

});

describe('no warm-up', () => {
  it('in Chromium (navigator.userAgentData), whose frames never use the page\'s connections', () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { userAgentData: { brands: [] } }));
    setup({ window: Object.assign(Object.create(window), { navigator: globalThis.navigator }), mintSessionId: minter('hang').mint });
    expect(hints()).toEqual([]);
  });

  it('a private embed', () => {
    const t = setup();
    expect(hints()).toEqual([]);
    expect(t.embed.iframe.src).toBe(`${TENANT}/embed/dashboard/d-42`);
  });

  it('a wrapped iframe, even a signed one given a publicId (the page around it is the page\'s own)', async () => {
    const page = document.createElement('div');
    const iframe = document.createElement('iframe');
    page.append(iframe);
    const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', iframe, mintSessionId: minter('hang').mint });
    expect(hints()).toEqual([]);
    embed.destroy();
  });

  it('a wrapped iframe that keeps its own src, even with mintSessionId', async () => {
    const page = document.createElement('div');
    const iframe = document.createElement('iframe');
    iframe.src = `${TENANT}/embed/dashboard/d-7`;
    page.append(iframe);
    const mint = vi.fn(() => 's1');
    const embed = createEmbed({ baseUrl: TENANT, iframe, mintSessionId: mint });
    expect(hints()).toEqual([]);
    await flush();
    expect(hints()).toEqual([]);
    expect(iframe.src).toBe(`${TENANT}/embed/dashboard/d-7`);
    embed.destroy();
  });
});
