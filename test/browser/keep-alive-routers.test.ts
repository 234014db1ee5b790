// Keep-alive in router apps (issue 42): a React Router app and a Vue Router app (fixtures/router-apps,
// bundled as a reader's bundler would) go reports → settings → reports by the viewer's clicks on
// their links. The route change unmounts <SvcEmbed keepAlive>, which parks the embed; the way back
// adopts it: 1 mint and 1 iframe load for the whole visit, the same document, the in-dashboard page
// and filter the viewer chose kept. In each engine with what it gets (moveBefore in Chromium and
// Firefox, the overlay slot in WebKitGTK).
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { pageMints } from './framework-apps.js';
import { ROOT, useSuite } from './harness.js';
import { dashboardLoaded, pageErrors, serveBundledPage } from './readme-pages.js';

const suite = useSuite();
const page = () => suite.page;
const APPS = join(ROOT, 'test', 'browser', 'fixtures', 'router-apps');

/** Serves the app `file` under `/<prefix>/reports` (its first route); returns that URL. */
const serveApp = (prefix: string, file: string) =>
  serveBundledPage(suite, { title: prefix, path: `/${prefix}/reports`, body: `<div id="root" data-tenant="${suite.demo.serviceUrl}"></div>`, entry: join(APPS, file) });

/** What the viewer sees of the embed's iframe: where it is and whether it is hidden. */
const iframeState = () =>
  page().evaluate(() => {
    const frames = document.querySelectorAll('iframe');
    const frame = frames[0];
    return { count: frames.length, inDashboard: frame?.closest('.dashboard') !== null, inert: frame?.hasAttribute('inert') ?? null };
  });

async function reportsSettingsReports(prefix: string, file: string) {
  const url = await serveApp(prefix, file);
  const minted = pageMints(suite).length;
  await page().goto(url);
  const frame = page().frame('iframe');
  await dashboardLoaded(frame);
  // The viewer opens the dashboard's Orders page and picks a status there; the page holds a mark.
  await frame.userClick('[role="tab"][data-path="/orders"]');
  await frame.waitFor(() => document.documentElement.dataset.page === '/orders', undefined, { timeout: 20_000 });
  await frame.selectOption('select[data-filter="orders.status"]', 'completed');
  await frame.waitFor(() => (window as any).__dashboard.state().filters?.status === 'completed', undefined, { timeout: 20_000 });
  await frame.evaluate(() => void ((window as any).__keptMark = 'same document'));
  const shownFirst = await iframeState();

  await page().userClick('#to-settings');
  await page().waitForSelector('#settings');
  const parked = await iframeState();
  await page().userClick('#to-reports');
  await page().waitFor(() => document.querySelector('.dashboard')?.getAttribute('data-state') === 'ready', undefined, { timeout: 20_000 });
  return {
    shownFirst,
    parked,
    shownAgain: await iframeState(),
    page: await frame.evaluate(() => document.documentElement.dataset.page),
    filter: await frame.evaluate(() => (document.querySelector('select[data-filter="orders.status"]') as HTMLSelectElement).value),
    mark: await frame.evaluate(() => (window as any).__keptMark ?? null),
    mints: pageMints(suite).length - minted,
    loads: await page().evaluate(() => (window as any).__loads),
    errors: await pageErrors(page()),
    moveBefore: await page().evaluate(() => typeof (Element.prototype as any).moveBefore === 'function'),
  };
}

for (const [name, prefix, file] of [['React Router', 'router-react', 'react-router-app.tsx'], ['Vue Router', 'router-vue', 'vue-router-app.ts']] as const) {
  it(`${name}: reports → settings → reports: 1 mint, 1 iframe load, the dashboard's page and filter kept`, async () => {
    const seen = await reportsSettingsReports(prefix, file);
    // In the route's container where the engine moves iframes, else in the overlay slot at the end of <body>.
    expect(seen.shownFirst).toEqual({ count: 1, inDashboard: seen.moveBefore, inert: false });
    expect(seen.parked).toEqual({ count: 1, inDashboard: false, inert: true });
    expect(seen.shownAgain).toEqual({ count: 1, inDashboard: seen.moveBefore, inert: false });
    expect(seen).toMatchObject({ page: '/orders', filter: 'completed', mark: 'same document', mints: 1, loads: 1, errors: [] });
  });
}
