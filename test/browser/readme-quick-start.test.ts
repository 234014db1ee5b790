// The README's script-tag and element quick starts, served as written on the host origin with only
// three substitutions (the tenant URL, the dashboard id, the CDN URL): each embeds, becomes ready,
// and its logout button revokes the id, with no error on the page; a second tab of the same viewer
// follows the sign-out (no iframe, and "Signed out" shown).
import { expect, it } from 'vitest';
import { runBlock, type RunBlockName } from '../docs/readme-blocks.js';
import type { PageDriver } from './driver/index.js';
import { screenshot, useSuite } from './harness.js';
import { pageErrors, pageWatch } from './readme-pages.js';

const suite = useSuite();

/**
 * Serves the README's html block `block` on the host origin with only the three substitutions (the
 * tenant URL, the dashboard id, the CDN URL), behind the watcher, at `path`.
 */
function serveQuickStart(options: { block: RunBlockName; path: string; cdnFile: string; svcEvents?: string[] }) {
  const { demo } = suite;
  const snippet = runBlock(options.block).code
    .replaceAll('https://tenant.example', demo.serviceUrl)
    .replace(/(['"])d-42\1/g, '$1sales-overview$1')
    .replaceAll(`https://unpkg.com/@svc-embed/host/dist/iife/${options.cdnFile}`, `/vendor/${options.cdnFile}`);
  demo.addPage(options.path, `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Quick start</title>${pageWatch(options.svcEvents)}</head><body>\n${snippet}\n</body></html>`);
}

/** The script page's signed-out state: no iframe, and its status line says so. */
const showsSignedOut = (page: PageDriver) =>
  page.waitFor(() => document.querySelector('#analytics iframe') === null && document.querySelector('#status')?.textContent === 'Signed out', undefined, { timeout: 10_000 });

/** The element page's signed-out state: no iframe, `data-signed-out`, and the page's style says so. */
const elementSignedOut = (page: PageDriver) =>
  page.waitFor(() => {
    const element = document.querySelector('svc-embed');
    return element?.querySelector('iframe') === null && element.hasAttribute('data-signed-out') && getComputedStyle(element, '::before').content === '"Signed out"';
  }, undefined, { timeout: 10_000 });

it('the script-tag quick start runs as pasted: ready, logout revokes the id, and the other tab shows "Signed out"', async () => {
  const { demo, browser } = suite;
  serveQuickStart({ block: 'scriptQuickStart', path: '/quick-start.html', cdnFile: 'svc-embed.min.js' });
  const other = await browser.newPage();
  await other.goto(`${demo.hostUrl}/quick-start.html`);
  await other.waitFor(() => document.querySelector('#analytics iframe') !== null);
  await other.evaluate(() => (globalThis as any).eval('embed.ready.then((info) => info.mode)'));
  const minted = demo.backend.minted.length;

  const page = await browser.newPage();
  await page.goto(`${demo.hostUrl}/quick-start.html`);
  await page.waitFor(() => typeof (window as any).SvcEmbed === 'object');
  // `embed` is the snippet's own top-level const.
  const ready = await page.evaluate(() => (globalThis as any).eval('embed.ready.then((info) => info)'));
  expect(ready).toMatchObject({ mode: 'signed', publicId: 'sales-overview' });
  expect(demo.backend.minted.length).toBe(minted + 1);
  const sessionId = demo.backend.minted.at(-1)!.sessionId;
  expect(demo.emulator.state.describe(sessionId)?.status).toBe('redeemed');
  await screenshot(page, 'readme-quick-start');

  await page.click('#logout');
  await expect.poll(() => demo.emulator.state.describe(sessionId)?.status, { timeout: 10_000 }).toBe('revoked');
  await showsSignedOut(page);
  await showsSignedOut(other);
  for (const tab of [page, other]) {
    expect(await pageErrors(tab)).toEqual([]);
    await tab.close();
  }
});

it('the <svc-embed> element quick start runs as pasted: ready, events re-dispatched, logout revokes the id, and the other tab shows "Signed out"', async () => {
  const { demo, browser } = suite;
  serveQuickStart({
    block: 'elementQuickStart', path: '/element-quick-start.html', cdnFile: 'svc-embed-element.min.js',
    svcEvents: ['svc-ready', 'svc-view', 'svc-dashboard-loaded', 'svc-error', 'svc-renewal-failed', 'svc-renewed'],
  });
  const other = await browser.newPage();
  await other.goto(`${demo.hostUrl}/element-quick-start.html`);
  await other.waitFor(() => (window as any).__svc.some((entry: any) => entry.type === 'svc-ready'));
  const minted = demo.backend.minted.length;
  const page = await browser.newPage();
  await page.goto(`${demo.hostUrl}/element-quick-start.html`);
  await page.waitFor(() => (window as any).__svc.some((entry: any) => entry.type === 'svc-dashboard-loaded'));
  const ready = await page.evaluate(() => (window as any).__svc.find((entry: any) => entry.type === 'svc-ready').detail);
  expect(ready).toMatchObject({ mode: 'signed', publicId: 'sales-overview' });
  expect(demo.backend.minted.length).toBe(minted + 1);
  const sessionId = demo.backend.minted.at(-1)!.sessionId;
  expect(await page.evaluate(() => (document.querySelector('svc-embed iframe') as HTMLIFrameElement).getBoundingClientRect().height)).toBe(640);
  await screenshot(page, 'readme-element-quick-start');
  await page.click('#logout');
  await expect.poll(() => demo.emulator.state.describe(sessionId)?.status, { timeout: 10_000 }).toBe('revoked');
  await elementSignedOut(page);
  await elementSignedOut(other);
  for (const tab of [page, other]) {
    expect(await pageErrors(tab)).toEqual([]);
    await tab.close();
  }
});
