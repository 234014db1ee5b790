// The Svelte 5 and Angular example apps (examples/svelte-app, examples/angular-app), built by their
// own toolchains, use the <svc-embed> element: each loads to `ready` and the dashboard, shows the
// viewer's download as it arrives (`onsvc-download`, `(svc-download)`), sends an action from the
// app, and signs out (every id revoked, no iframe, nothing minted after; the viewer's other tab
// follows: no iframe, its button back to "Sign in"), then in again.
import { describe, expect, it } from 'vitest';
import { eventLines, dashboard, downloadCsv, openApp, pageMints, serveApp, signOut, turnDark, waitForLine } from './framework-apps.js';
import { screenshot, useSuite } from './harness.js';

const suite = useSuite();

describe.each(['svelte-app', 'angular-app'] as const)('examples/%s', (name) => {
  it('loads to ready, shows an event, sends an action, signs out (the other tab too) and in again', async () => {
    const { page, browser } = suite;
    const earlier = pageMints(suite).length;
    const mints = () => pageMints(suite).slice(earlier);
    const url = serveApp(suite, name);
    await openApp(page, url);
    expect(await page.evaluate(() => document.querySelector('#events li')?.textContent?.trim())).toBe('ready signed');
    expect(mints()).toHaveLength(1);
    expect(await page.getAttribute('svc-embed', 'state')).toBe('ready');
    await downloadCsv(page);
    await turnDark(page, '[data-action="dark"]');
    await screenshot(page, `example-${name}`);

    const other = await browser.newPage();
    await openApp(other, url);
    await signOut(suite, page);
    expect(await page.count('svc-embed[data-signed-out]')).toBe(1);
    await other.waitFor(() => document.querySelectorAll('iframe').length === 0 && document.querySelector('[data-action="sign-in"]') !== null, undefined, { timeout: 10_000 });
    await other.close();
    // The endpoint revokes every id of the viewer, this app's and any other page's before it.
    await waitForLine(page, 'signed out, ');
    expect((await eventLines(page)).at(-1)).toMatch(/^signed out, [1-9]\d* revoked$/);

    await page.click('[data-action="sign-in"]');
    await waitForLine(page, 'dashboard-loaded', 2);
    expect(mints()).toHaveLength(3); // this tab's two and the other tab's one
    expect(await dashboard(page).evaluate(() => (window as any).__dashboard.state().loads)).toBe(1);
  });
});
