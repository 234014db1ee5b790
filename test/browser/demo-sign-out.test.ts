// The demo keeps the promise on every page (issue 29): the script-tag, ESM and React pages mint
// through the session endpoint and sign out through it. Load, reload (the first load's ids stay live:
// no page knows them any more), open a second tab, sign out in one of them: every id minted for the
// viewer is revoked at the emulator, id for id, and neither tab has an iframe left. (The element page
// is viewer-tabs.test.ts.)
import { expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { ENGINE, useSuite } from './harness.js';

const suite = useSuite();

interface DemoPage {
  path: string;
  /** Ids one load mints: one per embed. */
  idsPerLoad: number;
  /** Resolves once every embed of the page has loaded its dashboard. */
  loaded(page: PageDriver): Promise<unknown>;
  /** Clicks the page's sign-out and resolves with whether its logout() said it was complete. */
  signOut(page: PageDriver): Promise<boolean>;
  /** Which tab signs out: the first (reloaded) one, or the second. */
  signsOut: 'first' | 'second';
}

const PAGES: DemoPage[] = [
  {
    path: '/',
    idsPerLoad: 2,
    loaded: (page) => page.waitFor(() => ['a', 'b'].every((key) => (window as any).__demo?.events.some((entry: any) => entry.embed === key && entry.type === 'svc:event:dashboard-loaded')), undefined, { timeout: 20_000 }),
    async signOut(page) {
      await page.click('#session-panel [data-action="logout"]');
      await page.waitFor(() => (window as any).__demo.logoutResult !== undefined, undefined, { timeout: 20_000 });
      return page.evaluate(() => (window as any).__demo.logoutResult.complete);
    },
    signsOut: 'first',
  },
  {
    path: '/esm.html',
    idsPerLoad: 1,
    loaded: (page) => page.waitForSelector('#log li[data-type="svc:event:dashboard-loaded"]', { timeout: 20_000 }),
    async signOut(page) {
      await page.click('#logout');
      await page.waitForSelector('#log li[data-type="logout (host)"]', { timeout: 20_000 });
      return (await page.textContent('#log li[data-type="logout (host)"] code'))?.includes('"complete":true') ?? false;
    },
    signsOut: 'second',
  },
  {
    path: '/react.html',
    idsPerLoad: 2,
    loaded: (page) => page.waitFor(() => ['a', 'b'].every((key) => (window as any).__react?.events.some((entry: any) => entry.embed === key && entry.type === 'dashboard-loaded')), undefined, { timeout: 20_000 }),
    async signOut(page) {
      await page.click('[data-action="sign-out"]');
      await page.waitFor(() => (window as any).__react.events.some((entry: any) => entry.type === 'logout'), undefined, { timeout: 20_000 });
      return page.evaluate(() => (window as any).__react.events.find((entry: any) => entry.type === 'logout').payload.complete);
    },
    signsOut: 'first',
  },
];

it.each(PAGES)('$path: load, reload, a second tab, sign out in the $signsOut: every id minted is revoked, no iframe left in either tab', async (demoPage) => {
  const { browser, demo } = suite;
  const from = demo.backend.minted.length;
  const first = await browser.newPage();
  await first.goto(`${demo.hostUrl}${demoPage.path}`);
  await demoPage.loaded(first);
  await first.reload();
  await demoPage.loaded(first);
  const second = await browser.newPage();
  await second.goto(`${demo.hostUrl}${demoPage.path}`);
  await demoPage.loaded(second);
  const minted = demo.backend.minted.slice(from).map((entry) => entry.sessionId);
  expect(minted).toHaveLength(3 * demoPage.idsPerLoad);

  const complete = await demoPage.signOut(demoPage.signsOut === 'first' ? first : second);
  const revoked = () => minted.filter((sessionId) => demo.emulator.state.describe(sessionId)?.status === 'revoked');
  await expect.poll(revoked, { timeout: 10_000 }).toEqual(minted);
  console.log(`${ENGINE} ${demoPage.path}: ${minted.length} minted, ${revoked().length} revoked`);
  for (const tab of [first, second]) await tab.waitFor(() => document.querySelectorAll('iframe').length === 0);
  // The page was told the truth: its logout() said the sign-out was complete.
  expect(complete).toBe(true);
  await first.close();
  await second.close();
});
