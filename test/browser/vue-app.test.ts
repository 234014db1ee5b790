// The Vue example app (examples/vue-app: Vite, Vue 3, Vue Router, @svc-embed/vue), built by its own
// toolchain: one id on load, a download shown as it arrives (`@download`), actions from the app
// (a prop that follows, a method through the template ref), deep links kept by Vue Router
// (`?dash=`, back, reload), leaving the page unmounts the embed and revokes its id, and the
// provided ledger's sign-out leaves no iframe and mints nothing more, until sign-in.
import { expect, it } from 'vitest';
import { dashboard, downloadCsv, openApp, pageMints, serveApp, signOut, turnDark, waitForLine, waitForRevoked } from './framework-apps.js';
import { screenshot, useSuite } from './harness.js';

const suite = useSuite();

/** The viewer clicks a tab inside the dashboard (a person's click), and the app's URL follows. */
async function clickTab(path: string) {
  const { page } = suite;
  await dashboard(page).userClick(`[role="tab"][data-path="${path}"]`);
  await dashboard(page).waitFor((path) => document.documentElement.dataset.page === path, path, { timeout: 20_000 });
  await page.waitFor((path) => new URL(location.href).searchParams.get('dash') === path, path);
}

const shownPage = () => dashboard(suite.page).evaluate(() => document.documentElement.dataset.page);
const refreshes = () => dashboard(suite.page).evaluate(() => (window as any).__dashboard.received().filter((message: any) => message.type === 'svc:action:refresh').length);

it('one id on load, a typed event shown, actions from the app, deep links through Vue Router', async () => {
  const { page } = suite;
  const url = serveApp(suite, 'vue-app');
  await openApp(page, url);
  expect(await page.evaluate(() => document.querySelector('#events li')?.textContent?.trim())).toBe('ready signed');
  expect(pageMints(suite)).toHaveLength(1);
  expect(await page.textContent('#state')).toBe('ready');
  expect(await page.getAttribute('.dashboard', 'data-state')).toBe('ready');
  await downloadCsv(page);
  // A prop that follows (colorScheme), and a method of the embed through the template ref.
  await turnDark(page, '[data-action="scheme"]');
  await page.click('[data-action="refresh"]');
  await dashboard(page).waitFor(() => (window as any).__dashboard.received().some((message: any) => message.type === 'svc:action:refresh'));
  expect(await refreshes()).toBe(1);
  await screenshot(page, 'example-vue-app');

  // Deep links: the router's query holds the embed's page; back and reload land where the viewer was.
  await clickTab('/orders');
  await clickTab('/products');
  await page.back();
  await dashboard(page).waitFor(() => document.documentElement.dataset.page === '/orders', undefined, { timeout: 20_000 });
  expect(new URL(await page.url()).search).toBe('?dash=/orders');
  await page.goto(`${url}?dash=/products`);
  await waitForLine(page, 'dashboard-loaded');
  await dashboard(page).waitFor(() => document.documentElement.dataset.page === '/products', undefined, { timeout: 20_000 });
  expect(await shownPage()).toBe('/products');
});

it('leaving the page unmounts the embed and revokes its id; the provided ledger signs out for good, then in again', async () => {
  const { page } = suite;
  await openApp(page, serveApp(suite, 'vue-app'));
  const loaded = pageMints(suite).at(-1)!;
  await page.click('a[href$="/about"]');
  await page.waitFor(() => document.querySelectorAll('iframe').length === 0);
  await waitForRevoked(suite, [loaded]);
  await page.click('a[href$="/vue-app/"]');
  await waitForLine(page, 'dashboard-loaded');
  expect(pageMints(suite).at(-1)).not.toBe(loaded);

  await signOut(suite, page);
  expect(await page.textContent('#viewer')).toBe('signed-out');
  expect(await page.count('.dashboard[data-signed-out]')).toBe(1);
  // Signed out across the app: another page with an embed makes none either.
  await page.click('a[href$="/about"]');
  await page.click('a[href$="/vue-app/"]');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  expect(await page.count('iframe')).toBe(0);

  const before = pageMints(suite).length;
  await page.click('[data-action="sign-in"]');
  await waitForLine(page, 'dashboard-loaded');
  expect(pageMints(suite)).toHaveLength(before + 1);
  expect(await page.count('.dashboard[data-signed-out]')).toBe(0);
});
