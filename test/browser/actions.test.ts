// Every action from the host page, checked by its effect inside the embedded dashboard (another
// origin), and every event it causes checked in the host page's live log.
import { beforeAll, describe, expect, it } from 'vitest';
import { act, dashboardFrame, dashboardState, docNonce, events, screenshot, waitForEvent, useSuite, type Demo } from './harness.js';
import type { PageDriver } from './driver/index.js';

const suite = useSuite({ open: '/' });
let demo: Demo;
let page: PageDriver;
let nonceA: string;

beforeAll(async () => {
  ({ demo, page } = suite);
  if (page) nonceA = await docNonce(page, 'a');
});

/** Computed style of an element inside embed A's dashboard. */
const styleIn = (embed: string, selector: string, property: string) =>
  dashboardFrame(page, embed).then((frame) =>
    frame.evaluate(([selector, property]) => getComputedStyle(document.querySelector(selector)!).getPropertyValue(property).trim(), [selector, property] as const));

describe('the demo on two origins', () => {
  it('reaches ready on both embeds, signed, from the service origin, with dashboard-loaded after', async () => {
    expect(new URL(demo.hostUrl).origin).not.toBe(new URL(demo.serviceUrl).origin);
    for (const [embed, publicId, widgetCount] of [['a', 'sales-overview', 5], ['b', 'support-ops', 4]] as const) {
      const list = await events(page, embed);
      expect(list[0]).toMatchObject({ type: 'svc:event:ready', payload: { mode: 'signed', surface: 'dashboard', publicId, deploymentId: 42, embedTenant: 'demo-tenant' } });
      expect(list.map((entry) => entry.type)).toEqual(['svc:event:ready', 'svc:event:view', 'svc:event:dashboard-loaded']);
      const loaded = list.at(-1)!.payload;
      expect(loaded).toMatchObject({ publicId, widgetCount });
      expect(loaded.loadDurationMs).toBeGreaterThan(0);
      expect(loaded.loadDurationMs).toBeLessThan(20_000);
    }
    const frame = await dashboardFrame(page, 'a');
    expect(new URL(await frame.url()).origin).toBe(new URL(demo.serviceUrl).origin);
    expect(await frame.count('[data-widget-id]')).toBe(5);
    await screenshot(page, 'demo-ready');
  });

  it('every event received reaches the live log with its type, payload and time', async () => {
    const received = await events(page);
    const logged = await page.evaluate(() =>
      [...document.querySelectorAll('[data-role="log"] li[data-kind="event"], [data-role="log"] li[data-kind="error"]')].map((item) => ({ embed: item.getAttribute('data-embed'), type: item.getAttribute('data-type'), payload: item.querySelector('code')?.textContent, time: item.querySelector('time')?.textContent })));
    expect(logged).toHaveLength(received.length);
    for (const entry of received) {
      const match = logged.find((item) => item.embed === entry.embed && item.type === entry.type && item.payload === JSON.stringify(entry.payload));
      expect(match, `${entry.embed} ${entry.type} in the log`).toBeDefined();
      expect(match!.time).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/);
    }
  });

  it('set-color-scheme: dark, light, and auto following the OS preference', async () => {
    await act(page, 'a', 'dark');
    const frame = await dashboardFrame(page, 'a');
    await frame.waitForSelector('html[data-scheme="dark"]');
    expect(await styleIn('a', 'body', 'background-color')).toBe('rgb(17, 20, 27)');
    await screenshot(page, 'demo-dark-embed-a');
    await act(page, 'a', 'light');
    await frame.waitForSelector('html[data-scheme="light"]');
    expect(await styleIn('a', 'body', 'background-color')).toBe('rgb(245, 246, 250)');
    if (await page.emulateColorScheme('dark')) {
      await act(page, 'a', 'auto');
      await frame.waitForSelector('html[data-scheme="dark"][data-scheme-setting="auto"]');
      await page.emulateColorScheme('light');
      await frame.waitForSelector('html[data-scheme="light"][data-scheme-setting="auto"]');
    } else {
      // Firefox over BiDi and WebKit over classic WebDriver cannot emulate the OS preference: there
      // 'auto' must resolve to what the engine reports in the dashboard's own document.
      await act(page, 'a', 'auto');
      const prefersDark = await frame.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
      await frame.waitForSelector(`html[data-scheme="${prefersDark ? 'dark' : 'light'}"][data-scheme-setting="auto"]`);
    }
    await act(page, 'a', 'light');
    await frame.waitForSelector('html[data-scheme="light"][data-scheme-setting="light"]');
  });

  it('set-theme: primary colour on charts, radius, font, chat colour; unknown fields pass through', async () => {
    await page.fill('#controls [data-input="primaryColor"]', '#0f9d58');
    await page.fill('#controls [data-input="borderRadius"]', '3');
    await page.selectOption('#controls [data-input="font"]', 'Georgia');
    await page.fill('#controls [data-input="chatBackground"]', '#fff7e6');
    await act(page, 'a', 'theme');
    const frame = await dashboardFrame(page, 'a');
    await frame.waitFor(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim() === '#0f9d58');
    expect(await frame.getAttribute('[data-widget-id="bar-region"] rect', 'fill')).toBe('#0f9d58');
    expect(await styleIn('a', '[data-widget-id="kpi-revenue"]', 'border-top-left-radius')).toBe('3px');
    expect(await styleIn('a', 'body', 'font-family')).toMatch(/^Georgia/);
    expect(await styleIn('a', '[data-role="ai-box"]', 'background-color')).toBe('rgb(255, 247, 230)');
    expect((await dashboardState(page, 'a')).theme).toEqual({ primaryColor: '#0f9d58', borderRadius: 3, font: 'Georgia', analyticsChat: { backgroundColor: '#fff7e6' }, brandName: 'Demo Co' });
    await screenshot(page, 'demo-theme-embed-a');
    await act(page, 'a', 'theme-reset');
    await frame.waitFor(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim() === '#4f46e5');
  });

  it('set-locale: labels, number and date formats follow the locale', async () => {
    const frame = await dashboardFrame(page, 'a');
    const REVENUE = '[data-widget-id="kpi-revenue"] .kpi-value';
    const value = Number(await frame.getAttribute(REVENUE, 'data-value'));
    expect(await frame.textContent(REVENUE)).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(value));
    for (const [locale, overview, title] of [['es-ES', 'Resumen', 'Ingresos por región'], ['de-DE', 'Übersicht', 'Umsatz nach Region'], ['fr-FR', 'Aperçu', "Chiffre d'affaires par région"]]) {
      await page.selectOption('#controls [data-input="locale"]', locale);
      await act(page, 'a', 'locale');
      await frame.waitForSelector(`html[data-locale="${locale}"]`);
      expect(await frame.textContent('[data-path="/overview"]')).toBe(overview);
      expect(await frame.textContent('[data-widget-id="bar-region"] h2')).toBe(title);
      // The number format is the locale's (grouping, currency position), computed by this browser's Intl.
      const expected = await frame.evaluate(([locale, value]) => new Intl.NumberFormat(locale as string, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(value as number), [locale, value]);
      expect(await frame.textContent(REVENUE)).toBe(expected);
      expect(expected).not.toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(value));
    }
    const updated = await frame.textContent('[data-role="updated"]');
    expect(updated).toMatch(/^Mis à jour /);
    await screenshot(page, 'demo-locale-fr-embed-a');
    await page.selectOption('#controls [data-input="locale"]', 'en-US');
    await act(page, 'a', 'locale');
    await frame.waitForSelector('html[data-locale="en-US"]');
  });

  it('set-timezone: displayed times move to the zone (the URL pinned Europe/Berlin before)', async () => {
    const frame = await dashboardFrame(page, 'a');
    expect(await frame.getAttribute('html', 'data-timezone')).toBe('Europe/Berlin');
    await page.selectOption('[data-role="target"]', 'a');
    await act(page, 'a', 'navigate'); // /orders: the page with the latest-orders table
    await frame.waitForSelector('[data-widget-id="table-latest"] td[data-column="createdAt"]');
    const cell = async () => frame.textContent('[data-widget-id="table-latest"] tbody tr:first-child td[data-column="createdAt"]');
    const { rows } = await dashboardState(page, 'a');
    const format = (timeZone: string) => frame.evaluate(([ms, timeZone]) => new Intl.DateTimeFormat('en-US', { timeZone: timeZone as string, dateStyle: 'medium', timeStyle: 'short' }).format(ms as number), [rows[0].createdAt, timeZone]);
    expect(await cell()).toBe(await format('Europe/Berlin'));
    await page.selectOption('#controls [data-input="timezone"]', 'Asia/Tokyo');
    await act(page, 'a', 'timezone');
    await frame.waitForSelector('html[data-timezone="Asia/Tokyo"]');
    expect(await cell()).toBe(await format('Asia/Tokyo'));
    expect(await format('Asia/Tokyo')).not.toBe(await format('Europe/Berlin'));
    expect(await frame.textContent('[data-role="timezone"]')).toContain('Asia/Tokyo');
    // A bare offset is refused by the host SDK before anything is sent; the zone stays.
    await act(page, 'a', 'timezone-offset');
    await page.waitForSelector('[data-role="log"] li[data-kind="error"][data-type="set-timezone not sent"]');
    expect(await frame.getAttribute('html', 'data-timezone')).toBe('Asia/Tokyo');
  });

  it('navigate: the page changes and navigate + view arrive with the previous path', async () => {
    const frame = await dashboardFrame(page, 'a');
    await frame.waitForSelector('[data-path="/orders"][aria-selected="true"]');
    const navigate = (await events(page, 'a', 'navigate')).at(-1)!;
    expect(navigate.payload).toEqual({ path: '/orders', previousPath: '/overview' });
    expect((await events(page, 'a', 'view')).at(-1)!.payload).toEqual({ surface: 'dashboard', path: '/orders', publicId: 'sales-overview', title: 'Orders' });
    await page.fill('#controls [data-input="path"]', '/products');
    await act(page, 'a', 'navigate');
    await frame.waitForSelector('[data-path="/products"][aria-selected="true"]');
    expect((await waitForEvent(page, 'a', 'navigate', 2)).payload).toEqual({ path: '/products', previousPath: '/orders' });
    // An unknown path: the dashboard answers with an error event and stays where it is.
    const errors = (await events(page, 'a', 'error')).length;
    await page.fill('#controls [data-input="path"]', '/no-such-page');
    await act(page, 'a', 'navigate');
    const error = await waitForEvent(page, 'a', 'error', errors + 1);
    expect(error.payload).toMatchObject({ name: 'NavigationError', context: 'action', fatal: false });
    expect(await frame.getAttribute('html', 'data-page')).toBe('/products');
    await page.fill('#controls [data-input="path"]', '/overview');
    await act(page, 'a', 'navigate');
    await frame.waitForSelector('[data-path="/overview"][aria-selected="true"]');
  });

  it('set-filter: widgets show only matching rows; clearing restores them; an unknown filter is ignored', async () => {
    const frame = await dashboardFrame(page, 'a');
    const orders = () => frame.getAttribute('[data-widget-id="kpi-orders"] .kpi-value', 'data-value').then(Number);
    const { rows } = await dashboardState(page, 'a');
    expect(await orders()).toBe(rows.length);
    await page.selectOption('#controls [data-input="filter"]', { label: 'orders.status = completed' });
    await act(page, 'a', 'filter');
    await frame.waitFor((count) => Number(document.querySelector('[data-widget-id="kpi-orders"] .kpi-value')?.getAttribute('data-value')) === count,
      rows.filter((row: any) => row.status === 'completed').length);
    expect(await frame.evaluate(() => (document.querySelector('select[data-filter="orders.status"]') as HTMLSelectElement).value)).toBe('completed');
    await page.selectOption('#controls [data-input="filter"]', { label: 'orders.region = emea' });
    await act(page, 'a', 'filter');
    const both = rows.filter((row: any) => row.status === 'completed' && row.region === 'emea').length;
    await frame.waitFor((count) => Number(document.querySelector('[data-widget-id="kpi-orders"] .kpi-value')?.getAttribute('data-value')) === count, both);
    expect(await frame.count('[data-widget-id="bar-region"] .bar')).toBe(1);
    await screenshot(page, 'demo-filtered-embed-a');
    await page.fill('#controls [data-input="raw-filter"]', 'f_customers.tier={"value":"gold"}');
    await act(page, 'a', 'filter-raw');
    await frame.waitForSelector('[data-role="notice"]');
    expect(await orders()).toBe(both);
    for (const label of ['orders.status = (clear)', 'orders.region = (clear)']) {
      await page.selectOption('#controls [data-input="filter"]', { label });
      await act(page, 'a', 'filter');
    }
    await frame.waitFor((count) => Number(document.querySelector('[data-widget-id="kpi-orders"] .kpi-value')?.getAttribute('data-value')) === count, rows.length);
  });

  it('refresh: queries run again and dashboard-loaded arrives again, in the same document', async () => {
    const before = await dashboardState(page, 'a');
    const loaded = (await events(page, 'a', 'dashboard-loaded')).length;
    await act(page, 'a', 'refresh');
    const event = await waitForEvent(page, 'a', 'dashboard-loaded', loaded + 1);
    expect(event.payload).toMatchObject({ publicId: 'sales-overview', widgetCount: 5 });
    const after = await dashboardState(page, 'a');
    expect(after.refreshes).toBe(before.refreshes + 1);
    expect(after.loads).toBe(before.loads + 1);
    expect(after.generatedAt).toBeGreaterThan(before.generatedAt);
    expect(await docNonce(page, 'a')).toBe(nonceA);
  });

  it('no action reloaded the iframe', async () => {
    expect(await docNonce(page, 'a')).toBe(nonceA);
    expect(await events(page, 'a', 'ready')).toHaveLength(1);
  });
});
