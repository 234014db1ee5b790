// syncUrl: the embed's place in the host URL. A fake browser history (entries, an index, popstate on
// go()) stands in for the page's window, so the tests can count entries and walk back and forward;
// the embed's events are synthetic MessageEvents (support/helpers.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbedError, syncUrl, type Embed, type UrlAdapter } from '../../src/index.js';
import { WRITES_PER_SECOND } from '../../src/sync-url/history-pace.js';
import { withQueryParam } from '../../src/sync-url/url-adapter.js';
import { flush, READY, setup, useFakeClock, type Harness } from '../support/helpers.js';

/** A window with a real-looking location and history: `go(n)` moves through the entries and fires popstate. */
function fakeBrowser(start = 'https://shop.example/reports?a=b%20c&flag#top') {
  const events = new EventTarget();
  const entries = [{ url: start, state: null as unknown }];
  let index = 0;
  let listeners = 0;
  const here = () => new URL(entries[index]?.url ?? start);
  const win = {
    location: {
      get href() { return here().href; },
      get pathname() { return here().pathname; },
      get search() { return here().search; },
      get hash() { return here().hash; },
    },
    history: {
      get length() { return entries.length; },
      get state() { return entries[index]?.state; },
      pushState(state: unknown, _title: string, url: string) {
        entries.splice(index + 1);
        entries.push({ url: new URL(url, here()).href, state });
        index += 1;
      },
      replaceState(state: unknown, _title: string, url: string) {
        entries[index] = { url: new URL(url, here()).href, state };
      },
    },
    addEventListener(type: string, listener: EventListener) {
      listeners += 1;
      events.addEventListener(type, listener);
    },
    removeEventListener(type: string, listener: EventListener) {
      listeners -= 1;
      events.removeEventListener(type, listener);
    },
  };
  return {
    window: win as unknown as Window,
    /** The current URL's search and hash. */
    url: () => `${here().search}${here().hash}`,
    length: () => entries.length,
    index: () => index,
    listeners: () => listeners,
    /** Back (-1) or forward (+1), as the browser's buttons do: no entry added, then popstate. */
    go(delta: number) {
      index += delta;
      events.dispatchEvent(new Event('popstate'));
    },
    /** A link followed inside the page (pushState by the page's own code, then the viewer goes back and forth). */
    push: (url: string) => win.history.pushState(null, '', url),
  };
}

type Browser = ReturnType<typeof fakeBrowser>;

/** The embed at its first page, `/overview`, as the emulator's dashboard reports it. */
function showStart(t: Harness) {
  t.emit('ready', READY);
  t.emit('view', { surface: 'dashboard', path: '/overview' });
}

/** The viewer clicks a tab inside the embed: the frame reports the navigation. */
function viewerGoes(t: Harness, path: string, previousPath = '/overview') {
  t.emit('navigate', { path, previousPath });
  t.emit('view', { surface: 'dashboard', path });
}

/** The embed obeys each `navigate` action posted so far that it has not answered yet, as the frame does. */
function answerActions(t: Harness, answered: { count: number }) {
  for (const { path } of t.payloads('navigate').slice(answered.count)) viewerGoes(t, path);
  answered.count = t.payloads('navigate').length;
}

let t: Harness;
let browser: Browser;
useFakeClock();
beforeEach(() => {
  t = setup();
  browser = fakeBrowser();
});

describe('syncUrl: in-embed navigation to the host URL', () => {
  it('writes each navigation into the parameter, one history entry each, other parameters and the hash kept byte for byte', () => {
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    expect(browser.length()).toBe(1);
    viewerGoes(t, '/orders');
    viewerGoes(t, '/products', '/orders');
    expect(browser.url()).toBe('?a=b%20c&flag&dash=/products#top');
    expect(browser.length()).toBe(3);
    expect(t.payloads('navigate')).toEqual([]);
  });

  it('with history "replace", changes the current entry only', () => {
    syncUrl(t.embed, { param: 'dash', history: 'replace', window: browser.window });
    showStart(t);
    viewerGoes(t, '/orders');
    viewerGoes(t, '/products', '/orders');
    expect(browser.url()).toBe('?a=b%20c&flag&dash=/products#top');
    expect(browser.length()).toBe(1);
  });

  it('escapes what would end the parameter, and reads back the same path', () => {
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    viewerGoes(t, '/orders?tab=2&sort=a b#x+%');
    expect(browser.url()).toBe('?a=b%20c&flag&dash=/orders%3Ftab%3D2%26sort%3Da%20b%23x%2B%25#top');
    expect(new URLSearchParams(browser.window.location.search).get('dash')).toBe('/orders?tab=2&sort=a b#x+%');
  });
});

