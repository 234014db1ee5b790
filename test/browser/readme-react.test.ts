// The root README's React quick start, served as pasted (the tenant URL and the dashboard id
// replaced) in a page that renders its <App />, against the emulator and the demo's session endpoint
// (the server half): in two tabs of the viewer, a sign-out in one signs the other out through the
// BroadcastChannel (its iframe gone, its button says "Sign in"), every id revoked at the service, and
// a sign-in embeds anew in that tab only; and unmounting the app's embed revokes its id.
import { expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { pageMints, waitForRevoked } from './framework-apps.js';
import { useSuite } from './harness.js';
import { dashboardLoaded, pageErrors, REACT_ROOT, serveReadmePage } from './readme-pages.js';

const suite = useSuite();

/** Serves the quick start; `window.__readme.unmount()` unmounts the app. */
const serveQuickStart = () =>
  serveReadmePage(suite, {
    block: 'reactQuickStart', path: '/readme-react.html', substitutions: { 'https://tenant.example': suite.demo.serviceUrl, '"d-42"': '"sales-overview"' }, body: REACT_ROOT,
    code: `import { createRoot } from 'react-dom/client';
import App from './block';
const root = createRoot(document.getElementById('root')!);
root.render(<App />);
(window as any).__readme = { unmount: () => root.unmount() };`,
  });

/** A tab with the quick start, its dashboard loaded. */
async function openTab(url: string): Promise<PageDriver> {
  const page = await suite.browser.newPage();
  await page.goto(url);
  await dashboardLoaded(page.frame('iframe'));
  return page;
}

const showsSignIn = (page: PageDriver) => page.waitFor(() => document.querySelector('button')?.textContent === 'Sign in' && document.querySelectorAll('iframe').length === 0, undefined, { timeout: 10_000 });

it('two tabs: a sign-out in one signs the other out (no iframe, "Sign in"), every id is revoked, and a sign-in embeds anew in that tab only', async () => {
  const url = await serveQuickStart();
  const earlier = pageMints(suite).length;
  const first = await openTab(url);
  const second = await openTab(url);
  const minted = pageMints(suite).slice(earlier);
  expect(minted).toHaveLength(2);
  await second.frame('iframe').waitFor(() => document.documentElement.dataset.scheme === 'dark', undefined, { timeout: 10_000 });

  await first.click('button');
  await showsSignIn(second);
  await showsSignIn(first);
  await waitForRevoked(suite, minted);

  await second.click('button');
  await dashboardLoaded(second.frame('iframe'));
  expect(pageMints(suite).slice(earlier)).toHaveLength(3);
  expect(await first.count('iframe')).toBe(0);
  expect(await pageErrors(first)).toEqual([]);
  expect(await pageErrors(second)).toEqual([]);
  await first.close();
  await second.close();
});

it("unmounting the app revokes its embed's id at the service", async () => {
  const url = await serveQuickStart();
  const earlier = pageMints(suite).length;
  const page = await openTab(url);
  const minted = pageMints(suite).slice(earlier);
  expect(minted).toHaveLength(1);
  expect(suite.demo.emulator.state.describe(minted[0] ?? '')?.status).toBe('redeemed');
  await page.evaluate(() => (window as any).__readme.unmount());
  await waitForRevoked(suite, minted);
  expect(await page.count('iframe')).toBe(0);
  expect(await pageErrors(page)).toEqual([]);
  await page.close();
});
