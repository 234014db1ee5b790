// Lazy embeds and visible phases (issue 22, items 3 and 4), in the three engines: a page of 12 lazy
// embeds mints only for the ones near the viewport; one scrolled into view after the service's clock
// has moved past an id's 5-minute life gets a fresh id and becomes ready; `state` goes through its
// phases in order, and reaches `failed` with `ready-timeout` when the tenant never answers; the
// element's `state` attribute follows, with `lazy` in markup. Everything waits for conditions.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { useSuite } from './harness.js';

/** The service's clock: the wall clock plus what the tests moved it on by. */
let clockOffsetMs = 0;
const clock = { now: () => Date.now() + clockOffsetMs };

// Sessions of an hour, so that moving the clock 6 minutes on ages the unredeemed ids (5 minutes) but
// not the dashboards already loaded.
const suite = useSuite({ clock, sessionLifetimeMs: 60 * 60_000 });

/** Each embed's box is 400px high with 300px below it: with a viewport 500 to 1200px high, the first two come within the 200px margin at load, and no other. */
const LAYOUT = 'body { margin: 0 } .slot { height: 400px; margin-bottom: 300px } svc-embed { height: 400px; margin-bottom: 300px } .tail { height: 2000px }';

/**
 * In the page: `__log[key]`, the states an embed went through as the page saw them (the state when
 * `createEmbed` returned, then each `state` notification: `{ state, previous, code }`), and
 * `__embeds[key]`, the embed.
 */
const RECORDER = `<script>
window.__embeds = {};
window.__log = {};
window.__record = (key, embed) => {
  window.__embeds[key] = embed;
  window.__log[key] = [{ state: embed.state }];
  embed.on('state', ({ state, previous, error }) => window.__log[key].push({ state, previous, code: error ? error.code : undefined }));
  embed.ready.catch((error) => { window.__log[key].readyError = error.code; });
  return embed;
};
</script>`;

const page = () => suite.page;

/** The states an embed went through, in order. */
const statesOf = (target: PageDriver, key: string): Promise<string[]> =>
  target.evaluate((key) => ((window as any).__log[key] ?? []).map((entry: any) => entry.state), key);

/** Waits until the embed `key` is in `state`. */
const waitForState = (target: PageDriver, key: string, state: string, timeout = 20_000) =>
  target.waitFor(([key, state]) => (window as any).__embeds[key]?.state === state, [key, state] as const, { timeout });

/** The session id in the embed's iframe URL, or null while it has none. */
const sessionIdOf = (target: PageDriver, key: string): Promise<string | null> =>
  target.evaluate((key) => {
    const src = (window as any).__embeds[key].iframe.getAttribute('src');
    return src ? new URL(src).searchParams.get('session') : null;
  }, key);

/** How many of the page's `selector` boxes lie within `margin` px of the viewport now. */
const nearViewport = (target: PageDriver, selector: string, margin = 200): Promise<number> =>
  target.evaluate(([selector, margin]) => [...document.querySelectorAll(selector)].filter((box) => {
    const rect = box.getBoundingClientRect();
    return rect.bottom > -margin && rect.top < innerHeight + margin;
  }).length, [selector, margin] as const);

/** Serves the page of 12 lazy embeds (the script file, the session endpoint) and opens it. */
async function openLazyPage(): Promise<void> {
  const { demo } = suite;
  const slots = Array.from({ length: 12 }, (_, i) => `<div class="slot" id="e${i}"></div>`).join('\n');
  demo.addPage('/lazy.html', `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Twelve lazy embeds</title><style>${LAYOUT}</style>
<script src="/vendor/svc-embed.min.js"></script>${RECORDER}</head><body>
${slots}
<div class="tail"></div>
<script>
for (let i = 0; i < 12; i++)
  window.__record('e' + i, SvcEmbed.createEmbed({ baseUrl: ${JSON.stringify(demo.serviceUrl)}, publicId: 'sales-overview', container: '#e' + i, sessionEndpoint: '/api/embed-session', lazy: SvcEmbed.whenVisible(), timings: SvcEmbed.recordTimings() }));
</script>
</body></html>`);
  await page().goto(`${demo.hostUrl}/lazy.html`);
  // The layout this test relies on, in this engine's viewport.
  expect(await nearViewport(page(), '.slot')).toBe(2);
}

const LAZY_KEYS = Array.from({ length: 12 }, (_, i) => `e${i}`);

