// The README's script-tag and element quick starts, served as written on the host origin with only
// three substitutions (the tenant URL, the dashboard id, the CDN URL): each embeds, becomes ready,
// and its logout button revokes the id, with no error on the page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, screenshot, useSuite } from './harness.js';

const suite = useSuite();

/** The first html block under a heading of the README. */
function htmlBlockUnder(heading: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(heading));
  const block = /```html\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error(`README.md has no html block under "${heading}"`);
  return block[1]!;
}

/** What a developer's console would show: the page's errors, and the svc-<name> events of `types`. */
const watchScript = (types: string[]) =>
  `<script>window.__errors = []; window.__svc = []; addEventListener('error', (event) => window.__errors.push(String(event.message))); addEventListener('unhandledrejection', (event) => window.__errors.push(String(event.reason))); for (const type of ${JSON.stringify(types)}) document.addEventListener(type, (event) => window.__svc.push({ type, detail: event.detail }));</script>`;

/**
 * Serves the html block under `heading` on the host origin with only the three substitutions (the
 * tenant URL, the dashboard id, the CDN URL), behind the watcher, at `path`.
 */
function serveQuickStart(options: { heading: string; path: string; cdnFile: string; svcEvents?: string[] }) {
  const { demo } = suite;
  const snippet = htmlBlockUnder(options.heading)
    .replaceAll('https://tenant.example', demo.serviceUrl)
    .replace(/(['"])d-42\1/g, '$1sales-overview$1')
    .replaceAll(`https://unpkg.com/@svc-embed/host/dist/iife/${options.cdnFile}`, `/vendor/${options.cdnFile}`);
  demo.addPage(options.path, `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Quick start</title>${watchScript(options.svcEvents ?? [])}</head><body>\n${snippet}\n</body></html>`);
}

it('the script-tag quick start runs as pasted: ready, and logout revokes the id', async () => {
  const { demo, browser } = suite;
  serveQuickStart({ heading: '## Quick start: a `<script>` page', path: '/quick-start.html', cdnFile: 'svc-embed.min.js' });
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
  await page.waitFor(() => document.querySelector('#analytics iframe') === null);
  expect(await page.evaluate(() => (window as any).__errors)).toEqual([]);
  await page.close();
});

it('the <svc-embed> element quick start runs as pasted: ready, events re-dispatched, and logout revokes the id', async () => {
  const { demo, browser } = suite;
  serveQuickStart({
    heading: '## Quick start: the `<svc-embed>` element', path: '/element-quick-start.html', cdnFile: 'svc-embed-element.min.js',
    svcEvents: ['svc-ready', 'svc-view', 'svc-dashboard-loaded', 'svc-error', 'svc-renewal-failed', 'svc-renewed'],
  });
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
  await page.waitFor(() => document.querySelector('svc-embed iframe') === null);
  expect(await page.evaluate(() => (window as any).__errors)).toEqual([]);
  await page.close();
});
