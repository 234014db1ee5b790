// Deep links (issue 23), in the three engines against the emulator: `syncUrl` keeps the embed's page
// in the host page's URL. The viewer clicks the dashboard's tabs inside the cross-origin iframe with
// the engine's own input (a person's click, whose user activation the host page shares: WebKit's
// back button skips entries added without one); the host URL carries the last path with one history
// entry per click; reload, back and forward land where the viewer was, adding no entry; a crafted
// parameter never reaches the embed (the dashboard's record of every message it received proves it)
// and leaves the URL; two embeds keep two parameters apart; the element's `sync-url`; the demo's
// pages open a copied link where it points. Everything waits for conditions.
import { expect, it } from 'vitest';
import type { FrameDriver, PageDriver } from './driver/index.js';
import { useSuite } from './harness.js';

const suite = useSuite();

/** A host page of its own (no SDK), the page a viewer came from. */
const PREVIOUS = '/previous.html';

/** Opens the page the viewer came from. */
async function openPrevious(page: PageDriver) {
  suite.demo.addPage(PREVIOUS, '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Previous page</title></head><body><p>The page before.</p></body></html>');
  await page.goto(`${suite.demo.hostUrl}${PREVIOUS}`);
}

/**
 * The script, loaded before the SDK, behind the page's `__answers`: it can hold the messages of the
 * embeds (from `serviceUrl`) and hand them on later, as a dashboard slow to answer would.
 */
function answerHolder(serviceUrl: string): string {
  return `<script>
// Loaded before the SDK, so that it can hold the embeds' messages: the page's \`message\` listeners
// (the SDK's) are wrapped, and while holding, their calls wait in order and run later with the same
// events (a copy would not do: Firefox refuses a cross-origin window as a MessageEvent's source).
window.__answers = {
  held: undefined,
  hold() { this.held = []; },
  release() {
    const held = this.held;
    this.held = undefined;
    for (const { call } of held) call();
    return new Set(held.filter(({ event }) => event.data && event.data.type === 'svc:event:navigate').map(({ event }) => event)).size;
  },
};
const wrappers = new WeakMap();
const add = EventTarget.prototype.addEventListener;
const remove = EventTarget.prototype.removeEventListener;
window.addEventListener = function (type, listener, options) {
  if (type !== 'message' || typeof listener !== 'function') return add.call(this, type, listener, options);
  const wrapper = wrappers.get(listener) || function (event) {
    const call = () => listener.call(this, event);
    if (window.__answers.held && event.origin === ${JSON.stringify(serviceUrl)}) window.__answers.held.push({ event, call });
    else call();
  };
  wrappers.set(listener, wrapper);
  return add.call(this, type, wrapper, options);
};
window.removeEventListener = function (type, listener, options) {
  return remove.call(this, type, (typeof listener === 'function' && wrappers.get(listener)) || listener, options);
};
</script>`;
}

/**
 * A host page with an embed per entry of `embeds` (`key` is its container's id and the iframe's
 * `data-embed`), each kept in the URL by `syncUrl` with its `param`. In the page: `__events[key]`,
 * what each embed reported; `__debug`, the SDK's debug lines; `__hostNonce`, new on every load;
 * `__sameParam`, the error code of a `syncUrl` asking for a parameter already taken; `__answers`,
 * which holds the embeds' messages on request.
 */
