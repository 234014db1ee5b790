// What a parked embed costs in memory (issue 42, Bounds), in Chromium only (the heap figures come
// from the DevTools protocol; vitest.config.ts leaves this file out of the other engines): the V8
// heap after forced GCs and Blink's DOM counters of the host page and of the dashboards'
// renderer, with 1 and then 3 embeds parked (keepAlive, 3 keys), then after the sign-out, which
// must give it back (every parked iframe gone: its documents and nodes). Printed for the host
// README; bounded loosely so that a parked embed holding far more fails.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestDemo, ROOT, type Demo } from './harness.js';
import { heapOf, launchBrowserForLeaks, type HeapFigures } from './leak-browser.js';

let browser: Awaited<ReturnType<typeof launchBrowserForLeaks>> | undefined;
let demo: Demo | undefined;
let page: Page;

beforeAll(async () => {
  demo = await startTestDemo();
  browser = await launchBrowserForLeaks(ROOT);
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/** A page that parks embeds: `park(key)` mounts one under that key, waits for its dashboard, and unmounts it. */
function parkingPage(serviceUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parked embeds</title>
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
<script type="module">
import { createEmbed, createSessionLedger, keepAlive } from '@svc-embed/host';
const ledger = createSessionLedger();
window.__ledger = ledger;
window.park = async (key) => {
  const box = document.createElement('div');
  box.style.height = '600px';
  document.body.append(box);
  const embed = createEmbed({ baseUrl: ${JSON.stringify(serviceUrl)}, publicId: 'sales-overview', container: box, sessionEndpoint: '/api/embed-session', ledger, keepAlive: keepAlive(key) });
  await new Promise((resolve) => embed.once('dashboard-loaded', resolve));
  embed.destroy();
  box.remove();
};
window.__ready = true;
</script>
</body></html>`;
}

/**
 * The host page's heap and DOM counters, plus those of the dashboards' renderer: every dashboard is
 * on the service's one site, so all of them share one renderer process (its figures are read once,
 * through the first dashboard frame); a frame in the page's own process has no session of its own
 * and is in the page's figures already.
 */
async function measureAll(): Promise<HeapFigures & { renderers: number }> {
  const dashboard = page.frames().find((frame) => frame !== page.mainFrame());
  const total = { usedBytes: 0, documents: 0, nodes: 0, jsEventListeners: 0, renderers: 0 };
  for (const target of dashboard ? [page, dashboard] : [page]) {
    const heap = await heapOf(target).catch(() => undefined);
    if (!heap) continue;
    const figures = await heap.measure();
    await heap.detach();
    total.usedBytes += figures.usedBytes;
    total.documents += figures.documents;
    total.nodes += figures.nodes;
    total.jsEventListeners += figures.jsEventListeners;
    total.renderers += 1;
  }
  return total;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

it('[chromium only: CDP heap] a parked embed costs its dashboard\'s heap and documents, and the sign-out gives all of it back', async () => {
  if (!demo) throw new Error('the demo did not start');
  demo.addPage('/keep-memory.html', parkingPage(demo.serviceUrl));
  await page.goto(`${demo.hostUrl}/keep-memory.html`);
  await page.waitForFunction(() => (window as any).__ready);
  const baseline = await measureAll();
  await page.evaluate(() => (window as any).park('k1'));
  const one = await measureAll();
  await page.evaluate(async () => {
    await (window as any).park('k2');
    await (window as any).park('k3');
  });
  const three = await measureAll();
  expect(await page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(3);
  await page.evaluate(() => (window as any).__ledger.logout());
  expect(await page.evaluate(() => document.querySelectorAll('iframe, [data-svc-embed-kept]').length)).toBe(0);
  // The frames' renderer goes with its last frame; give it time to go before measuring.
  await page.waitForTimeout(500);
  const after = await measureAll();
  const perParked = (three.usedBytes - one.usedBytes) / 2;
  console.log([
    'keep-alive memory (V8 heap after GC, summed over the host page and the dashboards\' renderers; Blink DOM counters):',
    `  no embed:   ${mib(baseline.usedBytes)}, ${baseline.documents} documents, ${baseline.nodes} nodes (${baseline.renderers} renderer)`,
    `  1 parked:   ${mib(one.usedBytes)}, ${one.documents} documents, ${one.nodes} nodes (${one.renderers} renderers): the first ${mib(one.usedBytes - baseline.usedBytes)} (its renderer's own heap included)`,
    `  3 parked:   ${mib(three.usedBytes)}, ${three.documents} documents, ${three.nodes} nodes (${three.renderers} renderers): each further one ${mib(perParked)}, ${(three.nodes - one.nodes) / 2} nodes`,
    `  signed out: ${mib(after.usedBytes)}, ${after.documents} documents, ${after.nodes} nodes (${after.renderers} renderers)`,
  ].join('\n'));
  // Each parked embed holds a dashboard (a document of its own and its nodes)...
  expect(three.documents).toBeGreaterThan(one.documents);
  // ...and far less than a runaway would: 4 MiB of heap each at most (measured: about 0.6 MiB, the host README).
  expect(perParked).toBeLessThan(4 * 1024 * 1024);
  // The sign-out ends them all: no dashboard document left, the heap back near where it started.
  expect(after.documents).toBeLessThanOrEqual(baseline.documents);
  expect(after.usedBytes - baseline.usedBytes).toBeLessThan(1024 * 1024);
});
