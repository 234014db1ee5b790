// The session promise beyond one page (issue 21): the demo's element page uses the session endpoint
// (@svc-embed/server), so the backend records every id it mints for the viewer. Two tabs, one of them
// reloaded (its first ids are left live by the reload), then a sign-out in the other: every id ever
// minted for the viewer is revoked at the service, and both tabs' iframes are gone.
import { expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { useSuite } from './harness.js';

const suite = useSuite();

const iframes = (page: PageDriver) => page.count('svc-embed iframe');

/** Opens the element page and waits until both of its dashboards have loaded. */
async function openElementPage(page: PageDriver) {
  await page.goto(`${suite.demo.hostUrl}/element.html`);
  for (const publicId of ['sales-overview', 'support-ops'])
    await page.frame(`svc-embed[public-id="${publicId}"] iframe`).waitFor(() => (window as any).__dashboard?.state().loads > 0, undefined, { timeout: 20_000 });
}

it('two tabs and a reload of one, then sign-out in the other: every id of the viewer revoked, both tabs empty', async () => {
  const { browser, demo } = suite;
  const first = suite.page;
  const second = await browser.newPage();
  await openElementPage(first);
  await openElementPage(second);
  // A reload: the second tab's first two ids are live at the service and no page knows them any more.
  await openElementPage(second);
  const minted = () => demo.backend.minted.map((entry) => entry.sessionId);
  expect(minted()).toHaveLength(6);

  await first.click('#logout');
  await expect.poll(() => minted().filter((id) => demo.emulator.state.describe(id)?.status !== 'revoked'), { timeout: 10_000 }).toEqual([]);
  await first.waitFor(() => document.querySelectorAll('svc-embed iframe').length === 0);
  await second.waitFor(() => document.querySelectorAll('svc-embed iframe').length === 0);
  expect(await second.count('svc-embed[data-signed-out]')).toBe(2);
  // Signed out stays signed out: nothing more is minted in either tab.
  await second.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
  expect(minted()).toHaveLength(6);
  expect(await iframes(first)).toBe(0);
  await second.close();
});