function hostPage(embeds: { key: string; publicId: string; param: string }[]): string {
  const { demo } = suite;
  const boxes = embeds.map(({ key }) => `<div class="box" id="${key}"></div>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Deep links</title>
<style>body { margin: 0 } .box { height: 480px }</style>
${answerHolder(demo.serviceUrl)}
<script src="/vendor/svc-embed.min.js"></script></head><body>
${boxes}
<script>
window.__hostNonce = Math.random();
window.__events = {};
window.__debug = [];
window.__embeds = {};
const text = (detail) => { try { return typeof detail === 'string' ? detail : JSON.stringify(detail); } catch { return String(detail); } };
for (const { key, publicId, param } of ${JSON.stringify(embeds)}) {
  window.__events[key] = [];
  const embed = SvcEmbed.createEmbed({
    baseUrl: ${JSON.stringify(demo.serviceUrl)}, publicId, container: '#' + key, sessionEndpoint: '/api/embed-session',
    attributes: { 'data-embed': key }, debug: (...details) => window.__debug.push(details.map(text).join(' ')),
  });
  embed.on('*', (payload, message) => window.__events[key].push({ type: message.type.replace('svc:event:', ''), payload }));
  SvcEmbed.syncUrl(embed, { param });
  // The first embed's parameter again (for the first embed, its own): refused, nothing changed.
  try { SvcEmbed.syncUrl(embed, { param: ${JSON.stringify(embeds[0]?.param)} }); } catch (error) { window.__sameParam = error.code; }
  window.__embeds[key] = embed;
}
</script>
</body></html>`;
}

const ONE = [{ key: 'a', publicId: 'sales-overview', param: 'dash' }];
const TWO = [{ key: 'a', publicId: 'sales-overview', param: 'a' }, { key: 'b', publicId: 'support-ops', param: 'b' }];

/** The dashboard inside embed `key` of the page. */
const dashboard = (page: PageDriver, key = 'a'): FrameDriver => page.frame(`iframe[data-embed="${key}"]`);

/** Opens `path` on the host origin and waits until every embed of it has loaded its dashboard. */
async function open(page: PageDriver, path: string, keys = ['a']) {
  await page.goto(`${suite.demo.hostUrl}${path}`);
  for (const key of keys) await waitForLoaded(page, key);
}

/** Waits until embed `key` has reported `dashboard-loaded` (a fresh page has, once it is in place). */
const waitForLoaded = (page: PageDriver, key: string) =>
  page.waitFor((key) => ((window as any).__events?.[key] ?? []).some((event: any) => event.type === 'dashboard-loaded'), key, { timeout: 20_000 });

/** Waits until the dashboard of embed `key` shows `path` (its `<html data-page>`). */
const waitForPage = (page: PageDriver, path: string, key = 'a') =>
  dashboard(page, key).waitFor((path) => document.documentElement.dataset.page === path, path, { timeout: 20_000 });

/** The page's URL parameter `name`, decoded, or null. */
const param = (page: PageDriver, name: string) => page.evaluate((name) => new URL(location.href).searchParams.get(name), name);

/** Waits until the page's URL parameter `name` is `value` (null: absent). */
const waitForParam = (page: PageDriver, name: string, value: string | null) =>
  page.waitFor(([name, value]) => new URL(location.href).searchParams.get(name) === value, [name, value] as const);

/** The paths of the `navigate` actions the dashboard of embed `key` received, in order. */
const navigateActions = (page: PageDriver, key = 'a'): Promise<string[]> =>
  dashboard(page, key).evaluate(() => (window as any).__dashboard.received().filter((message: any) => message.type === 'svc:action:navigate').map((message: any) => message.payload.path));

/**
 * Makes sure that every action the host page had sent to embed `key` has arrived: sends `refresh`
 * and waits until the dashboard received it (messages from one window arrive in order).
 */
async function flush(page: PageDriver, key = 'a') {
  const count = () => dashboard(page, key).evaluate(() => (window as any).__dashboard.received().filter((message: any) => message.type === 'svc:action:refresh').length);
  const before = await count();
  await page.evaluate((key) => (window as any).__embeds[key].refresh(), key);
  await dashboard(page, key).waitFor((before) => (window as any).__dashboard.received().filter((message: any) => message.type === 'svc:action:refresh').length > before, before);
}

/** The viewer clicks the tab of `path` inside embed `key`, and the host URL follows. */
async function clickTab(page: PageDriver, path: string, options: { key?: string; param?: string } = {}) {
  const { key = 'a', param: name = 'dash' } = options;
  await dashboard(page, key).userClick(`[role="tab"][data-path="${path}"]`);
  await waitForPage(page, path, key);
  await waitForParam(page, name, path);
}

/** Holds what the embeds send to the page from now on, as a slow dashboard would; see {@link releaseAnswers}. */
const holdAnswers = (page: PageDriver) => page.evaluate(() => (window as any).__answers.hold());

/** Hands the held messages on to the SDK, in order; gives how many `navigate` events were among them. */
const releaseAnswers = (page: PageDriver): Promise<number> => page.evaluate(() => (window as any).__answers.release());

const historyLength = (page: PageDriver) => page.evaluate(() => history.length);
const hostNonce = (page: PageDriver) => page.evaluate(() => (window as any).__hostNonce as number);
const docNonce = (page: PageDriver, key = 'a') => dashboard(page, key).evaluate(() => (window as any).__docNonce as string);

it('without the SDK: the driver goes back and forward over entries a click added, and back to the previous page', async () => {
  const { demo, page } = suite;
  demo.addPage('/plain.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain</title></head><body>
<button id="p1" onclick="history.pushState(null, '', '?p=1')">1</button><button id="p2" onclick="history.pushState(null, '', '?p=2')">2</button>
<script>window.__hostNonce = Math.random();</script></body></html>`);
  await openPrevious(page);
  await page.goto(`${demo.hostUrl}/plain.html`);
  const length = await historyLength(page);
  const nonce = await hostNonce(page);
  await page.userClick('#p1');
  await page.userClick('#p2');
  expect(await historyLength(page)).toBe(length + 2);
  await page.back();
  expect(await page.url()).toBe(`${demo.hostUrl}/plain.html?p=1`);
  await page.back();
  expect(await page.url()).toBe(`${demo.hostUrl}/plain.html`);
  expect(await hostNonce(page)).toBe(nonce);
  await page.forward();
  expect(await page.url()).toBe(`${demo.hostUrl}/plain.html?p=1`);
  await page.back();
  await page.back();
  expect(await page.url()).toBe(`${demo.hostUrl}${PREVIOUS}`);
});

it('two tab clicks inside the embed: the URL carries the last path, two entries; back twice steps back inside, a third leaves', async () => {
  const { demo, page } = suite;
  demo.addPage('/one.html', hostPage(ONE));
  await openPrevious(page);
  await open(page, '/one.html?keep=a%20b&x=1#top');
  const length = await historyLength(page);
  const nonces = { host: await hostNonce(page), frame: await docNonce(page) };
  expect(await page.evaluate(() => (window as any).__sameParam)).toBe('invalid-option');

  await clickTab(page, '/orders');
  await clickTab(page, '/products');
  // The other parameters byte for byte and the hash stay; one entry per click.
  expect(await page.url()).toBe(`${demo.hostUrl}/one.html?keep=a%20b&x=1&dash=/products#top`);
  expect(await historyLength(page)).toBe(length + 2);
  const navigates = await page.evaluate(() => (window as any).__events.a.filter((event: any) => event.type === 'navigate').map((event: any) => event.payload));
  expect(navigates).toEqual([{ path: '/orders', previousPath: '/overview' }, { path: '/products', previousPath: '/orders' }]);

  await page.back();
  await waitForPage(page, '/orders');
  expect(await param(page, 'dash')).toBe('/orders');
  await page.back();
  await waitForPage(page, '/overview');
  expect(await page.url()).toBe(`${demo.hostUrl}/one.html?keep=a%20b&x=1#top`);
  // No entry added on the way back (forward still goes where it went), no reload of either document.
  expect(await historyLength(page)).toBe(length + 2);
  await page.forward();
  await waitForPage(page, '/orders');
  expect(await param(page, 'dash')).toBe('/orders');
  await page.back();
  await waitForPage(page, '/overview');
  expect({ host: await hostNonce(page), frame: await docNonce(page) }).toEqual(nonces);
  await flush(page);
  // One navigate action per step, none of them answered with an entry or sent twice.
  expect(await navigateActions(page)).toEqual(['/orders', '/overview', '/orders', '/overview']);
  expect(await historyLength(page)).toBe(length + 2);

  // The third back leaves the page, as it would without the SDK.
  await page.back();
  expect(await page.url()).toBe(`${demo.hostUrl}${PREVIOUS}`);
});

it('two backs before the embed answers the first: no entry added, forward still goes where it went', async () => {
  const { demo, page } = suite;
  demo.addPage('/one.html', hostPage(ONE));
  await open(page, '/one.html');
  const length = await historyLength(page);
  await clickTab(page, '/orders');
  await clickTab(page, '/products');
  await holdAnswers(page);
  await page.back();
  await page.back();
  await waitForPage(page, '/overview');
  expect(await releaseAnswers(page)).toBe(2);
  await flush(page);
  expect(await navigateActions(page)).toEqual(['/orders', '/overview']);
  expect(await page.url()).toBe(`${demo.hostUrl}/one.html`);
  expect(await historyLength(page)).toBe(length + 2);
  await page.forward();
  await waitForPage(page, '/orders');
  await page.forward();
  await waitForPage(page, '/products');
  expect(await param(page, 'dash')).toBe('/products');
});

// Back then forward before the embed answers the back: the forward must still be sent (the embed is
// on its way to /orders, not at /products), so the embed ends where the URL says.
it('back then forward before the embed answers the back: the embed ends where the URL says', async () => {
  const { demo, page } = suite;
  demo.addPage('/one.html', hostPage(ONE));
  await open(page, '/one.html');
  const length = await historyLength(page);
  await clickTab(page, '/orders');
  await clickTab(page, '/products');
  await holdAnswers(page);
  await page.back();
  await waitForPage(page, '/orders');
  await page.forward();
  expect(await param(page, 'dash')).toBe('/products');
  await releaseAnswers(page);
  // Whatever the page sent has arrived (and a navigate action is applied as it arrives).
  await flush(page);
  expect(await navigateActions(page)).toEqual(['/orders', '/products']);
  expect(await dashboard(page).evaluate(() => document.documentElement.dataset.page)).toBe('/products');
  expect(await param(page, 'dash')).toBe('/products');
  expect(await historyLength(page)).toBe(length + 2);
});

it('reload returns to the same page inside the embed, adding no entry; back then steps through the earlier pages', async () => {
  const { demo, page } = suite;
  demo.addPage('/one.html', hostPage(ONE));
  await openPrevious(page);
  await open(page, '/one.html');
  const length = await historyLength(page);
  await clickTab(page, '/orders');
  await clickTab(page, '/products');
  const nonce = await hostNonce(page);

  await page.reload();
  await waitForLoaded(page, 'a');
  expect(await hostNonce(page)).not.toBe(nonce);
  await waitForPage(page, '/products');
  const views = await page.evaluate(() => (window as any).__events.a.filter((event: any) => event.type === 'view').map((event: any) => event.payload.path));
  expect(views.at(-1)).toBe('/products');
  expect(await navigateActions(page)).toEqual(['/products']);
  expect(await param(page, 'dash')).toBe('/products');
  expect(await historyLength(page)).toBe(length + 2);

  // The entries before the reload belong to the old document: each back may load the page anew.
  await page.back();
  await waitForLoaded(page, 'a');
  await waitForPage(page, '/orders');
  await page.back();
  await waitForLoaded(page, 'a');
  await waitForPage(page, '/overview');
  expect(await page.url()).toBe(`${demo.hostUrl}/one.html`);
  expect(await historyLength(page)).toBe(length + 2);
  await page.back();
  expect(await page.url()).toBe(`${demo.hostUrl}${PREVIOUS}`);
});

// A crafted link: a scheme, a protocol-relative URL, a control character (`%0a`), a backslash, and
// one character over the 2,048 the protocol allows.
const CRAFTED: [label: string, raw: string, decoded: string][] = [
  ['https://evil.example/x', 'https://evil.example/x', 'https://evil.example/x'],
  ['//evil', '//evil', '//evil'],
  ['/%0a', '/%0a', '/\n'],
  ['/%5Cevil', '/%5Cevil', '/\\evil'],
  ['2,049 characters', `/${'a'.repeat(2048)}`, `/${'a'.repeat(2048)}`],
];

it.each(CRAFTED)('a crafted ?dash=%s never produces a navigate action, is logged, and is removed from the URL', async (_label, raw, decoded) => {
  const { demo, browser } = suite;
  demo.addPage('/one.html', hostPage(ONE));
  // A tab of its own, so that its history has no entries ahead to hide one more.
  const page = await browser.newPage();
  await openPrevious(page);
  const length = await historyLength(page);
  await open(page, `/one.html?keep=1&dash=${raw}#top`);
  expect(await param(page, 'dash')).toBeNull();
  expect(await page.url()).toBe(`${demo.hostUrl}/one.html?keep=1#top`);
  // Removed in place (replaceState): the page is one entry, as a link without the parameter.
  expect(await historyLength(page)).toBe(length + 1);
  await waitForPage(page, '/overview');
  await flush(page);
  expect(await navigateActions(page)).toEqual([]);
  // Logged in debug mode (the value as it came, or JSON-escaped).
  const debug: string[] = await page.evaluate(() => (window as any).__debug);
  const start = decoded.slice(0, 40);
  expect(debug.filter((line) => line.includes(start) || line.includes(JSON.stringify(start).slice(1, -1)))).not.toEqual([]);
  await page.close();
});

it('two embeds with two parameters stay independent, through clicks, back and a shared link', async () => {
  const { demo, page, browser } = suite;
  demo.addPage('/two.html', hostPage(TWO));
  await open(page, '/two.html', ['a', 'b']);
  // B asking for A's parameter was refused.
  expect(await page.evaluate(() => (window as any).__sameParam)).toBe('invalid-option');
  const length = await historyLength(page);
  await clickTab(page, '/orders', { key: 'a', param: 'a' });
  await clickTab(page, '/queue', { key: 'b', param: 'b' });
  expect(await page.url()).toBe(`${demo.hostUrl}/two.html?a=/orders&b=/queue`);
  expect(await historyLength(page)).toBe(length + 2);

  // Back undoes B's click only, then A's.
  await page.back();
  await waitForPage(page, '/overview', 'b');
  expect(await param(page, 'a')).toBe('/orders');
  await waitForPage(page, '/orders', 'a');
  await page.back();
  await waitForPage(page, '/overview', 'a');
  expect(await page.url()).toBe(`${demo.hostUrl}/two.html`);
  await flush(page, 'a');
  await flush(page, 'b');
  expect(await navigateActions(page, 'a')).toEqual(['/overview']);
  expect(await navigateActions(page, 'b')).toEqual(['/overview']);
  expect(await historyLength(page)).toBe(length + 2);

  // The link with both, opened in a new tab: each embed where its parameter says.
  const tab = await browser.newPage();
  await open(tab, '/two.html?b=/queue&a=/products', ['a', 'b']);
  await waitForPage(tab, '/products', 'a');
  await waitForPage(tab, '/queue', 'b');
  expect(await tab.url()).toBe(`${demo.hostUrl}/two.html?b=/queue&a=/products`);
  await tab.close();
});

it('the element with sync-url: a click writes the parameter, reload and a copied link land there, back returns', async () => {
  const { demo, page, browser } = suite;
  demo.addPage('/element-deep.html', `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Deep links, element</title>
<script src="/vendor/svc-embed-element.min.js"></script>
<script>window.__events = { a: [] }; for (const type of ['svc-dashboard-loaded', 'svc-view', 'svc-navigate']) document.addEventListener(type, (event) => window.__events.a.push({ type: type.slice(4), payload: event.detail }));</script>
</head><body>
<svc-embed sync-url="dash" base-url="${demo.serviceUrl}" public-id="sales-overview" session-endpoint="/api/embed-session" style="display: block; height: 480px"></svc-embed>
</body></html>`);
  const frame = (target: PageDriver) => target.frame('svc-embed iframe');
  const waitForElementPage = (target: PageDriver, path: string) =>
    frame(target).waitFor((path) => document.documentElement.dataset.page === path, path, { timeout: 20_000 });
  await open(page, '/element-deep.html');
  const length = await historyLength(page);
  await frame(page).userClick('[role="tab"][data-path="/orders"]');
  await waitForParam(page, 'dash', '/orders');
  expect(await historyLength(page)).toBe(length + 1);

  await page.reload();
  await waitForLoaded(page, 'a');
  await waitForElementPage(page, '/orders');
  expect(await page.evaluate(() => document.querySelector('svc-embed')?.getAttribute('sync-url'))).toBe('dash');

  const tab = await browser.newPage();
  await open(tab, '/element-deep.html?dash=/products');
  await waitForElementPage(tab, '/products');
  await tab.close();

  await page.back();
  await waitForLoaded(page, 'a');
  await waitForElementPage(page, '/overview');
  expect(await param(page, 'dash')).toBeNull();
});

it("the demo's pages keep Embed A's place in ?dash=: a copied link opens there in a new tab, and after logout and start again", async () => {
  const { demo, browser } = suite;
  const waitForDemoPage = (target: PageDriver, selector: string, path: string) =>
    target.frame(selector).waitFor((path) => document.documentElement.dataset.page === path, path, { timeout: 20_000 });
  for (const [path, selector] of [['/', 'iframe[data-embed="a"]'], ['/element.html', 'svc-embed iframe'], ['/react.html', 'iframe[data-embed="a"]']] as const) {
    const tab = await browser.newPage();
    await tab.goto(`${demo.hostUrl}${path}?dash=/products`);
    await waitForDemoPage(tab, selector, '/products');
    expect(await param(tab, 'dash')).toBe('/products');
    if (path === '/') {
      // Logout stops the sync (and frees `dash`): the restarted Embed A takes it again.
      await tab.frame(selector).userClick('[role="tab"][data-path="/orders"]');
      await waitForParam(tab, 'dash', '/orders');
      await tab.click('#session-panel [data-action="logout"]');
      await tab.waitForSelector('iframe', { state: 'detached' });
      await tab.click('#session-panel [data-action="restart"]');
      await waitForDemoPage(tab, selector, '/orders');
    }
    await tab.close();
  }
});
