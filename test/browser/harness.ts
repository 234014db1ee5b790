// Shared setup of the real-browser suite: Debian's Chromium through playwright-core, a fresh
// profile per file, the two-origin demo on free loopback ports, and helpers that wait for
// conditions (never for time).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, ConsoleMessage, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startDemo, type DemoOptions } from '../../demo/demo-server.mjs';
import { launchChromium } from '../../scripts/chromium.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export { CHROMIUM } from '../../scripts/chromium.mjs';
export const SCREENSHOTS = join(ROOT, 'reports', 'screenshots');

const DIST_FILES = ['packages/host/dist/iife/svc-embed.min.js', 'packages/frame/dist/iife/svc-embed-frame.min.js', 'packages/host/dist/esm/index.js', 'packages/protocol/dist/esm/index.js'];

/**
 * Launches Chromium on a fresh temporary profile. Fails (never skips) when the browser or the built
 * dist files are missing, saying how to fix it.
 */
export function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  return launchChromium({
    root: ROOT, requiredFiles: DIST_FILES, who: 'the real-browser suite',
    contextOptions: { viewport: { width: 1600, height: 1000 }, acceptDownloads: true },
  });
}

export type Demo = Awaited<ReturnType<typeof startDemo>>;

/** The demo on free ports (host page on 127.0.0.1, service on localhost). */
export function startTestDemo(options: DemoOptions = {}): Promise<Demo> {
  return startDemo({ hostPort: 0, servicePort: 0, ...options });
}

/** Console lines of every frame of a page, for debug-mode evidence. */
export function collectConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message: ConsoleMessage) => lines.push(message.text()));
  page.on('pageerror', (error) => lines.push(`pageerror: ${error.message}`));
  return lines;
}

/** Opens the demo page and waits until both embeds have sent `ready` and `dashboard-loaded`. */
export async function openDemo(page: Page, demo: Demo, path = '/') {
  await page.goto(`${demo.hostUrl}${path}`);
  for (const embed of ['a', 'b']) await waitForEvent(page, embed, 'dashboard-loaded');
}

export type LoggedEvent = { embed: string; type: string; payload: any; at: number };

/** Events the demo page's listeners received, in order. */
export function events(page: Page, embed?: string, type?: string): Promise<LoggedEvent[]> {
  return page.evaluate(
    ([embed, type]) => (window as any).__demo.events.filter((entry: any) => (!embed || entry.embed === embed) && (!type || entry.type === type)),
    [embed, type && (type.includes(':') ? type : `svc:event:${type}`)] as const,
  );
}

/**
 * Waits until the demo page has received at least `count` events of a type from an embed, and
 * returns the last one.
 */
export async function waitForEvent(page: Page, embed: string, type: string, count = 1, timeout = 20_000): Promise<LoggedEvent> {
  const wire = type.includes(':') ? type : `svc:event:${type}`;
  await page.waitForFunction(
    ([embed, wire, count]) => ((window as any).__demo?.events ?? []).filter((entry: any) => entry.embed === embed && entry.type === wire).length >= (count as number),
    [embed, wire, count] as const,
    { timeout, polling: 50 },
  );
  const list = await events(page, embed, wire);
  return list.at(-1)!;
}

/** The embedded dashboard's frame of an embed (`a` or `b`). */
export async function dashboardFrame(page: Page, embed: string): Promise<Frame> {
  const handle = await page.waitForSelector(`iframe[data-embed="${embed}"]`);
  const frame = await handle.contentFrame();
  if (!frame) throw new Error(`embed ${embed} has no frame`);
  return frame;
}

/** A snapshot of the dashboard's own state (`window.__dashboard.state()`) inside an embed. */
export async function dashboardState(page: Page, embed: string): Promise<any> {
  const frame = await dashboardFrame(page, embed);
  return frame.evaluate(() => (window as any).__dashboard.state());
}

/** The per-document nonce of an embed's dashboard: it changes only if the iframe reloads. */
export async function docNonce(page: Page, embed: string): Promise<string> {
  return (await dashboardFrame(page, embed)).evaluate(() => (window as any).__docNonce);
}

/** Clicks a demo control for an embed: chooses the target, then the button. */
export async function act(page: Page, embed: 'a' | 'b' | 'both', action: string) {
  await page.selectOption('[data-role="target"]', embed);
  await page.click(`#controls [data-action="${action}"]`);
}

/** Saves a screenshot under reports/screenshots (git-ignored), for people to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export interface Suite {
  browser: Awaited<ReturnType<typeof launchBrowser>>;
  demo: Demo;
  /** The first page of the browser, with the demo open when `open` was given. */
  page: Page;
}

/**
 * Sets up a test file: Chromium, the demo (and the demo page when `open` is set), torn down after
 * the file. A setup failure (no Chromium, no build) fails every test of the file with its message:
 * the suite never skips.
 */
export function useSuite(options: DemoOptions & { open?: string } = {}): Suite {
  const suite = {} as Suite;
  let setupError: unknown;
  beforeAll(async () => {
    try {
      suite.browser = await launchBrowser();
      const { open, ...demoOptions } = options;
      suite.demo = await startTestDemo(demoOptions);
      suite.page = suite.browser.context.pages()[0] ?? (await suite.browser.context.newPage());
      if (open !== undefined) await openDemo(suite.page, suite.demo, open);
    } catch (error) {
      setupError = error;
    }
  });
  beforeEach(() => {
    if (setupError) throw setupError;
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.demo?.close();
  });
  return suite;
}