describe('syncUrl: the host URL to the embed', () => {
  it('on load, queues the navigate action for the path in the URL until ready; its answer adds no entry', async () => {
    browser.push('/reports?dash=/orders');
    const before = browser.length();
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    await flush();
    expect(t.actions()).toEqual([]);
    showStart(t);
    expect(t.payloads('navigate')).toEqual([{ path: '/orders' }]);
    viewerGoes(t, '/orders');
    expect(browser.length()).toBe(before);
    expect(browser.url()).toBe('?dash=/orders');
  });

  it('back and forward send the entry path (the first page where it has none), add no entry, and never loop', () => {
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    const answered = { count: 0 };
    viewerGoes(t, '/orders');
    viewerGoes(t, '/products', '/orders');
    const walk: [number, string][] = [[-1, '/orders'], [-1, '/overview'], [1, '/orders'], [1, '/products']];
    for (const [delta, path] of walk) {
      browser.go(delta);
      expect(t.payloads('navigate').at(-1)).toEqual({ path });
      answerActions(t, answered);
    }
    expect(t.payloads('navigate')).toHaveLength(4);
    expect(browser.length()).toBe(3);
    expect(browser.index()).toBe(2);
    // A viewer's own navigation after a back still makes one entry (and drops the forward ones).
    browser.go(-1);
    answerActions(t, answered);
    viewerGoes(t, '/overview', '/orders');
    expect(browser.length()).toBe(3);
    expect(browser.url()).toBe('?a=b%20c&flag&dash=/overview#top');
  });

  it('back pressed twice before the embed answers: the late answers write nothing, forward history stays', () => {
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    viewerGoes(t, '/orders');
    viewerGoes(t, '/products', '/orders');
    browser.go(-1);
    browser.go(-1);
    expect(t.payloads('navigate')).toEqual([{ path: '/orders' }, { path: '/overview' }]);
    answerActions(t, { count: 0 });
    expect(browser.length()).toBe(3);
    expect(browser.index()).toBe(0);
    expect(browser.url()).toBe('?a=b%20c&flag#top');
  });

  it('back then forward before the embed answers: the embed is taken back where the URL is', () => {
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    viewerGoes(t, '/orders');
    viewerGoes(t, '/products', '/orders');
    browser.go(-1);
    browser.go(1);
    expect(t.payloads('navigate')).toEqual([{ path: '/orders' }, { path: '/products' }]);
    answerActions(t, { count: 0 });
    expect(browser.length()).toBe(3);
    expect(browser.url()).toBe('?a=b%20c&flag&dash=/products#top');
  });

  it('a fresh document forgets the asks of the old one: it is taken to the URL path even if that was asked before', () => {
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    viewerGoes(t, '/orders');
    viewerGoes(t, '/products', '/orders');
    browser.go(-1); // asks for /orders; the document reloads before it answers
    showStart(t);
    expect(t.payloads('navigate')).toEqual([{ path: '/orders' }, { path: '/orders' }]);
  });

  it('an ask the embed never answers (a page it does not have) does not swallow the viewer\'s next navigation', () => {
    browser.push('/reports?dash=/gone');
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    expect(t.payloads('navigate')).toEqual([{ path: '/gone' }]);
    viewerGoes(t, '/orders');
    viewerGoes(t, '/products', '/orders');
    expect(browser.url()).toBe('?dash=/products');
    expect(browser.length()).toBe(4);
  });

  it('back before ready sends nothing until ready, then the path of the entry once', () => {
    browser.push('/reports?dash=/orders');
    browser.push('/reports?dash=/products');
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    browser.go(-1);
    expect(t.actions()).toEqual([]);
    showStart(t);
    expect(t.payloads('navigate')).toEqual([{ path: '/orders' }]);
  });

  it('a popstate that leaves the parameter as it is (a hash link) sends nothing', () => {
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    viewerGoes(t, '/orders');
    browser.push('#section-2');
    browser.go(-1);
    expect(t.payloads('navigate')).toEqual([]);
  });

  it('an embed going back to its first page by itself is written too, even with no answer pending', () => {
    browser.push('/reports?dash=/overview');
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t); // asks for /overview, where it already is: the frame sends no answer
    viewerGoes(t, '/orders');
    viewerGoes(t, '/overview', '/orders');
    expect(browser.url()).toBe('?dash=/overview');
    expect(browser.length()).toBe(4);
  });

  it('started after ready, navigates at once; a fresh document (ready again) is taken back to the URL path', () => {
    showStart(t);
    browser.push('/reports?dash=/orders');
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    expect(t.payloads('navigate')).toEqual([{ path: '/orders' }]);
    viewerGoes(t, '/orders');
    showStart(t); // the iframe was reloaded: its document starts again at /overview
    expect(t.payloads('navigate')).toEqual([{ path: '/orders' }, { path: '/orders' }]);
  });
});

