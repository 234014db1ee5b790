// Two embeds of one tenant origin stay isolated, and a hostile page on a third origin gets nothing
// through: not as an iframe inside the host page, not as the page that opened it.
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, captureConsole, dashboardFrame, dashboardState, docNonce, events, openDemo, ROOT, screenshot, useSuite, waitForEvent, type Demo, type Suite } from './harness.js';
import type { PageDriver } from './driver/index.js';

const suite = useSuite();
let browser: Suite['browser'];
let demo: Demo;
let hostile: Server;
let hostileUrl: string;

beforeAll(async () => {
  ({ browser, demo } = suite);
  const html = readFileSync(join(ROOT, 'test', 'browser', 'fixtures', 'hostile.html'));
  hostile = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  // A third origin: another loopback address, so it differs from the host page and the service by
  // host and port (not IPv6 [::1]: a CSP source expression cannot name an IPv6 literal).
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.2', resolve));
  hostileUrl = `http://127.0.0.2:${(hostile.address() as { port: number }).port}`;
  // The host pages' strict policy frames only the service; this test frames the hostile page too.
  demo.allowFrameSource(hostileUrl);
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    hostile?.close(() => resolve());
    hostile?.closeAllConnections();
  });
});

/** What a hostile message could have changed: host-side events, ids, exchanges, dashboard state. */
async function footprint(page: PageDriver) {
  const state = async (embed: string) => {
    const { scheme, locale, page: path, filters, refreshes, loads, theme } = await dashboardState(page, embed);
    const frame = await dashboardFrame(page, embed);
    return { scheme, locale, path, filters, refreshes, loads, theme, resolved: await frame.getAttribute('html', 'data-scheme'), nonce: await docNonce(page, embed) };
  };
  return {
    events: await events(page),
    minted: demo.backend.minted.length,
    exchanges: demo.emulator.state.exchanges.length,
    a: await state('a'),
    b: await state('b'),
  };
}

describe('two embeds on one page', () => {
  it('actions reach only their embed and events are attributed to their own embed', async () => {
    const page = await browser.newPage();
    await openDemo(page, demo);
    const frameA = await dashboardFrame(page, 'a');
    const frameB = await dashboardFrame(page, 'b');
    expect(new URL(await frameA.url()).origin).toBe(new URL(await frameB.url()).origin);
    const bBefore = await events(page, 'b');
    await act(page, 'a', 'dark');
    await page.fill('#controls [data-input="path"]', '/orders');
    await act(page, 'a', 'navigate');
    await waitForEvent(page, 'a', 'navigate');
    await frameA.waitForSelector('html[data-scheme="dark"]');
    expect(await frameB.getAttribute('html', 'data-scheme')).toBe('light');
    expect(await frameB.getAttribute('html', 'data-page')).toBe('/overview');
    expect(await events(page, 'b')).toEqual(bBefore);

    const aBefore = await events(page, 'a');
    await page.fill('#controls [data-input="path"]', '/queue');
    await act(page, 'b', 'navigate');
    const navigate = await waitForEvent(page, 'b', 'navigate');
    expect(navigate.payload).toEqual({ path: '/queue', previousPath: '/overview' });
    await frameB.waitForSelector('[data-path="/queue"][aria-selected="true"]');
    expect(await frameA.getAttribute('html', 'data-page')).toBe('/orders');
    expect(await events(page, 'a')).toEqual(aBefore);
    // The viewer's own clicks inside B are reported for B only.
    await frameB.click('[data-widget-id="bar-priority"] .bar[data-key="urgent"] rect');
    expect((await waitForEvent(page, 'b', 'drilldown')).payload).toMatchObject({ member: 'tickets.count', widgetId: 'bar-priority', value: { 'tickets.priority': 'urgent' } });
    expect(await events(page, 'a', 'drilldown')).toEqual([]);
    await screenshot(page, 'demo-isolation');
    await page.close();
  });
});

