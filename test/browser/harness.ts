// Shared setup of the real-browser suites, in whichever engine this run is for (SVC_ENGINE:
// Chromium, Firefox ESR or WebKitGTK, see driver/): a fresh browser per file, the two-origin demo on
// free loopback ports, and helpers that wait for conditions (never for time).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DemoOptions } from '../../demo/demo-server.mjs';
import { startDemoWithHooks } from '../../demo/test-hooks.mjs';
import { currentEngine, launchEngine, type BrowserDriver, type FrameDriver, type PageDriver } from './driver/index.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The engine of this run. */
export const ENGINE = currentEngine();

const DIST_FILES = ['packages/host/dist/iife/svc-embed.min.js', 'packages/frame/dist/iife/svc-embed-frame.min.js', 'packages/host/dist/esm/index.js', 'packages/protocol/dist/esm/index.js'];

/** Launches this run's engine on a fresh profile; fails (never skips) when it or the build is missing, saying how to fix it. */
export function launchBrowser(): Promise<BrowserDriver> {
  return launchEngine({ engine: ENGINE, root: ROOT, requiredFiles: DIST_FILES });
}

export type Demo = Awaited<ReturnType<typeof startDemoWithHooks>>;

/** The demo on free ports (host page on 127.0.0.1, service on localhost). */
export function startTestDemo(options: DemoOptions = {}): Promise<Demo> {
  return startDemoWithHooks({ hostPort: 0, servicePort: 0, ...options });
}

/**
 * Records what a document logs from now on (console.debug/log/info/warn/error), for debug-mode
 * evidence: the same in every engine, since it wraps the console inside the document.
 */
export async function captureConsole(target: FrameDriver): Promise<() => Promise<string[]>> {
  await target.evaluate(() => {
    const w = window as any;
    if (w.__consoleLines) return;
    w.__consoleLines = [];
    for (const level of ['debug', 'log', 'info', 'warn', 'error'] as const) {
      const original = console[level].bind(console);
      console[level] = (...args: unknown[]) => {
        w.__consoleLines.push(args.map((arg) => (typeof arg === 'string' ? arg : (() => { try { return JSON.stringify(arg); } catch { return String(arg); } })())).join(' '));
        original(...args);
      };
    }
  });
  return () => target.evaluate(() => (window as any).__consoleLines as string[]);
}

/** A file the page saved: its name and its bytes. */
export interface SavedFile {
  fileName: string;
  bytes: Buffer;
}

/**
 * Catches the files a document saves through a temporary `<a download>` link to a blob URL (how the
 * dashboard's exports save), instead of the browser's own download: the name and bytes are checked
 * the same way in every engine. Returns a function that waits for the `count`-th file.
 */
export async function captureDownloads(target: FrameDriver): Promise<(count: number) => Promise<SavedFile>> {
  await target.evaluate(() => {
    const w = window as any;
    if (w.__savedFiles) return;
    w.__savedFiles = [];
    const blobs = new Map<string, Blob>();
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = createObjectURL(object);
      if (object instanceof Blob) blobs.set(url, object);
      return url;
    };
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function saveInstead(this: HTMLAnchorElement) {
      const blob = this.download ? blobs.get(this.href) : undefined;
      if (!blob) return click.call(this);
      const entry: { fileName: string; base64?: string } = { fileName: this.download };
      w.__savedFiles.push(entry);
      void blob.arrayBuffer().then((buffer) => {
        let binary = '';
        for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
        entry.base64 = btoa(binary);
      });
    };
  });
  return async (count) => {
    const entry = await target.waitFor((n) => {
      const file = (window as any).__savedFiles[n - 1];
      return file?.base64 !== undefined ? file : undefined;
    }, count);
    return { fileName: entry.fileName, bytes: Buffer.from(entry.base64, 'base64') };
  };
}

/** Opens the demo page and waits until both embeds have sent `ready` and `dashboard-loaded`. */
export async function openDemo(page: PageDriver, demo: Demo, path = '/') {
  await page.goto(`${demo.hostUrl}${path}`);
  for (const embed of ['a', 'b']) await waitForEvent(page, embed, 'dashboard-loaded');
}

export type LoggedEvent = { embed: string; type: string; payload: any; at: number };

