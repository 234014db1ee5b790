// The demo's element page: markup only (<svc-embed> elements) and a logout button. The elements
// embed, re-dispatch events as svc-<name> DOM events, renew (short sessions here), and log out.
import { expect, it } from 'vitest';
import { captureDownloads, screenshot, useSuite } from './harness.js';

// 20 s sessions, warned 4 s before: the first renewal comes about 15 s after load.
const suite = useSuite({ sessionLifetimeMs: 20_000, sessionWarningMs: 4_000 });

const pageMints = () => suite.demo.backend.minted.filter((entry) => entry.embed === 'page').map((entry) => entry.sessionId);

it('embeds from markup, re-dispatches events, renews, and logs out with the page\'s one button', async () => {
  const { page, demo } = suite;
  await page.goto(`${demo.hostUrl}/element.html`);
  const sales = page.frame('svc-embed[public-id="sales-overview"] iframe');
  const support = page.frame('svc-embed[public-id="support-ops"] iframe');
  for (const frame of [sales, support]) await frame.waitFor(() => (window as any).__dashboard?.state().loads > 0, undefined, { timeout: 20_000 });
  expect(pageMints()).toHaveLength(2);
  // From here on, what the elements dispatch (the page itself listens to nothing).
  await page.evaluate(() => {
    const seen: { type: string; detail: unknown; from: string | null }[] = [];
    (window as any).__svc = seen;
    for (const type of ['svc-download', 'svc-session-expiring', 'svc-renewed'])
      document.addEventListener(type, (event) => seen.push({ type, detail: (event as CustomEvent).detail, from: (event.target as Element).getAttribute('public-id') }));
  });
  const saved = await captureDownloads(sales);
  await sales.click('[data-widget-id="bar-region"] [data-download="csv"]');
  expect((await saved(1)).fileName).toBe('sales-overview-bar-region.csv');
  await page.waitFor(() => (window as any).__svc.some((entry: any) => entry.type === 'svc-download'));
  expect(await page.evaluate(() => (window as any).__svc.find((entry: any) => entry.type === 'svc-download'))).toMatchObject({ from: 'sales-overview', detail: { format: 'csv', target: 'widget', widgetId: 'bar-region' } });
  await screenshot(page, 'demo-element-page');

  // Renewal: the warning arrives as svc-session-expiring, the new session as svc-renewed.
  await page.waitFor(() => (window as any).__svc.filter((entry: any) => entry.type === 'svc-renewed').length >= 2, undefined, { timeout: 40_000 });
  expect(pageMints().length).toBeGreaterThanOrEqual(4);

  await page.click('#logout');
  const minted = pageMints();
  await expect.poll(() => minted.filter((id) => demo.emulator.state.describe(id)?.status !== 'revoked'), { timeout: 10_000 }).toEqual([]);
  await page.waitFor(() => document.querySelectorAll('svc-embed iframe').length === 0);
});
