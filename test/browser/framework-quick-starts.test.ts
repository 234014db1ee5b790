// The root README's Vue, Svelte and Angular quick starts, built as pasted by their frameworks'
// toolchains (the examples suite builds them: test/examples/quick-starts.ts), served on the host
// origin with the tenant URL replaced by the emulator's: each embeds the dashboard with one id, and
// its sign-out button revokes the id and leaves no iframe, with no error on the page.
import { describe, expect, it } from 'vitest';
import { missingQuickStart, QUICK_STARTS, quickStartBuild } from '../examples/quick-starts.js';
import { pageMints, waitForRevoked } from './framework-apps.js';
import { useSuite } from './harness.js';
import { dashboardLoaded, pageErrors, pageWatch } from './readme-pages.js';

const suite = useSuite();

describe.each(QUICK_STARTS)('the README\'s "$heading"', ({ example }) => {
  it('runs as pasted: embeds with one id, and signs out (the id revoked, no iframe)', async () => {
    const { demo, browser } = suite;
    const missing = missingQuickStart(example);
    if (missing) throw new Error(missing);
    // The page's errors from its first script on, as a developer's console would show them.
    demo.addApp(`/${example}-quick-start/`, quickStartBuild(example), { 'https://tenant.example': demo.serviceUrl, '<head>': `<head>${pageWatch()}` });
    const earlier = pageMints(suite).length;
    const page = await browser.newPage();
    await page.goto(`${demo.hostUrl}/${example}-quick-start/`);
    await dashboardLoaded(page.frame('iframe'));
    const minted = pageMints(suite).slice(earlier);
    expect(minted).toHaveLength(1);
    await page.click('button');
    await waitForRevoked(suite, minted);
    await page.waitFor(() => document.querySelectorAll('iframe').length === 0);
    expect(await page.textContent('button')).toBe('Sign in');
    expect(await pageErrors(page)).toEqual([]);
    await page.close();
  });
});
