// The README's browser blocks beyond the script-tag quick starts, each served as pasted in a page of
// its own on the host origin against the emulator (readme-pages.ts: only the tenant URL and the
// dashboard id replaced), with a few lines of page code where the block is a component: the root
// README's SPA quick start, the host README's loading note, deep links, lazy and timings, and
// element in React, the React README's useEmbed, and the emulator README's embed. Each does what its
// README says, with no error on the page.
import { expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { pageMints, waitForRevoked } from './framework-apps.js';
import { captureDownloads, useSuite } from './harness.js';
import { dashboardLoaded, pageErrors, REACT_ROOT, renderComponent, serveReadmePage } from './readme-pages.js';

const suite = useSuite();

/** Opens `url` in a new tab and waits until the dashboard in `iframe` has loaded; gives the tab and the ids it minted. */
async function openLoaded(url: string, iframe = 'iframe'): Promise<{ page: PageDriver; minted: string[] }> {
  const earlier = pageMints(suite).length;
  const page = await suite.browser.newPage();
  await page.goto(url);
  await dashboardLoaded(page.frame(iframe));
  return { page, minted: pageMints(suite).slice(earlier) };
}

/** The tenant's URL in a block is the emulator's here. */
const tenant = () => ({ 'https://tenant.example': suite.demo.serviceUrl });
const ANALYTICS = '<div id="analytics" style="height: 640px"></div>';

it("the root README's SPA quick start: one id, an export reaches onExport, and signOut() revokes every id and removes the iframe", async () => {
  const url = await serveReadmePage(suite, {
    block: 'spaQuickStart', path: '/readme-spa.html', substitutions: tenant(), body: REACT_ROOT,
    code: `import { createRoot } from 'react-dom/client';
import { Dashboard, signOut } from './block';
const exported: string[] = [];
(window as any).__readme = { exported, signOut };
createRoot(document.getElementById('root')!).render(<Dashboard publicId="sales-overview" onExport={(format) => exported.push(format)} />);`,
  });
  const { page, minted } = await openLoaded(url);
  expect(minted).toHaveLength(1);
  const saved = await captureDownloads(page.frame('iframe'));
  await page.frame('iframe').click('[data-widget-id="bar-region"] [data-download="csv"]');
  expect((await saved(1)).fileName).toBe('sales-overview-bar-region.csv');
  await page.waitFor(() => (window as any).__readme.exported.includes('csv'));

  expect(await page.evaluate(() => (window as any).__readme.signOut())).toBe(true);
  await waitForRevoked(suite, minted);
  await page.waitFor(() => document.querySelectorAll('iframe').length === 0);
  expect(await pageErrors(page)).toEqual([]);
  await page.close();
});

it("the host README's loading note: shown while the first id is minted, hidden once the dashboard is ready", async () => {
  const url = await serveReadmePage(suite, {
    block: 'hostEmbedState', path: '/readme-embed-state.html', substitutions: { ...tenant(), "'d-42'": "'sales-overview'" }, body: ANALYTICS, code: "import './block';",
  });
  const release = suite.demo.holdNextMint();
  const page = await suite.browser.newPage();
  await page.goto(url);
  await page.waitFor(() => {
    const note = document.querySelector('#analytics')?.previousElementSibling as HTMLElement | null;
    return note?.textContent === 'Loading the dashboard…' && !note.hidden;
  });
  release();
  await dashboardLoaded(page.frame('#analytics iframe'));
  await page.waitFor(() => (document.querySelector('#analytics')?.previousElementSibling as HTMLElement | null)?.hidden === true);
  expect(await pageErrors(page)).toEqual([]);
  await page.close();
});

it("the host README's syncUrl: the page's ?dash= is where the embed starts, and a click inside the embed writes its path there", async () => {
  const url = await serveReadmePage(suite, { block: 'hostSyncUrl', path: '/readme-sync-url.html', substitutions: tenant(), body: ANALYTICS, code: "import './block';" });
  const { page } = await openLoaded(`${url}?dash=/orders`);
  const frame = page.frame('#analytics iframe');
  await frame.waitFor(() => document.documentElement.dataset.page === '/orders', undefined, { timeout: 20_000 });
  await frame.userClick('[role="tab"][data-path="/products"]');
  await page.waitFor(() => new URL(location.href).searchParams.get('dash') === '/products', undefined, { timeout: 20_000 });
  expect(await pageErrors(page)).toEqual([]);
  await page.close();
});

it("the host README's lazy and timings: a visible embed starts, and its first load's moments are User Timing marks", async () => {
  const url = await serveReadmePage(suite, {
    block: 'hostOptIns', path: '/readme-opt-ins.html', substitutions: { ...tenant(), "'d-42'": "'sales-overview'" }, body: ANALYTICS, code: "import './block';",
  });
  const { page, minted } = await openLoaded(url, '#analytics iframe');
  expect(minted).toHaveLength(1);
  await page.waitFor(() => performance.getEntriesByType('mark').some((mark) => / sales-overview:ready$/.test(mark.name)));
  const moments = await page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name.split(':').pop()));
  expect(moments).toEqual(expect.arrayContaining(['created', 'mintStarted', 'minted', 'srcSet', 'ready']));
  expect(await pageErrors(page)).toEqual([]);
  await page.close();
});

it("the host README's element in React: it embeds with the session endpoint, and turns dark from its effect", async () => {
  const url = await serveReadmePage(suite, {
    block: 'hostElementInReact', path: '/readme-element-react.html', substitutions: { ...tenant(), '"d-42"': '"sales-overview"' }, body: REACT_ROOT, code: renderComponent('Sales'),
  });
  const { page, minted } = await openLoaded(url, 'svc-embed iframe');
  expect(minted).toHaveLength(1);
  const frame = page.frame('svc-embed iframe');
  await frame.waitFor(() => document.documentElement.dataset.scheme === 'dark', undefined, { timeout: 10_000 });
  expect(await pageErrors(page)).toEqual([]);
  await page.close();
});

it("the React README's useEmbed: a private embed, and its Refresh button refreshes the dashboard", async () => {
  const url = await serveReadmePage(suite, {
    block: 'reactUseEmbed', path: '/readme-use-embed.html', substitutions: { ...tenant(), "publicId: 'orders'": "publicId: 'sales-overview'" }, body: REACT_ROOT,
    code: renderComponent('Orders', 'onExport={() => {}}'),
  });
  const { page, minted } = await openLoaded(url);
  expect(minted).toEqual([]);
  expect(new URL(String(await page.getAttribute('iframe', 'src'))).searchParams.has('session')).toBe(false);
  await page.waitFor(() => document.querySelector('button')?.disabled === false);
  await page.click('button');
  await page.frame('iframe').waitFor(() => (window as any).__dashboard.received().some((message: any) => message.type === 'svc:action:refresh'));
  expect(await pageErrors(page)).toEqual([]);
  await page.close();
});

it("the emulator README's embed: minted through the page's backend, the dashboard loads", async () => {
  const url = await serveReadmePage(suite, {
    block: 'emulatorEmbed', path: '/readme-emulator-embed.html', substitutions: { 'http://localhost:4400': suite.demo.serviceUrl }, body: ANALYTICS, code: "import './block';",
  });
  const { page, minted } = await openLoaded(url, '#analytics iframe');
  expect(minted).toHaveLength(1);
  expect(suite.demo.emulator.state.describe(minted[0] ?? '')?.status).toBe('redeemed');
  expect(await pageErrors(page)).toEqual([]);
  await page.close();
});