it('a page of 12 lazy embeds, 2 of them near the viewport, mints 2 ids; the others wait with no URL', async () => {
  const { demo } = suite;
  const before = demo.backend.minted.length;
  await openLazyPage();
  for (const key of ['e0', 'e1']) await waitForState(page(), key, 'ready');
  // Two rendering frames more, so that any observer that were going to fire has fired.
  await page().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  const minted = demo.backend.minted.slice(before).map((entry) => entry.sessionId);
  expect(minted).toHaveLength(2);
  expect(new Set([await sessionIdOf(page(), 'e0'), await sessionIdOf(page(), 'e1')])).toEqual(new Set(minted));
  const others = await page().evaluate((keys) => keys.map((key) => {
    const embed = (window as any).__embeds[key];
    return { state: embed.state, src: embed.iframe.getAttribute('src'), mintStarted: embed.timings.mintStarted ?? null };
  }), LAZY_KEYS.slice(2));
  expect(others).toEqual(LAZY_KEYS.slice(2).map(() => ({ state: 'waiting', src: null, mintStarted: null })));
  // A visible lazy embed goes through every phase, each one a notification.
  expect(await statesOf(page(), 'e0')).toEqual(['waiting', 'minting', 'loading', 'ready']);
});

it('an embed first scrolled into view after the clock moved past 5 minutes gets a fresh id and becomes ready', async () => {
  const { demo } = suite;
  const before = demo.backend.minted.length;
  await openLazyPage();
  for (const key of ['e0', 'e1']) await waitForState(page(), key, 'ready');
  // An id minted at page load, as an eager embed below the fold would have had.
  const loadTime = await demo.backend.mint('load-time');
  expect(loadTime.status).toBe(200);
  const loadTimeId: string = loadTime.body.sessionId;

  clockOffsetMs += 6 * 60_000;
  const movedAt = clock.now();
  // Six minutes on, that id is dead: an embed that had been given it would fail now.
  expect(demo.emulator.state.describe(loadTimeId)?.status).toBe('expired');
  const mintedBeforeScroll = demo.backend.minted.length;
  expect(mintedBeforeScroll).toBe(before + 3);

  await page().evaluate(() => document.getElementById('e11')!.scrollIntoView());
  await waitForState(page(), 'e11', 'ready');
  expect(await statesOf(page(), 'e11')).toEqual(['waiting', 'minting', 'loading', 'ready']);

  const sessionId = await sessionIdOf(page(), 'e11');
  expect(demo.backend.minted.slice(mintedBeforeScroll).map((entry) => entry.sessionId)).toContain(sessionId);
  const record = demo.emulator.state.describe(sessionId!);
  expect(record?.status).toBe('redeemed');
  // Minted when it was used, after the clock moved, and redeemed within its life.
  expect(record!.mintedAt).toBeGreaterThanOrEqual(movedAt);
  expect(record!.redeemedAt).toBeLessThan(record!.idExpiresAt);
  // Only the embeds that left `waiting` minted.
  const started = await page().evaluate((keys) => keys.filter((key) => (window as any).__embeds[key].state !== 'waiting'), LAZY_KEYS);
  expect(started).toContain('e11');
  expect(demo.backend.minted.length - mintedBeforeScroll).toBe(started.length - 2);
});

/** A tenant that accepts connections and never answers; closed after the file. */
const silentResponses: ServerResponse[] = [];
const silentTenant = createServer((_request, response) => void silentResponses.push(response));
afterAll(async () => {
  for (const response of silentResponses) response.destroy();
  const closed = new Promise((resolve) => silentTenant.close(resolve));
  silentTenant.closeAllConnections();
  await closed;
});