const wireType = (type: string) => (type.includes(':') ? type : `svc:event:${type}`);

/** Events the demo page's listeners received, in order. */
export function events(page: FrameDriver, embed?: string, type?: string): Promise<LoggedEvent[]> {
  return page.evaluate(
    ([embed, type]) => (window as any).__demo.events.filter((entry: any) => (!embed || entry.embed === embed) && (!type || entry.type === type)),
    [embed ?? null, type ? wireType(type) : null] as const,
  );
}

/**
 * Waits until the demo page has received at least `count` events of a type from an embed, and
 * returns the last one.
 */
export async function waitForEvent(page: FrameDriver, embed: string, type: string, count = 1, timeout = 20_000): Promise<LoggedEvent> {
  const wire = wireType(type);
  await page.waitFor(
    ([embed, wire, count]) => ((window as any).__demo?.events ?? []).filter((entry: any) => entry.embed === embed && entry.type === wire).length >= (count as number),
    [embed, wire, count] as const,
    { timeout },
  );
  const list = await events(page, embed, wire);
  return list.at(-1)!;
}

/** The embedded dashboard's frame of an embed (`a` or `b`), once it is in the page. */
export async function dashboardFrame(page: PageDriver, embed: string): Promise<FrameDriver> {
  const selector = `iframe[data-embed="${embed}"]`;
  await page.waitForSelector(selector);
  return page.frame(selector);
}

/** A snapshot of the dashboard's own state (`window.__dashboard.state()`) inside an embed. */
export async function dashboardState(page: PageDriver, embed: string): Promise<any> {
  const frame = await dashboardFrame(page, embed);
  return frame.evaluate(() => (window as any).__dashboard.state());
}

/** The per-document nonce of an embed's dashboard: it changes only if the iframe reloads. */
export async function docNonce(page: PageDriver, embed: string): Promise<string> {
  return (await dashboardFrame(page, embed)).evaluate(() => (window as any).__docNonce);
}

/** Clicks a demo control for an embed: chooses the target, then the button. */
export async function act(page: PageDriver, embed: 'a' | 'b' | 'both', action: string) {
  await page.selectOption('[data-role="target"]', embed);
  await page.click(`#controls [data-action="${action}"]`);
}

/** Saves a screenshot under reports/screenshots/<engine> (git-ignored), for people to look at. */
export async function screenshot(page: PageDriver, name: string) {
  await page.screenshot(name);
}

export interface Suite {
  browser: BrowserDriver;
  demo: Demo;
  /** The first page of the browser, with the demo open when `open` was given. */
  page: PageDriver;
}

/**
 * Sets up a test file: the engine, the demo (and the demo page when `open` is set), torn down after
 * the file. A setup failure (no browser, no build) fails every test of the file with its message:
 * the suite never skips.
 */
export function useSuite(options: DemoOptions & { open?: string } = {}): Suite {
  const { open, ...demoOptions } = options;
  const opened = {} as { page: PageDriver };
  const started = useSite(async (browser) => {
    const demo = await startTestDemo(demoOptions);
    try {
      opened.page = await browser.newPage();
      if (open !== undefined) await openDemo(opened.page, demo, open);
    } catch (error) {
      await demo.close();
      throw error;
    }
    return demo;
  });
  return {
    get browser() {
      return started.browser;
    },
    get demo() {
      return started.site;
    },
    get page() {
      return opened.page;
    },
  };
}

/**
 * Sets up a test file around a site of its own (instead of the demo): this run's engine and the site
 * `start` makes, both closed after the file. A setup failure fails every test of the file with its
 * message: the suite never skips.
 */
export function useSite<Site extends { close(): Promise<unknown> }>(start: (browser: BrowserDriver) => Promise<Site>): { browser: BrowserDriver; site: Site } {
  const suite = {} as { browser: BrowserDriver; site: Site };
  let setupError: unknown;
  beforeAll(async () => {
    try {
      suite.browser = await launchBrowser();
      suite.site = await start(suite.browser);
    } catch (error) {
      setupError = error;
    }
  });
  beforeEach(() => {
    if (setupError) throw setupError;
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.site?.close();
  });
  return suite;
}