describe('syncUrl: the parameter is untrusted', () => {
  const crafted = ['https://evil.example/x', '//evil.example', '/\\evil.example', '/\n', 'javascript:alert(1)', 'orders', `/${'a'.repeat(2048)}`];

  it.each(crafted)('%j never reaches the embed; it is logged in debug mode and removed with replaceState', (path) => {
    const debug = vi.fn();
    const own = setup({ debug });
    browser.push(`/reports?keep=1&dash=${encodeURIComponent(path)}#top`);
    const before = browser.length();
    syncUrl(own.embed, { param: 'dash', window: browser.window });
    expect(browser.url()).toBe('?keep=1#top');
    expect(browser.length()).toBe(before);
    expect(debug).toHaveBeenCalledWith('url', 'ignored', path);
    own.emit('ready', READY);
    own.emit('view', { surface: 'dashboard', path: '/overview' });
    expect(own.payloads('navigate')).toEqual([]);
  });

  it('a crafted entry reached by back or forward is removed too, and the embed goes to its first page', () => {
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    viewerGoes(t, '/orders');
    browser.push('/reports?dash=%2F%2Fevil.example');
    browser.go(-1);
    browser.go(1);
    expect(browser.url()).toBe('');
    expect(t.payloads('navigate')).toEqual([{ path: '/overview' }]);
  });
});

