// <svc-embed keep-alive> in a real browser (issue 42), from the script file
// svc-embed-element-keep-alive.js: a route swaps the element out (a new element in, as a framework
// does) and back. The element's iframe lives in a slot at the end of <body> laid over the element in
// every engine (the element is removed before it can move anything, so moveBefore is no help), so
// removing the element parks the embed and the next element with the key adopts it: 1 mint, 1
// dashboard load, the dashboard's own state kept. The sign-out ends a parked element's embed.
import { expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { dashboardLoaded } from './readme-pages.js';
import { useSuite } from './harness.js';
import { until } from './keep-alive-pages.js';

const suite = useSuite();
const page = () => suite.page;

/**
 * A two-route page in markup's way: `show('reports')` puts a new `<svc-embed keep-alive="reports">`
 * in the route (the old content removed), `show('settings')` replaces it with text. `__loads`
 * counts every dashboard load in the page (captured at the document, the slot's iframe included).
 */
function elementPage(serviceUrl: string, ledgers: 'shared' | 'own' = 'shared'): string {
  const attributes = JSON.stringify({ 'base-url': serviceUrl, 'public-id': 'sales-overview', 'session-endpoint': '/api/embed-session', 'keep-alive': 'reports' });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Keep-alive element</title>
<style>body { margin: 0 } svc-embed { height: 500px; margin-top: 120px } .tail { height: 2000px }</style>
<script src="/vendor/svc-embed-element-keep-alive.js"></script>
</head><body>
<button id="before">Before</button>
<main id="route"></main>
<button id="after">After</button>
<div class="tail"></div>
<script>
const ledger = SvcEmbed.createSessionLedger();
window.__ledger = ledger;
window.__loads = 0;
window.__readies = [];
// A copy of each detail: the adopter's svc-ready carries the very payload the first load's did, and
// Firefox's driver sends back an array holding one object twice with the second as undefined.
document.addEventListener('svc-ready', (event) => window.__readies.push(structuredClone(event.detail)));
document.addEventListener('load', (event) => {
  if (event.target instanceof HTMLIFrameElement && event.target.getAttribute('src')) window.__loads++;
}, true);
window.show = (route, key = 'reports') => {
  const root = document.getElementById('route');
  window.__element = undefined;
  if (route !== 'reports') return void root.replaceChildren('Settings');
  const element = document.createElement('svc-embed');
  for (const [name, value] of Object.entries(${attributes})) element.setAttribute(name, value);
  element.setAttribute('keep-alive', key);
  if (${JSON.stringify(ledgers)} === 'shared') element.ledger = ledger;
  // What an app that shows a spinner until svc-ready listens for: each element's svc-ready details.
  element.__ready = [];
  element.addEventListener('svc-ready', (event) => element.__ready.push(event.detail));
  root.replaceChildren(element);
  window.__element = element;
};
window.show('reports');
</script>
</body></html>`;
}

/** The page's iframes: where the first is, and what it tells layout, assistive technology and the tab order. */
const iframeReport = (target: PageDriver) =>
  target.evaluate(() => {
    const frames = [...document.querySelectorAll('iframe')];
    const frame = frames[0];
    const slot = frame?.closest('[data-svc-embed-kept]') as HTMLElement | null;
    return {
      count: frames.length,
      inElement: frame?.closest('svc-embed') !== null,
      inSlot: slot !== null,
      slotHidden: slot ? getComputedStyle(slot).visibility === 'hidden' : false,
      inert: frame?.hasAttribute('inert') ?? false,
      ariaHidden: frame?.getAttribute('aria-hidden') ?? null,
      tabIndex: frame?.tabIndex ?? null,
    };
  });

/** The element's box and its slot's, rounded. */
const boxes = (target: PageDriver) =>
  target.evaluate(() => {
    const element = document.querySelector('svc-embed')!.getBoundingClientRect();
    const slot = document.querySelector('[data-svc-embed-kept]')!.getBoundingClientRect();
    return { element: [element.top, element.left, element.width, element.height].map(Math.round), slot: [slot.top, slot.left, slot.width, slot.height].map(Math.round) };
  });

/** Opens a fresh element page and waits for its embed to be ready; returns the ids minted before it. */
async function open(path: string, ledgers: 'shared' | 'own' = 'shared'): Promise<number> {
  const { demo } = suite;
  demo.addPage(path, elementPage(demo.serviceUrl, ledgers));
  const before = demo.backend.minted.length;
  await page().goto(`${demo.hostUrl}${path}`);
  await page().waitFor(() => (window as any).__element?.embed?.state === 'ready', undefined, { timeout: 20_000 });
  return before;
}

it('a route swaps <svc-embed keep-alive> out and a new one in: the new element adopts the parked embed: 1 mint, 1 load, ready at once, the dashboard\'s state kept', async () => {
  const { demo } = suite;
  const before = await open('/keep-element.html');
  const frame = page().frame('[data-svc-embed-kept] iframe');
  await dashboardLoaded(frame);
  const shownFirst = await iframeReport(page());
  expect(shownFirst).toMatchObject({ count: 1, inElement: false, inSlot: true, slotHidden: false, inert: false });
  const first = await boxes(page());
  expect(first.slot).toEqual(first.element);
  // State that lives in the dashboard only: a filter chosen there, a value of its page.
  await page().evaluate(() => (window as any).__element.setFilter('orders', 'status', 'completed'));
  await frame.waitForSelector('select[data-filter="orders.status"] option[value="completed"]:checked');
  await frame.evaluate(() => void ((window as any).__keptMark = 'still here'));

  await page().evaluate(() => (window as any).show('settings'));
  // The removed element's embed parks in the next task: hidden in its slot, inert, out of the tab order.
  await page().waitFor(() => document.querySelector('iframe')?.hasAttribute('inert') === true);
  expect(await iframeReport(page())).toEqual({ count: 1, inElement: false, inSlot: true, slotHidden: true, inert: true, ariaHidden: 'true', tabIndex: -1 });

  const firstReady = await page().evaluate(() => (window as any).__readies);
  expect(firstReady).toHaveLength(1);
  const returned = await page().evaluate(async () => {
    (window as any).show('reports');
    // The element makes (here: adopts) its embed in the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const embed = (window as any).__element.embed;
    return { state: embed?.state ?? null, adopted: embed?.timings?.adopted ?? null, attribute: (window as any).__element.getAttribute('state') };
  });
  expect(returned).toEqual({ state: 'ready', adopted: 'parked', attribute: 'ready' });
  // The adopter dispatches svc-ready (a task after it adopts), once, with the ready payload the first load had.
  await page().waitFor(() => (window as any).__element.__ready.length > 0);
  await page().evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const adoptedReady = await page().evaluate(() => (window as any).__element.__ready);
  expect(adoptedReady).toHaveLength(1);
  expect(adoptedReady[0]).toMatchObject({ mode: 'signed', surface: 'dashboard', publicId: 'sales-overview' });
  expect(await page().evaluate(() => (window as any).__readies)).toEqual([firstReady[0], firstReady[0]]);
  const frameAgain = page().frame('[data-svc-embed-kept] iframe');
  await frameAgain.waitForSelector('select[data-filter="orders.status"] option[value="completed"]:checked');
  expect(await frameAgain.evaluate(() => (window as any).__keptMark ?? null)).toBe('still here');
  expect(await iframeReport(page())).toMatchObject({ count: 1, inElement: false, inSlot: true, slotHidden: false, inert: false, ariaHidden: null });
  const again = await boxes(page());
  expect(again.slot).toEqual(again.element);
  // The slot follows the new element's box through a scroll.
  await page().evaluate(() => window.scrollBy(0, 300));
  await page().waitFor(() => Math.round(document.querySelector('[data-svc-embed-kept]')!.getBoundingClientRect().top) === Math.round(document.querySelector('svc-embed')!.getBoundingClientRect().top));
  expect(await page().evaluate(() => (window as any).__loads)).toBe(1);
  expect(demo.backend.minted.length - before).toBe(1);
});

it('sign-out with a parked element revokes its id at the service and leaves no iframe and no slot', async () => {
  const { demo } = suite;
  const before = await open('/keep-element-logout.html');
  await page().evaluate(() => (window as any).show('settings'));
  await page().waitFor(() => document.querySelector('iframe')?.hasAttribute('inert') === true);
  const result = await page().evaluate(() => (window as any).__ledger.logout());
  expect(result.complete).toBe(true);
  expect(await page().evaluate(() => document.querySelectorAll('iframe, [data-svc-embed-kept]').length)).toBe(0);
  const ids = demo.backend.minted.slice(before).map((entry) => entry.sessionId);
  expect(ids).toHaveLength(1);
  await until('the parked element\'s id revoked at the service', () => demo.emulator.state.describe(ids[0]!)?.status === 'revoked');
});

it('elements with ledgers of their own: another element\'s logout() in the same tab reaches the parked one through the endpoint\'s channel: its id revoked, its iframe gone', async () => {
  const { demo } = suite;
  const before = await open('/keep-element-own-ledgers.html', 'own');
  await page().evaluate(() => (window as any).show('settings'));
  await page().waitFor(() => document.querySelector('iframe')?.hasAttribute('inert') === true);
  // Another route's element, under another key: shown next to the parked one.
  await page().evaluate(() => (window as any).show('reports', 'other'));
  await page().waitFor(() => (window as any).__element?.embed?.state === 'ready', undefined, { timeout: 20_000 });
  const ids = demo.backend.minted.slice(before).map((entry) => entry.sessionId);
  expect(ids).toHaveLength(2);
  await page().evaluate(() => (window as any).__element.logout());
  await until('both ids revoked at the service', () => ids.every((id) => demo.emulator.state.describe(id)?.status === 'revoked'));
  await page().waitFor(() => document.querySelectorAll('iframe, [data-svc-embed-kept]').length === 0);
});