describe('a hostile page on a third origin', () => {
  it('framed inside the host page, its forged events and actions change nothing (and are seen and dropped)', async () => {
    const page = await browser.newPage();
    await openDemo(page, demo, '/?debug');
    const before = await footprint(page);
    // What the host page and each dashboard log from here on (debug mode says why it drops).
    const hostLines = await captureConsole(page);
    const frameLines = [await captureConsole(await dashboardFrame(page, 'a')), await captureConsole(await dashboardFrame(page, 'b'))];
    await page.evaluate((url) => {
      const iframe = document.createElement('iframe');
      iframe.id = 'hostile';
      iframe.src = url;
      document.body.append(iframe);
    }, `${hostileUrl}/hostile.html?mode=framed`);
    await page.waitForSelector('#hostile');
    const hostileFrame = page.frame('#hostile');
    await hostileFrame.waitFor(() => (window as any).result !== undefined);
    const sent = await hostileFrame.evaluate(() => (window as any).result);
    expect(sent).toEqual({ events: 6, actions: 8, frames: 2 });

    // Evidence that every message arrived and was dropped: each embed's SDK (debug) drops the
    // forged events as not from its iframe; each dashboard's frame half ignores the foreign origin.
    const origin = new URL(hostileUrl).origin;
    const hostDrops = async () => (await hostLines()).filter((line) => line.startsWith('[svc-embed] drop other window') && line.includes(origin)).length;
    const frameDrops = async () => {
      let count = 0;
      for (const lines of frameLines) count += (await lines()).filter((line) => line.startsWith('[svc-embed/frame]') && line.includes(origin)).length;
      return count;
    };
    await expect.poll(hostDrops, { timeout: 10_000 }).toBe(2 * sent.events);
    await expect.poll(frameDrops, { timeout: 10_000 }).toBe(sent.frames * sent.actions);

    const after = await footprint(page);
    expect(after).toEqual(before);
    expect(demo.emulator.state.exchanges.some((entry) => entry.sessionId.includes('forged'))).toBe(false);
    await screenshot(page, 'demo-hostile-framed');
    await page.close();
  });

  it('as the opener of the host page, it cannot drive the embeds either; nor mint ids, nor frame the dashboard', async () => {
    const attacker = await browser.newPage();
    await attacker.goto(`${hostileUrl}/hostile.html`);
    const victim = await attacker.waitForPopup(() => attacker.evaluate((url) => void ((window as any).victim = window.open(url)), `${demo.hostUrl}/?debug`));
    for (const embed of ['a', 'b']) await waitForEvent(victim, embed, 'dashboard-loaded');
    const before = await footprint(victim);
    const hostLines = await captureConsole(victim);
    const frameLines = [await captureConsole(await dashboardFrame(victim, 'a')), await captureConsole(await dashboardFrame(victim, 'b'))];
    const sent = await attacker.evaluate(() => (window as any).inject((window as any).victim));
    expect(sent).toEqual({ events: 6, actions: 8, frames: 2 });
    const origin = new URL(hostileUrl).origin;
    await expect.poll(async () => (await hostLines()).filter((line) => line.startsWith('[svc-embed] drop other window') && line.includes(origin)).length, { timeout: 10_000 }).toBe(2 * sent.events);
    const frameDrops = async () => {
      let count = 0;
      for (const lines of frameLines) count += (await lines()).filter((line) => line.startsWith('[svc-embed/frame]') && line.includes(origin)).length;
      return count;
    };
    await expect.poll(frameDrops, { timeout: 10_000 }).toBe(sent.frames * sent.actions);
    expect(await footprint(victim)).toEqual(before);

    // The host page's backend refuses to mint for another origin.
    const minted = demo.backend.minted.length;
    expect(await attacker.evaluate((url) => (window as any).tryMint(url), demo.hostUrl)).toBe('sent');
    await expect.poll(() => demo.refusedRequests.length).toBe(1);
    expect(demo.refusedRequests[0]).toEqual({ method: 'POST', path: '/api/embed-session', origin });
    expect(demo.backend.minted.length).toBe(minted);

    // The service's frame-ancestors does not list this origin: the browser refuses to render the
    // dashboard (the iframe loads an error page of the browser's instead, with no dashboard in it).
    const requests = demo.emulator.state.exchanges.length;
    await attacker.evaluate((url) => (window as any).frameDashboard(url), `${demo.serviceUrl}/embed/dashboard/sales-overview`);
    await attacker.waitFor(() => (window as any).stolenLoaded === true);
    const stolen = await attacker.frame('#stolen').evaluate(() => ({ nonce: (window as any).__docNonce ?? null, dashboard: typeof (window as any).__dashboard })).catch(() => null);
    expect(stolen?.nonce ?? null).toBeNull();
    expect(stolen?.dashboard ?? 'undefined').toBe('undefined');
    expect(demo.emulator.state.exchanges.length).toBe(requests);
    await victim.close();
    await attacker.close();
  });
});