describe('syncUrl: the surface is untrusted too', () => {
  // What a hostile surface on the tenant origin sent in the review: none may reach the page's URL.
  const hostile = ['javascript:alert(document.domain)', '//evil.example/phish', '/\\evil.example', '/orders\r\nSet-Cookie: a=b', '/report\u202Efdp.exe', `/${'a'.repeat(200_000)}`];

  it.each(hostile.map((path) => [path.slice(0, 40), path]))('a navigate event with %j writes nothing, logs it, and leaves the page as it was', (_, path) => {
    const debug = vi.fn();
    const own = setup({ debug });
    syncUrl(own.embed, { param: 'dash', window: browser.window });
    own.emit('ready', READY);
    own.emit('view', { surface: 'dashboard', path: '/overview' });
    own.emit('navigate', { path: '/orders', previousPath: '/overview' });
    own.emit('navigate', { path, previousPath: '/orders' });
    expect(browser.url()).toBe('?a=b%20c&flag&dash=/orders#top');
    expect(browser.length()).toBe(2);
    expect(debug).toHaveBeenCalledWith('url', 'refused', path.slice(0, 100));
  });

  it('through a router adapter, the same paths are never written', () => {
    const router = fakeRouter();
    syncUrl(t.embed, { adapter: router.adapter });
    showStart(t);
    for (const path of hostile) t.emit('navigate', { path, previousPath: '/overview' });
    expect(router.writes).toEqual([]);
  });

  it('a crafted first page (its view) is never where back takes the embed: nothing is sent, nothing thrown', () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    t.emit('ready', READY);
    t.emit('view', { surface: 'dashboard', path: '//evil.example' });
    viewerGoes(t, '/orders', '//evil.example');
    browser.go(-1);
    expect(t.payloads('navigate')).toEqual([]);
    expect(reported).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});

describe('syncUrl: a surface cannot grow the page history without bound', () => {
  /** The fake browser's window with a `navigator.userActivation` that says `isActive`. */
  const activation = (isActive: boolean) => Object.assign(browser.window, { navigator: { userActivation: { isActive } } });

  it(`1,000 navigations in a second add at most ${WRITES_PER_SECOND} entries; the last path is written once the second is over`, async () => {
    activation(true);
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    for (let n = 0; n < 1_000; n += 1) t.emit('navigate', { path: `/page/${n}`, previousPath: '/overview' });
    expect(browser.length()).toBe(1 + WRITES_PER_SECOND);
    expect(browser.url()).toBe(`?a=b%20c&flag&dash=/page/${WRITES_PER_SECOND - 1}#top`);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(browser.url()).toBe('?a=b%20c&flag&dash=/page/999#top');
    expect(browser.length()).toBe(1 + WRITES_PER_SECOND);
  });

  it('without a user activation (where the browser tells), a navigation replaces the current entry', async () => {
    activation(false);
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    for (let n = 0; n < 1_000; n += 1) {
      t.emit('navigate', { path: `/page/${n}`, previousPath: '/overview' });
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(browser.length()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(browser.url()).toBe('?a=b%20c&flag&dash=/page/999#top');
  });

  it('a viewer navigating at a human pace gets one entry per navigation', async () => {
    activation(true);
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    for (const path of ['/orders', '/products', '/customers', '/returns', '/orders']) {
      t.emit('navigate', { path, previousPath: '/overview' });
      await vi.advanceTimersByTimeAsync(400);
    }
    expect(browser.length()).toBe(6);
  });

  /** An active viewer's embed whose surface navigates four times at once: three are written, `/d` waits. */
  const fourAtOnce = () => {
    activation(true);
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    showStart(t);
    for (const path of ['/a', '/b', '/c', '/d']) t.emit('navigate', { path, previousPath: '/overview' });
  };

  it('back while a write waits drops it: the entry the viewer went back to stays as it is', async () => {
    fourAtOnce();
    browser.go(-1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(browser.url()).toBe('?a=b%20c&flag&dash=/b#top');
    expect(browser.length()).toBe(4);
  });

  it('destroy() drops a waiting write', async () => {
    fourAtOnce();
    t.embed.destroy();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(browser.url()).toBe('?a=b%20c&flag&dash=/c#top');
  });
});

describe('syncUrl: several embeds, and the end', () => {
  it('two embeds with two parameters stay independent', () => {
    const other = setup();
    syncUrl(t.embed, { param: 'sales', window: browser.window });
    syncUrl(other.embed, { param: 'support', window: browser.window });
    showStart(t);
    showStart(other);
    viewerGoes(t, '/orders');
    viewerGoes(other, '/queue');
    expect(browser.url()).toBe('?a=b%20c&flag&sales=/orders&support=/queue#top');
    browser.go(-1);
    expect(other.payloads('navigate')).toEqual([{ path: '/overview' }]);
    expect(t.payloads('navigate')).toEqual([]);
    browser.go(-1);
    expect(t.payloads('navigate')).toEqual([{ path: '/overview' }]);
  });

  it('refuses a parameter another embed of the page uses, until that embed is destroyed', () => {
    const other = setup();
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    expect(() => syncUrl(other.embed, { param: 'dash', window: browser.window })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('"dash" is used by another embed') }),
    );
    t.embed.destroy();
    expect(() => syncUrl(other.embed, { param: 'dash', window: browser.window })).not.toThrow();
  });

  it('destroy(), logout and the returned stop() remove the popstate listener; stop() twice is harmless', async () => {
    const stop = syncUrl(t.embed, { param: 'dash', window: browser.window });
    expect(browser.listeners()).toBe(1);
    stop();
    stop();
    expect(browser.listeners()).toBe(0);
    syncUrl(t.embed, { param: 'dash', window: browser.window });
    t.embed.destroy();
    expect(browser.listeners()).toBe(0);
    const viewer = setup();
    syncUrl(viewer.embed, { param: 'dash', window: browser.window });
    await viewer.embed.logout();
    expect(browser.listeners()).toBe(0);
  });

  it('defaults to the window of the iframe', () => {
    syncUrl(t.embed, { param: 'dash' });
    showStart(t);
    viewerGoes(t, '/orders');
    expect(new URLSearchParams(window.location.search).get('dash')).toBe('/orders');
    window.history.replaceState(null, '', window.location.pathname);
  });
});

describe('syncUrl: options', () => {
  const cases: [string, () => unknown, string][] = [
    ['no param', () => syncUrl(t.embed, {} as never), 'param (a plain name such as "dash") or adapter'],
    ['an empty param', () => syncUrl(t.embed, { param: '' }), 'param (a plain name such as "dash") or adapter'],
    ['a param that is not a string', () => syncUrl(t.embed, { param: 42 as unknown as string }), 'param (a plain name such as "dash") or adapter'],
    ['a wrong history', () => syncUrl(t.embed, { param: 'dash', history: 'pushy' as 'push' }), 'history "push" or "replace"'],
    ['a wrong history with an adapter', () => syncUrl(t.embed, { adapter: fakeRouter().adapter, history: 'Replace' as 'replace' }), 'history "push" or "replace"'],
    ['not an embed', () => syncUrl({ iframe: t.embed.iframe } as Embed, { param: 'dash' }), 'an embed from createEmbed'],
  ];
  it.each(cases)('%s is invalid-option, with what to do', (_name, call, text) => {
    expect(call).toThrow(EmbedError);
    expect(call).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining(text) }));
  });
});