/** A loopback port where nothing listens (one just given back by the system). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

it('state goes minting, loading, ready in order; and failed with ready-timeout when the tenant never answers (frame-silent for Chromium\'s error page)', async () => {
  const { demo } = suite;
  await new Promise<void>((resolve) => silentTenant.listen(0, '127.0.0.1', resolve));
  const silentUrl = `http://127.0.0.1:${(silentTenant.address() as AddressInfo).port}`;
  const deadUrl = `http://127.0.0.1:${await deadPort()}`;
  demo.addPage('/states.html', `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Embed states</title><style>${LAYOUT}</style>
<script src="/vendor/svc-embed.min.js"></script>${RECORDER}</head><body></body></html>`);
  await page().goto(`${demo.hostUrl}/states.html`);

  const embeds = { signed: demo.serviceUrl, silent: silentUrl, dead: deadUrl };
  await page().evaluate((embeds) => {
    for (const [key, baseUrl] of Object.entries(embeds)) {
      const box = document.createElement('div');
      box.className = 'slot';
      document.body.append(box);
      (window as any).__record(key, (window as any).SvcEmbed.createEmbed({
        baseUrl, publicId: 'sales-overview', container: box, sessionEndpoint: '/api/embed-session', ...(key === 'signed' ? { timings: (window as any).SvcEmbed.recordTimings() } : { readyTimeoutMs: 3000 }),
      }));
    }
  }, embeds);

  await waitForState(page(), 'signed', 'ready');
  const signed = await page().evaluate(() => ({ log: (window as any).__log.signed, timings: (window as any).__embeds.signed.timings }));
  // An eager embed is minting when createEmbed returns; every later change is a notification.
  expect(signed.log).toEqual([
    { state: 'minting' },
    { state: 'loading', previous: 'minting' },
    { state: 'ready', previous: 'loading' },
  ]);
  const moments = ['created', 'mintStarted', 'minted', 'srcSet', 'ready'].map((name) => signed.timings[name]);
  expect(moments.every((value) => typeof value === 'number')).toBe(true);
  expect(moments).toEqual([...moments].sort((a, b) => a - b));

  // A tenant that never answers leaves the iframe loading: ready-timeout. One that refuses the
  // connection does too, except in Chromium, which loads its own error page in the iframe: a page
  // loaded and sent no ready, frame-silent (issue 30).
  for (const key of ['silent', 'dead']) {
    const code = key === 'dead' && page().engine === 'chromium' ? 'frame-silent' : 'ready-timeout';
    await waitForState(page(), key, 'failed');
    await page().waitFor((key) => (window as any).__log[key].readyError !== undefined, key);
    const log = await page().evaluate((key) => ({ entries: [...(window as any).__log[key]], readyError: (window as any).__log[key].readyError }), key);
    expect(log.entries, key).toEqual([
      { state: 'minting' },
      { state: 'loading', previous: 'minting' },
      { state: 'failed', previous: 'loading', code },
    ]);
    expect(log.readyError, key).toBe(code);
  }
  // The silent tenant was asked (the iframe's URL was set) and never answered.
  expect(silentResponses.length).toBeGreaterThan(0);
});

it('<svc-embed> reflects its state as an attribute, lazy from markup included, with CSS alone for the message', async () => {
  const { demo } = suite;
  const attributes = `base-url="${demo.serviceUrl}" public-id="sales-overview"`;
  demo.addPage('/element-states.html', `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Element states</title>
<style>${LAYOUT} svc-embed[state="failed"]::before { content: "The dashboard failed to load" }</style>
<script src="/vendor/svc-embed-element.min.js"></script></head><body>
<script>
// Every value each element's state attribute took, in order (the old values, then the current one).
window.__old = {};
new MutationObserver((records) => {
  for (const record of records) (window.__old[record.target.id] ??= []).push(record.oldValue);
}).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['state'], attributeOldValue: true });
window.__states = (id) => [...(window.__old[id] ?? []).slice(1), document.getElementById(id).getAttribute('state')];
</script>
<svc-embed id="eager" ${attributes} session-endpoint="/api/embed-session"></svc-embed>
<svc-embed id="broken" ${attributes} session-endpoint="/api/no-such-endpoint"></svc-embed>
<svc-embed id="far" lazy ${attributes} session-endpoint="/api/embed-session"></svc-embed>
<div class="tail"></div>
</body></html>`);
  const before = demo.backend.minted.length;
  await page().goto(`${demo.hostUrl}/element-states.html`);
  expect(await nearViewport(page(), 'svc-embed')).toBe(2);
  const states = (id: string) => page().evaluate((id) => (window as any).__states(id) as (string | null)[], id);
  const waitForAttribute = (id: string, state: string, timeout = 20_000) =>
    page().waitFor(([id, state]) => document.getElementById(id)!.getAttribute('state') === state, [id, state] as const, { timeout });

  await waitForAttribute('eager', 'ready');
  expect(await states('eager')).toEqual(['minting', 'loading', 'ready']);
  // Its endpoint answers 404: four attempts with their back-off, then failed, and the CSS message shows.
  await waitForAttribute('broken', 'failed');
  expect(await states('broken')).toEqual(['minting', 'failed']);
  expect(await page().evaluate(() => getComputedStyle(document.getElementById('broken')!, '::before').content)).toBe('"The dashboard failed to load"');
  // The lazy one, below the fold, waits: nothing minted for it, no URL.
  expect(await states('far')).toEqual(['waiting']);
  expect(await page().evaluate(() => document.querySelector('#far iframe')?.getAttribute('src') ?? null)).toBeNull();
  expect(demo.backend.minted.length - before).toBe(1);

  await page().evaluate(() => document.getElementById('far')!.scrollIntoView());
  await waitForAttribute('far', 'ready');
  expect(await states('far')).toEqual(['waiting', 'minting', 'loading', 'ready']);
  expect(demo.backend.minted.length - before).toBe(2);
  expect(await page().evaluate(() => getComputedStyle(document.getElementById('far')!, '::before').content)).toBe('none');
});
