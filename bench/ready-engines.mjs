// The three engines of bench/ready.mjs, each behind the same small interface: launch, then per load
// a fresh page (a fresh browser context where the engine has them) that goes to the host page, runs
// window.__warm() (floor-warm) and window.__start(), and waits for window.__readyMs.
//   Chromium: Debian's, through playwright-core (scripts/chromium.mjs: a fresh normal profile), a new
//     tab per load;
//   Firefox: Debian's firefox-esr through puppeteer-core over WebDriver BiDi, a new context per load;
//   WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver under Xvfb: the repository's own driver
//     (test/browser/driver/webkit.ts, bundled by esbuild at start and imported), a new window per load.
// bench/ready.mjs also gives every load a tenant port of its own, so no engine can reuse a connection
// of an earlier load whatever its contexts share.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, launchChromium as launchChromiumProfile } from '../scripts/chromium.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const READY_TIMEOUT_MS = 30_000;

/** Every engine, in the order they run. */
export const ENGINES = ['chromium', 'firefox', 'webkit'];

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/lib/firefox-esr/firefox-esr';
const MINIBROWSER = process.env.WEBKIT_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const onPath = (command) => {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
};

/** Why `engine` cannot run here (a missing binary and the command that installs it), or undefined. */
export function missingEngine(engine) {
  if (engine === 'chromium') return existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (engine === 'firefox') return existsSync(FIREFOX) ? undefined : `no Firefox at ${FIREFOX} (apt-get install -y firefox-esr, or set FIREFOX_PATH)`;
  const missing = [!onPath('WebKitWebDriver') && 'WebKitWebDriver', !existsSync(MINIBROWSER) && `MiniBrowser at ${MINIBROWSER}`, !onPath('Xvfb') && 'Xvfb'].filter(Boolean);
  return missing.length ? `${missing.join(', ')} not found (apt-get install -y webkit2gtk-driver xvfb)` : undefined;
}

/**
 * Times one load in a page whose `evaluate` and `waitFor` are given: goes to the host page, runs
 * window.__warm() when asked, then window.__start(), and waits for window.__readyMs.
 */
async function timeLoad(page, { url, warm, started }) {
  await page.goto(url);
  // A page whose script is a module (sdk-page-id) may still be fetching its imports when the
  // navigation returns (WebKitGTK's driver): wait until it has defined __start.
  await page.waitFor(() => typeof window.__start === 'function');
  if (warm) await page.evaluate(() => window.__warm());
  started();
  await page.evaluate(() => void window.__start());
  return page.waitFor(() => window.__readyMs);
}

async function launchChromium() {
  // A normal profile (scripts/chromium.mjs), not an incognito context per load: Chromium opens no
  // connection at all for <link rel="preconnect"> in an incognito context, so the preconnect variant
  // would measure nothing there. Each load gets a tab of its own (and a tenant port of its own).
  const browser = await launchChromiumProfile({ root: ROOT, who: 'npm run bench:ready' });
  return {
    version: execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    async load(url, options) {
      const tab = await browser.context.newPage();
      try {
        const waitFor = (fn) => tab.waitForFunction(fn, undefined, { timeout: READY_TIMEOUT_MS, polling: 20 }).then((handle) => handle.jsonValue());
        return await timeLoad({ goto: (to) => tab.goto(to), evaluate: (fn) => tab.evaluate(fn), waitFor }, { url, ...options });
      } finally {
        await tab.close();
      }
    },
    close: () => browser.close(),
  };
}

async function launchFirefox() {
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: FIREFOX, headless: true,
    extraPrefsFirefox: {
      // No update checks, telemetry or other connections to a network that is closed here (as test/browser/driver/firefox.ts).
      'network.captive-portal-service.enabled': false, 'app.update.enabled': false, 'browser.safebrowsing.malware.enabled': false, 'browser.safebrowsing.phishing.enabled': false,
      // Firefox's own default: puppeteer sets 0, which turns every <link rel="preconnect"> off.
      'network.http.speculative-parallel-limit': 6,
    },
  });
  return {
    version: execFileSync(FIREFOX, ['--version'], { encoding: 'utf8' }).trim(),
    async load(url, options) {
      const context = await browser.createBrowserContext();
      try {
        const tab = await context.newPage();
        const waitFor = (fn) => tab.waitForFunction(fn, { timeout: READY_TIMEOUT_MS, polling: 20 }).then((handle) => handle.jsonValue());
        return await timeLoad({ goto: (to) => tab.goto(to), evaluate: (fn) => tab.evaluate(fn), waitFor }, { url, ...options });
      } finally {
        await context.close();
      }
    },
    close: () => browser.close(),
  };
}

/** The repository's WebKit driver (TypeScript), bundled to one ES module and imported from memory. */
async function webKitDriverModule() {
  const bundle = await build({ entryPoints: [join(ROOT, 'test/browser/driver/webkit.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', write: false, logLevel: 'silent' });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
}

async function launchWebKit() {
  const { launchWebKitDriver } = await webKitDriverModule();
  const browser = await launchWebKitDriver({ screenshots: join(ROOT, 'reports', 'screenshots', 'webkit') });
  return {
    version: browser.version,
    async load(url, options) {
      const page = await browser.newPage();
      try {
        const waitFor = (fn) => page.waitFor(fn, undefined, { timeout: READY_TIMEOUT_MS, polling: 20 });
        return await timeLoad({ goto: (to) => page.goto(to), evaluate: (fn) => page.evaluate(fn), waitFor }, { url, ...options });
      } finally {
        // A closed window's web process lives on for seconds, still running the dashboard (a quarter
        // of a core each, measured): unload it first, so that earlier loads do not slow the next ones.
        await page.goto('about:blank').catch(() => undefined);
        await page.close();
      }
    },
    close: () => browser.close(),
  };
}

/** Launches `engine`: `{ version, load(url, { warm, started }) -> ms, close() }`. */
export function launchEngine(engine) {
  if (engine === 'firefox') return launchFirefox();
  if (engine === 'webkit') return launchWebKit();
  return launchChromium();
}
