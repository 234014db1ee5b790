// The warm-up of a signed embed (issue 22, item 2): while its first id is minted, a hidden, sandboxed
// iframe of the tenant, right after the embed's, loads the session-exchange endpoint by GET, so the
// embed's URL loads over a connection already open (bench/ready.mjs measures it in three engines).
// It goes once the embed's URL is set, or on destroy(); a lazy embed
// warms up only once it starts; an embed that loads at once (private) and a wrapped iframe (whose
// surroundings are the page's) have none. happy-dom loads nothing: these tests check the elements.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, minter, READY, setup, TENANT } from '../../packages/host/test/helpers.js';
import { createEmbed, recordTimings, whenVisible } from '../../packages/host/src/index.js';

const WARM_URL = `${TENANT}/api/v1/embed/session/token`;

/** The iframes in `container`, as `{ src, hidden, sandbox }` (the embed's first). */
const iframesIn = (container: Element) =>
  [...container.querySelectorAll('iframe')].map((iframe) => ({ src: iframe.src, hidden: iframe.style.display === 'none', sandbox: iframe.getAttribute('sandbox') }));

beforeEach(() => vi.useFakeTimers({ now: 1_700_000_000_000 }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('warm-up of a signed embed', () => {
  it('a hidden, sandboxed iframe of the tenant loads the exchange endpoint while the id is minted, and goes once the URL is set', async () => {
    let answer: (id: string) => void = () => {};
    const t = setup({ mintSessionId: () => new Promise<string>((resolve) => (answer = resolve)), timings: recordTimings() });
    expect(iframesIn(t.container)).toEqual([
      { src: '', hidden: false, sandbox: null },
      { src: WARM_URL, hidden: true, sandbox: '' },
    ]);
    expect(t.container.lastElementChild).not.toBe(t.embed.iframe);
    expect(t.embed.state).toBe('minting');
    await flush();
    answer('s1');
    await flush();
    expect(iframesIn(t.container)).toEqual([{ src: `${TENANT}/embed/dashboard/d-42?session=s1`, hidden: false, sandbox: null }]);
    expect(t.embed.state).toBe('loading');
    expect(t.embed.timings?.srcSet).toBeDefined();
    t.emit('ready', READY);
    await expect(t.embed.ready).resolves.toEqual(READY);
  });

  it('destroy() while minting removes it', async () => {
    const t = setup({ mintSessionId: minter('hang').mint });
    expect(t.container.querySelectorAll('iframe')).toHaveLength(2);
    t.embed.destroy();
    expect(t.container.querySelectorAll('iframe')).toHaveLength(0);
    await flush();
    expect(t.container.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('when no first id can be minted (failed) it stays, hidden, until destroy()', async () => {
    const t = setup({ mintSessionId: minter('reject').mint, maxAttempts: 1 });
    await flush();
    expect(t.embed.state).toBe('failed');
    expect(iframesIn(t.container)).toEqual([{ src: '', hidden: false, sandbox: null }, { src: WARM_URL, hidden: true, sandbox: '' }]);
    t.embed.destroy();
    expect(t.container.querySelectorAll('iframe')).toHaveLength(0);
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
    const t = setup({ lazy: whenVisible(), mintSessionId: minter('hang').mint });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.container.querySelectorAll('iframe')).toHaveLength(1);
    see();
    expect(iframesIn(t.container)[1]).toEqual({ src: WARM_URL, hidden: true, sandbox: '' });
  });
});

describe('no warm-up', () => {
  it('a private embed', () => {
    const t = setup();
    expect(iframesIn(t.container)).toEqual([{ src: `${TENANT}/embed/dashboard/d-42`, hidden: false, sandbox: null }]);
  });

  it('beside a wrapped iframe, even a signed one given a publicId (the page around it is the page\'s own)', async () => {
    const page = document.createElement('div');
    const iframe = document.createElement('iframe');
    page.append(iframe);
    const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', iframe, mintSessionId: () => 's1' });
    expect(page.children).toHaveLength(1);
    await flush();
    expect(new URL(iframe.src).searchParams.get('session')).toBe('s1');
    embed.destroy();
  });

  it('a wrapped iframe that keeps its own src, even with mintSessionId', async () => {
    const page = document.createElement('div');
    const iframe = document.createElement('iframe');
    iframe.src = `${TENANT}/embed/dashboard/d-7`;
    page.append(iframe);
    const mint = vi.fn(() => 's1');
    const embed = createEmbed({ baseUrl: TENANT, iframe, mintSessionId: mint });
    expect(page.children).toHaveLength(1);
    await flush();
    expect(page.children).toHaveLength(1);
    expect(iframe.src).toBe(`${TENANT}/embed/dashboard/d-7`);
    embed.destroy();
  });
});
