// Keep-alive (issue 42): an SPA goes reports → settings → reports. With keepAlive('reports') the
// return adopts the parked embed: 1 mint and 1 iframe load for the whole visit, ready at once, and
// the dashboard's own state (a filter chosen in it, a value its page holds) kept. Twice: with the
// engine's moveBefore (Chromium 133+, Firefox 153 here), and with moveBefore taken away before the
// SDK runs, the slot laid over the container that WebKit gets (WebKitGTK has no moveBefore: there the
// first case gets the slot too). Everything waits for conditions.
import { expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { dashboardLoaded } from './readme-pages.js';
import { useSuite } from './harness.js';

const suite = useSuite();
const page = () => suite.page;

/**
 * A two-route app: `show('reports')` mounts the dashboard in a fresh container, `show('settings')`
 * unmounts it (`destroy()`, then the container removed, as a framework does). `__loads` counts the
 * iframe's `load` events; `__overlay`: the page took moveBefore away before the SDK loaded.
 */
function keepPage(serviceUrl: string, overlay: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Keep-alive</title>
<style>body { margin: 0 } #reports { height: 500px; margin-top: 120px } .tail { height: 2000px }</style>
${overlay ? '<script>delete Element.prototype.moveBefore; window.__overlay = true;</script>' : ''}
<script type="importmap">
{ "imports": {
  "@svc-embed/host": "/vendor/host/index.js",
  "#dev-mode": "/vendor/host/dev-mode.development.js",
  "@svc-embed/protocol": "/vendor/protocol/index.js",
  "@svc-embed/protocol/session-endpoint": "/vendor/protocol/session-endpoint.js",
  "nanoevents": "/vendor/nanoevents/index.js",
  "zod/mini": "/vendor/zod/mini/index.js"
} }
</script></head><body>
<nav><button id="to-reports">Reports</button><button id="to-settings">Settings</button></nav>
<main id="route"></main>
<div class="tail"></div>
<script type="module">
import { createEmbed, createSessionLedger, keepAlive, recordTimings } from '@svc-embed/host';
const ledger = createSessionLedger();
const reports = keepAlive('reports');
window.__loads = 0;
window.show = (route) => {
  const root = document.getElementById('route');
  window.__embed?.destroy();
  root.replaceChildren();
  window.__embed = undefined;
  if (route !== 'reports') return void (root.textContent = 'Settings');
  const box = document.createElement('div');
  box.id = 'reports';
  root.append(box);
  const embed = createEmbed({ baseUrl: ${JSON.stringify(serviceUrl)}, publicId: 'sales-overview', container: box, sessionEndpoint: '/api/embed-session', ledger, keepAlive: reports, timings: recordTimings() });
  if (!embed.iframe.__counted) {
    embed.iframe.__counted = true;
    // A dashboard's load: not the blank page Chromium commits when a src-less iframe goes in the page.
    embed.iframe.addEventListener('load', () => { if (embed.iframe.getAttribute('src')) window.__loads++; });
  }
  window.__embed = embed;
  return { state: embed.state, adopted: embed.timings.adopted ?? null };
};
window.__first = window.show('reports');
window.__ledger = ledger;
</script>
</body></html>`;
}

/** The embed's iframe: where it is, and what it tells assistive technology and the tab order. */
const iframeReport = (target: PageDriver) =>
  target.evaluate(() => {
    const frames = [...document.querySelectorAll('iframe')];
    const frame = frames[0];
    const slot = frame?.closest('[data-svc-embed-kept]') as HTMLElement | null;
    return {
      count: frames.length,
      inContainer: frame?.parentElement?.id === 'reports',
      inSlot: slot !== null,
      slotHidden: slot ? getComputedStyle(slot).visibility === 'hidden' : false,
      inert: frame?.hasAttribute('inert') ?? false,
      ariaHidden: frame?.getAttribute('aria-hidden') ?? null,
      tabIndex: frame?.tabIndex ?? null,
    };
  });

/** Goes reports → settings → reports on a fresh page; returns what each step saw. */
async function visitAndReturn(overlay: boolean) {
  const { demo } = suite;
  const path = overlay ? '/keep-overlay.html' : '/keep-move.html';
  demo.addPage(path, keepPage(demo.serviceUrl, overlay));
  const before = demo.backend.minted.length;
  await page().goto(`${demo.hostUrl}${path}`);
  await page().waitFor(() => (window as any).__embed?.state === 'ready', undefined, { timeout: 20_000 });
  // The iframe is in its container where the engine has moveBefore, else (WebKit, or taken away) in its slot over the container.
  const moves = await page().evaluate(() => typeof (Element.prototype as any).moveBefore === 'function');
  const where = moves ? '#reports iframe' : '[data-svc-embed-kept] iframe';
  const frame = page().frame(where);
  await dashboardLoaded(frame);
  // State that lives in the dashboard only: a filter chosen there, a value of its page.
  await page().evaluate(() => (window as any).__embed.setFilter('orders', 'status', 'completed'));
  await frame.waitForSelector('select[data-filter="orders.status"] option[value="completed"]:checked');
  await frame.evaluate(() => void ((window as any).__keptMark = 'still here'));

  await page().evaluate(() => (window as any).show('settings'));
  const parked = await iframeReport(page());
  const returned = await page().evaluate(() => (window as any).show('reports'));
  const frameAgain = page().frame(where);
  await frameAgain.waitForSelector('select[data-filter="orders.status"] option[value="completed"]:checked');
  return {
    parked,
    returned,
    shown: await iframeReport(page()),
    mark: await frameAgain.evaluate(() => (window as any).__keptMark ?? null),
    loads: await page().evaluate(() => (window as any).__loads),
    minted: demo.backend.minted.length - before,
    moveBefore: moves,
  };
}

it('moveBefore where the engine has it: the return visit adopts the parked embed: 1 mint, 1 load, ready at once, the dashboard\'s state kept', async () => {
  const seen = await visitAndReturn(false);
  expect(seen.moveBefore).toBe(page().engine !== 'webkit');
  // Parked: hidden in its slot, out of the tab order and of the accessibility tree.
  expect(seen.parked).toEqual({ count: 1, inContainer: false, inSlot: true, slotHidden: true, inert: true, ariaHidden: 'true', tabIndex: -1 });
  expect(seen.returned).toEqual({ state: 'ready', adopted: 'parked' });
  expect(seen.shown).toMatchObject({ count: 1, inert: false, ariaHidden: null });
  expect(seen.shown.inContainer).toBe(seen.moveBefore);
  expect(seen.mark).toBe('still here');
  expect(seen.loads).toBe(1);
  expect(seen.minted).toBe(1);
});

it('without moveBefore (what WebKit gets): the slot lies over the container and follows its scroll; the return keeps everything too', async () => {
  const seen = await visitAndReturn(true);
  expect(seen.moveBefore).toBe(false);
  expect(seen.parked).toMatchObject({ count: 1, inSlot: true, slotHidden: true, inert: true, ariaHidden: 'true', tabIndex: -1 });
  expect(seen.returned).toEqual({ state: 'ready', adopted: 'parked' });
  expect(seen.shown).toMatchObject({ count: 1, inContainer: false, inSlot: true, slotHidden: false, inert: false });
  expect(seen.mark).toBe('still here');
  expect(seen.loads).toBe(1);
  expect(seen.minted).toBe(1);
  const boxes = () => page().evaluate(() => {
    const box = document.getElementById('reports')!.getBoundingClientRect();
    const slot = document.querySelector('[data-svc-embed-kept]')!.getBoundingClientRect();
    return [box.top, box.left, box.width, box.height, slot.top, slot.left, slot.width, slot.height].map(Math.round);
  });
  const [top, left, width, height, ...slot] = await boxes();
  expect(slot).toEqual([top, left, width, height]);
  await page().evaluate(() => window.scrollBy(0, 300));
  await page().waitFor(() => Math.round(document.querySelector('[data-svc-embed-kept]')!.getBoundingClientRect().top) === Math.round(document.getElementById('reports')!.getBoundingClientRect().top));
  const scrolled = await boxes();
  expect(scrolled[0]).toBe(top! - 300);
  expect(scrolled.slice(4)).toEqual(scrolled.slice(0, 4));
});

it('sign-out with a parked embed revokes its id and leaves no iframe and no slot', async () => {
  const { demo } = suite;
  demo.addPage('/keep-logout.html', keepPage(demo.serviceUrl, false));
  const before = demo.backend.minted.length;
  await page().goto(`${demo.hostUrl}/keep-logout.html`);
  await page().waitFor(() => (window as any).__embed?.state === 'ready', undefined, { timeout: 20_000 });
  await page().evaluate(() => (window as any).show('settings'));
  const result = await page().evaluate(() => (window as any).__ledger.logout());
  expect(result.complete).toBe(true);
  expect(await page().evaluate(() => document.querySelectorAll('iframe, [data-svc-embed-kept]').length)).toBe(0);
  const ids = demo.backend.minted.slice(before).map((entry) => entry.sessionId);
  expect(ids).toHaveLength(1);
  expect(demo.emulator.state.describe(ids[0]!)?.status).toBe('revoked');
});
