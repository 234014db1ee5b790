// Firefox ESR (Debian's) through puppeteer-core over WebDriver BiDi: launched directly, no
// geckodriver, on a fresh profile that puppeteer makes and removes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Frame, type Page } from 'puppeteer-core';
import { descend, documentDriver, settleTraversal } from './document-driver.js';
import type { BrowserDriver, PageDriver, PageReport } from './types.js';

/** The Firefox binary: `FIREFOX_PATH`, else Debian's firefox-esr. */
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/lib/firefox-esr/firefox-esr';

const frameAt = (page: Page, path: readonly string[]) =>
  descend<Frame>(page.mainFrame(), path, async (frame, selector) => (await frame.waitForSelector(selector, { timeout: 15_000 }))?.contentFrame());

function pageDriver(page: Page, screenshots: string): PageDriver {
  // Evaluated through BiDi `script.callFunction`, which the page's CSP does not govern.
  const evaluate = async (path: readonly string[], source: string, arg: unknown) =>
    (await frameAt(page, path)).evaluate(`(${source})(${JSON.stringify(arg) ?? 'undefined'})`);
  // Puppeteer's own click: scrolled into view, then BiDi input actions at the element's centre.
  const userClick = async (path: readonly string[], selector: string) => (await frameAt(page, path)).click(selector);
  const top = documentDriver(evaluate, userClick);
  return {
    ...top,
    engine: 'firefox',
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    back: () => settleTraversal(top, 'back', () => page.goBack({ waitUntil: 'load' })),
    forward: () => settleTraversal(top, 'forward', () => page.goForward({ waitUntil: 'load' })),
    async pressTab(options) {
      if (options?.shift) await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      if (options?.shift) await page.keyboard.up('Shift');
    },
    async screenshot(name) {
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: join(screenshots, `${name}.png`) as `${string}.png`, fullPage: true });
    },
    async waitForPopup(trigger) {
      const popup = new Promise<Page>((resolve) => page.once('popup', (opened) => opened && resolve(opened)));
      await trigger();
      return pageDriver(await popup, screenshots);
    },
    // WebDriver BiDi has no media emulation that puppeteer can use with Firefox.
    emulateColorScheme: async () => false,
    async addInitScript(fn) {
      // A BiDi preload script: it runs in the page and in its frames before their scripts.
      await page.evaluateOnNewDocument(fn);
      return true;
    },
    async watchConsole() {
      const report: PageReport = { console: [], failedRequests: [] };
      // BiDi's log.entryAdded: the console calls and the JavaScript errors of the page and its frames.
      page.on('console', (message) => report.console.push({ level: message.type(), text: message.text() }));
      page.on('pageerror', (error) => report.console.push({ level: 'error', text: error instanceof Error ? error.message : String(error) }));
      page.on('requestfailed', (request) => report.failedRequests.push(`${request.failure()?.errorText} ${request.url()}`));
      page.on('response', (response) => {
        if (response.status() >= 400) report.failedRequests.push(`${response.status()} ${response.url()}`);
      });
      return () => structuredClone(report);
    },
    close: () => page.close(),
  };
}

/** Launches Firefox ESR headless. */
export async function launchFirefoxDriver(options: { screenshots: string }): Promise<BrowserDriver> {
  if (!existsSync(FIREFOX))
    throw new Error(`Firefox is not installed at ${FIREFOX}: the Firefox suites need it and never skip. Install it with "apt-get update && apt-get install -y firefox-esr" (or set FIREFOX_PATH).`);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: { width: 1600, height: 1000 },
    // No update checks, telemetry or other connections to a network that is closed here.
    extraPrefsFirefox: {
      'network.captive-portal-service.enabled': false, 'app.update.enabled': false, 'browser.safebrowsing.malware.enabled': false, 'browser.safebrowsing.phishing.enabled': false,
      // Firefox's own default: puppeteer sets 0, which turns every <link rel="preconnect"> off (the SDK's warm-up is one).
      'network.http.speculative-parallel-limit': 6,
    },
  });
  return {
    engine: 'firefox',
    version: execFileSync(FIREFOX, ['--version'], { encoding: 'utf8' }).trim(),
    async newPage() {
      return pageDriver(await browser.newPage(), options.screenshots);
    },
    close: () => browser.close(),
  };
}
