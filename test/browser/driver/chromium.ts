// Chromium (Debian's) through playwright-core, launched as every suite here launches it
// (scripts/chromium.mjs: headless flags for this machine, fresh profile).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../../../scripts/chromium.mjs';
import { descend, documentDriver, settleTraversal } from './document-driver.js';
import type { BrowserDriver, PageDriver, PageReport } from './types.js';

const frameAt = (page: Page, path: readonly string[]) =>
  descend<Frame>(page.mainFrame(), path, async (frame, selector) => (await frame.waitForSelector(selector, { state: 'attached' })).contentFrame());

function pageDriver(page: Page, screenshots: string): PageDriver {
  // A string is evaluated by the DevTools protocol, which the page's CSP does not govern.
  const evaluate = async (path: readonly string[], source: string, arg: unknown) =>
    (await frameAt(page, path)).evaluate(`(${source})(${JSON.stringify(arg) ?? 'undefined'})`);
  // Playwright's own click: scrolled into view, checked to receive the pointer, real input events.
  const userClick = async (path: readonly string[], selector: string) => (await frameAt(page, path)).click(selector);
  const top = documentDriver(evaluate, userClick);
  return {
    ...top,
    engine: 'chromium',
    async goto(url) {
      await page.goto(url);
    },
    async reload() {
      await page.reload();
    },
    back: () => settleTraversal(top, 'back', () => page.goBack()),
    forward: () => settleTraversal(top, 'forward', () => page.goForward()),
    async pressTab(options) {
      await page.keyboard.press(options?.shift ? 'Shift+Tab' : 'Tab');
    },
    async screenshot(name) {
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
    },
    async waitForPopup(trigger) {
      const [popup] = await Promise.all([page.waitForEvent('popup'), trigger()]);
      await popup.waitForLoadState();
      return pageDriver(popup, screenshots);
    },
    async emulateColorScheme(scheme) {
      await page.emulateMedia({ colorScheme: scheme });
      return true;
    },
    async addInitScript(fn) {
      await page.addInitScript(fn);
      return true;
    },
    async watchConsole() {
      const report: PageReport = { console: [], failedRequests: [] };
      // Playwright's console event carries the page's console calls and the engine's own log lines
      // (failed loads, refused frames) of every frame, out-of-process ones included.
      page.on('console', (message) => report.console.push({ level: message.type(), text: message.text() }));
      page.on('pageerror', (error) => report.console.push({ level: 'error', text: error.message }));
      page.on('requestfailed', (request) => report.failedRequests.push(`${request.failure()?.errorText} ${request.url()}`));
      page.on('response', (response) => {
        if (response.status() >= 400) report.failedRequests.push(`${response.status()} ${response.url()}`);
      });
      return () => structuredClone(report);
    },
    close: () => page.close(),
  };
}

/** Launches Chromium; `root` is the repository, `screenshots` the folder for this engine. */
export async function launchChromiumDriver(options: { root: string; screenshots: string; requiredFiles: string[] }): Promise<BrowserDriver & { context: BrowserContext }> {
  const browser = await launchChromium({
    root: options.root, requiredFiles: options.requiredFiles, who: 'the Chromium suites',
    contextOptions: { viewport: { width: 1600, height: 1000 } },
  });
  return {
    engine: 'chromium',
    version: execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    context: browser.context,
    async newPage() {
      return pageDriver(await browser.context.newPage(), options.screenshots);
    },
    close: () => browser.close(),
  };
}
