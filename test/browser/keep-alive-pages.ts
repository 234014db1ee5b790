// The keep-alive suites' page (issue 42): a route that mounts one embed at a time under a
// keepAlive key, leaves it (parks it), and preloads; buttons before and after the route for the
// focus order. Everything it does is a window function the test calls.
import type { FrameDriver } from './driver/types.js';
import type { Demo } from './harness.js';

/**
 * The page: `mount(key, options?)` mounts the dashboard under `keepAlive(key, options)` in a fresh
 * container (after leaving the one shown), `leave()` destroys the shown embed (parks it) and empties
 * the route, `preload(key, options?)` runs `preloadEmbed`. One `keepAlive` value per key (the first
 * call's options hold). `__loads` counts every iframe's `load` events; `__overlay`: the page took
 * moveBefore away before the SDK loaded. All embeds share `__ledger`.
 */
export function keepAlivePage(demo: Demo, options: { overlay?: boolean } = {}): string {
  const base = JSON.stringify({ baseUrl: demo.serviceUrl, publicId: 'sales-overview', sessionEndpoint: '/api/embed-session' });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Keep-alive bounds</title>
<style>body { margin: 0 } .box { height: 400px; margin: 40px 0 } .tail { height: 1500px }</style>
${options.overlay ? '<script>delete Element.prototype.moveBefore; window.__overlay = true;</script>' : ''}
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
<button id="before">Before</button>
<main id="route"></main>
<button id="after">After</button>
<div class="tail"></div>
<script type="module">
import { createEmbed, createSessionLedger, keepAlive, preloadEmbed, recordTimings } from '@svc-embed/host';
const base = ${base};
const ledger = createSessionLedger();
const keys = new Map();
const keyOf = (key, options) => {
  if (!keys.has(key)) keys.set(key, keepAlive(key, options ?? {}));
  return keys.get(key);
};
window.__loads = 0;
// Every dashboard load in the page, a preload's before its mount included (load does not bubble,
// but it passes the document while capturing); not the blank page Chromium commits when a src-less
// iframe goes in the page.
document.addEventListener('load', (event) => {
  if (event.target instanceof HTMLIFrameElement && event.target.getAttribute('src')) window.__loads++;
}, true);
window.__ledger = ledger;
window.leave = () => {
  window.__embed?.destroy();
  document.getElementById('route').replaceChildren();
  window.__embed = undefined;
};
window.mount = (key, options) => {
  window.leave();
  const box = document.createElement('div');
  box.className = 'box';
  box.id = 'box-' + key;
  document.getElementById('route').append(box);
  const embed = createEmbed({ ...base, container: box, ledger, keepAlive: keyOf(key, options), timings: recordTimings() });
  window.__embed = embed;
  return { state: embed.state, adopted: embed.timings.adopted ?? null };
};
window.preload = (key, options) => void preloadEmbed({ ...base, ledger, keepAlive: keyOf(key, options) });
window.__started = true;
</script>
</body></html>`;
}

/** Waits (polling, never sleeping blind) until `check()` is truthy; fails after `timeout` ms naming `what`. */
export async function until<T>(what: string, check: () => T | Promise<T>, timeout = 20_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What has the focus in the page after a key press (`iframe`, `button#after`, `body`), once it has
 * settled: Chromium moves the focus into an out-of-process iframe asynchronously, so for a moment
 * after a Tab into one the page's `activeElement` is still `<body>`. Waits up to 1 s for anything
 * but `<body>` (a Tab past the page's end does leave it there).
 */
export function settledFocus(page: FrameDriver): Promise<string> {
  return page.evaluate(async () => {
    const deadline = performance.now() + 1000;
    while ((!document.activeElement || document.activeElement === document.body) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    // (An overlaid iframe gets an id for its container's aria-owns: named by its tag alone.)
    return active.id && active.tagName !== 'IFRAME' ? `${active.tagName.toLowerCase()}#${active.id}` : active.tagName.toLowerCase();
  });
}
