// The warm-up of a signed embed (issue 22, item 2; a preconnect hint since issue 30), in the three
// engines: while the first id is minted, in Firefox and WebKit, a `<link rel="preconnect">` to the
// tenant is in the page's head and a connection to the tenant opens, with no request on it (nothing
// reaches the tenant before the embed's URL, so nothing can fail), and the embed's URL loads over it;
// the hint is gone once the URL is set, and the tab's history has no entry more. Chromium keeps a
// page's connections apart from those of its cross-site frames, so the SDK adds no hint there and no
// connection opens before the URL is set (BENCHMARKS.md has the times). The tenant is reached through
// a TCP proxy in front of the emulator that records which connection carried which request.
// Everything waits for conditions, except that Chromium's "nothing opens" is read once the mint is
// held and the page has loaded.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useSuite } from './harness.js';
import { startTenantProxy, type TenantProxy } from './tenant-proxy.js';

const suite = useSuite();
let proxy: TenantProxy;
let tenant = '';

beforeAll(async () => {
  proxy = await startTenantProxy(Number(new URL(suite.demo.serviceUrl).port));
  tenant = proxy.url;
});

afterAll(() => proxy?.close());

it('while the id is minted, a preconnect hint opens a connection and sends nothing (none in Chromium); it goes once the URL is set, and adds no history entry', async () => {
  const { demo, page } = suite;
  demo.addPage('/warm-up.html', `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Warm-up</title><script src="/vendor/svc-embed.min.js"></script></head>
<body><div id="slot" style="height: 400px"></div><script>
window.__historyBefore = history.length;
window.__embed = SvcEmbed.createEmbed({ baseUrl: ${JSON.stringify(tenant)}, publicId: 'sales-overview', container: '#slot', sessionEndpoint: '/api/embed-session', timings: SvcEmbed.recordTimings() });
</script></body></html>`);
  const release = demo.holdNextMint();
  await page.goto(`${demo.hostUrl}/warm-up.html`);

  // Minting: the hint is in the head, the embed's iframe alone in its container.
  expect(await page.evaluate(() => (window as any).__embed.state)).toBe('minting');
  const warm = await page.evaluate(() => ({
    hints: [...document.querySelectorAll('link[rel="preconnect"]')].map((link) => (link as HTMLLinkElement).href),
    iframes: document.querySelectorAll('iframe').length,
  }));
  const chromium = page.engine === 'chromium';
  expect(warm).toEqual({ hints: chromium ? [] : [`${tenant}/`], iframes: 1 });
  // A connection opened (not in Chromium), and no request reached the tenant.
  if (!chromium) await expect.poll(() => proxy.connections, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(proxy.requests).toEqual([]);
  const warmConnections = proxy.connections;
  if (chromium) expect(warmConnections).toBe(0);

  release();
  await page.waitFor(() => (window as any).__embed.state === 'ready', undefined, { timeout: 20_000 });

  // The first request the tenant saw is the embed's URL.
  const navigation = proxy.requests[0];
  expect(navigation?.line).toMatch(/^GET \/embed\/dashboard\/sales-overview\?session=/);
  // Firefox and WebKit share the page's connections with its frames: the URL came on the warm one.
  if (!chromium) expect(navigation?.connection).toBeLessThanOrEqual(warmConnections);
  // Gone once the URL was set; the tab's history as it was.
  const after = await page.evaluate(() => ({
    hints: document.querySelectorAll('link[rel="preconnect"]').length,
    historyAdded: history.length - (window as any).__historyBefore,
    srcSet: (window as any).__embed.timings.srcSet !== undefined,
  }));
  expect(after).toEqual({ hints: 0, historyAdded: 0, srcSet: true });
});