/** A router that owns history: it records each write and tells its own navigations to subscribers. */
function fakeRouter(initial: string | null = null) {
  const stack: (string | null)[] = [initial];
  let index = 0;
  const subscribers = new Set<() => void>();
  const writes: { path: string | null; replace: boolean }[] = [];
  const adapter: UrlAdapter = {
    read: () => stack[index] ?? null,
    write(path, { replace }) {
      writes.push({ path, replace });
      if (replace) stack[index] = path;
      else {
        stack.splice(index + 1, Infinity, path);
        index += 1;
      }
    },
    subscribe(onChange) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
  };
  const go = (delta: number) => {
    index += delta;
    for (const each of subscribers) each();
  };
  return { adapter, writes, go, subscribers };
}

describe('syncUrl: the adapter form, for SPA routers', () => {
  it('writes through the router, reads its path on load, follows its back and forward, and leaves window history alone', () => {
    const router = fakeRouter('/orders');
    const length = window.history.length;
    syncUrl(t.embed, { adapter: router.adapter });
    showStart(t);
    expect(t.payloads('navigate')).toEqual([{ path: '/orders' }]);
    viewerGoes(t, '/orders');
    viewerGoes(t, '/products', '/orders');
    expect(router.writes).toEqual([{ path: '/products', replace: false }]);
    router.go(-1);
    expect(t.payloads('navigate').at(-1)).toEqual({ path: '/orders' });
    viewerGoes(t, '/orders', '/products');
    expect(router.writes).toHaveLength(1);
    expect(window.history.length).toBe(length);
  });

  it('an adapter wins over a param given too (untyped): the param is not claimed, the window untouched', () => {
    const router = fakeRouter();
    syncUrl(t.embed, { adapter: router.adapter, param: 'dash', window: browser.window } as never);
    expect(browser.listeners()).toBe(0);
    showStart(t);
    viewerGoes(t, '/orders');
    expect(router.writes).toEqual([{ path: '/orders', replace: false }]);
    expect(browser.url()).toBe('?a=b%20c&flag#top');
  });

  it('with history "replace", the router replaces', () => {
    const router = fakeRouter();
    syncUrl(t.embed, { adapter: router.adapter, history: 'replace' });
    showStart(t);
    viewerGoes(t, '/orders');
    expect(router.writes).toEqual([{ path: '/orders', replace: true }]);
  });

  it('removes a crafted path through the router, replacing', () => {
    const router = fakeRouter('//evil.example');
    syncUrl(t.embed, { adapter: router.adapter });
    expect(router.writes).toEqual([{ path: null, replace: true }]);
    showStart(t);
    expect(t.payloads('navigate')).toEqual([]);
  });

  it('two embeds may share one router through two adapters; destroy() unsubscribes', () => {
    const router = fakeRouter();
    syncUrl(t.embed, { adapter: router.adapter });
    expect(router.subscribers.size).toBe(1);
    t.embed.destroy();
    expect(router.subscribers.size).toBe(0);
  });
});

describe('withQueryParam', () => {
  const cases: [string, string | null, string][] = [
    ['', '/orders', '?dash=/orders'],
    ['?a=1&dash=/x&b=2', '/y', '?a=1&b=2&dash=/y'],
    ['?a=1&dash=/x&b=2&dash=/z', null, '?a=1&b=2'],
    ['?dash=/x', null, ''],
    ['?d%61sh=/x&keep=%7E+~', '/y', '?keep=%7E+~&dash=/y'],
    ['?dash+x=1&dash', '/y', '?dash+x=1&dash=/y'],
    ['?a&&b=', '/y', '?a&b=&dash=/y'],
  ];
  it.each(cases)('%s with %j is %s', (search, value, expected) => {
    expect(withQueryParam({ search, param: 'dash', value })).toBe(expected);
  });
});
