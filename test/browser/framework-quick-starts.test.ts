// The root README's Vue, Svelte and Angular quick starts, built as pasted by their frameworks'
// toolchains (the examples suite builds them: test/examples/quick-starts.ts), served on the host
// origin with the tenant URL replaced by the emulator's, in two tabs: each embeds the dashboard with
// one id, and a sign-out in one revokes both ids and leaves no iframe in either, both buttons back to
// "Sign in", with no error on the page.
import { describe, expect, it } from 'vitest';
import { missingQuickStart, QUICK_STARTS, quickStartBuild } from '../examples/quick-starts.js';
import { pageMints, waitForRevoked } from './framework-apps.js';
import type { PageDriver } from './driver/index.js';
import { useSuite } from './harness.js';
import { dashboardLoaded, pageErrors, pageWatch } from './readme-pages.js';

const suite = useSuite();

describe.each(QUICK_STARTS)('the README\'s "$heading"', ({ example }) => {
  it('runs as pasted in two tabs: each embeds with one id; a sign-out in one revokes both ids, and the other tab follows (no iframe, "Sign in")', async () => {
    const { demo, browser } = suite;
    const missing = missingQuickStart(example);
    if (missing) throw new Error(missing);
    // The page's errors from its first script on, as a developer's console would show them.
    demo.addApp(`/${example}-quick-start/`, quickStartBuild(example), { 'https://tenant.example': demo.serviceUrl, '<head>': `<head>${pageWatch()}` });
    const earlier = pageMints(suite).length;
    const openTab = async (): Promise<PageDriver> => {
      const page = await browser.newPage();
      await page.goto(`${demo.hostUrl}/${example}-quick-start/`);
      await dashboardLoaded(page.frame('iframe'));
      return page;
    };
    const first = await openTab();
    const second = await openTab();
    const minted = pageMints(suite).slice(earlier);
    expect(minted).toHaveLength(2);
    await first.click('button');
    await waitForRevoked(suite, minted);
    for (const page of [second, first]) {
      await page.waitFor(() => document.querySelectorAll('iframe').length === 0 && document.querySelector('button')?.textContent?.trim() === 'Sign in', undefined, { timeout: 10_000 });
      expect(await pageErrors(page)).toEqual([]);
      await page.close();
    }
  });
});
