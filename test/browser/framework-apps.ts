// Shared by the browser suites of the framework example apps (examples/vue-app, svelte-app,
// angular-app): each app, built by its own toolchain (the examples suite builds it), is served on
// the demo's host origin under /<name>/ next to the demo's session endpoint, with the emulator as
// the tenant. The apps show what they receive in an `#events` list; the tests read what a viewer
// sees there, in the dashboard's frame and at the service.
import { expect } from 'vitest';
import { exampleBuild, missingExample, type FrameworkExample } from '../examples/examples.js';
import type { FrameDriver, PageDriver } from './driver/index.js';
import { captureDownloads, type Suite } from './harness.js';

/**
 * Serves the app on the suite's host origin, its `SERVICE_URL` placeholder (the `<meta>` that gives
 * the tenant's URL) replaced by the emulator's; fails (never skips) when it is not installed or built.
 */
export function serveApp(suite: Suite, name: FrameworkExample['name']): string {
  const missing = missingExample(name, 'build');
  if (missing) throw new Error(missing);
  suite.demo.addApp(`/${name}/`, exampleBuild(name), { SERVICE_URL: suite.demo.serviceUrl });
  return `${suite.demo.hostUrl}/${name}/`;
}

/** The lines of the app's event list. */
export const eventLines = (page: PageDriver) => page.evaluate(() => [...document.querySelectorAll('#events li')].map((item) => item.textContent?.trim() ?? ''));

/** Waits until the app's event list has `count` lines starting with `start`. */
export const waitForLine = (page: PageDriver, start: string, count = 1) =>
  page.waitFor(([start, count]) => [...document.querySelectorAll('#events li')].filter((item) => item.textContent?.trim().startsWith(start as string)).length >= (count as number), [start, count] as const, { timeout: 20_000 });

/** The ids the demo's session endpoint minted for the page's embeds (an app names no embed). */
export const pageMints = (suite: Suite) => suite.demo.backend.minted.filter((entry) => entry.embed === 'page').map((entry) => entry.sessionId);

/** The dashboard's frame inside the app's embed. */
export const dashboard = (page: PageDriver): FrameDriver => page.frame('.dashboard iframe');

/** Waits until every id in `ids` is revoked at the service. */
export const waitForRevoked = (suite: Suite, ids: string[]) =>
  expect.poll(() => ids.filter((id) => suite.demo.emulator.state.describe(id)?.status !== 'revoked'), { timeout: 10_000 }).toEqual([]);

/** Opens the app and waits until its embed has loaded the dashboard (the app's list says so). */
export async function openApp(page: PageDriver, url: string): Promise<void> {
  await page.goto(url);
  await waitForLine(page, 'dashboard-loaded');
}

/** The viewer downloads a widget's CSV inside the dashboard; the app's list shows the `download` event. */
export async function downloadCsv(page: PageDriver): Promise<void> {
  const frame = dashboard(page);
  const saved = await captureDownloads(frame);
  await frame.click('[data-widget-id="bar-region"] [data-download="csv"]');
  expect((await saved(1)).fileName).toBe('sales-overview-bar-region.csv');
  await waitForLine(page, 'download csv bar-region');
}

/** The app's "Dark" control sends an action: the dashboard turns dark. */
export async function turnDark(page: PageDriver, control: string): Promise<void> {
  await page.click(control);
  await dashboard(page).waitFor(() => document.documentElement.dataset.scheme === 'dark', undefined, { timeout: 10_000 });
}

/**
 * Signs the viewer out with the app's button: every id minted is revoked at the service, no iframe
 * is left, and nothing more is minted however long one waits.
 */
export async function signOut(suite: Suite, page: PageDriver): Promise<void> {
  const minted = pageMints(suite);
  await page.click('[data-action="sign-out"]');
  await waitForRevoked(suite, minted);
  await page.waitFor(() => document.querySelectorAll('iframe').length === 0);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
  expect(await page.count('iframe')).toBe(0);
  expect(pageMints(suite)).toEqual(minted);
}
