// WebKitGTK (Debian's) through WebKitWebDriver, spoken to with plain fetch (classic W3C WebDriver).
// WebKitWebDriver drives MiniBrowser started with --automation, which needs an X display: this
// driver starts its own Xvfb on a free display and stops it on close.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { documentDriver, settleTraversal } from './document-driver.js';
import type { BrowserDriver, PageDriver } from './types.js';

const INSTALL = 'apt-get update && apt-get install -y webkit2gtk-driver xvfb';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** MiniBrowser: `WEBKIT_MINIBROWSER`, else where Debian's libwebkit2gtk-4.1-0 puts it. */
function findMiniBrowser(): string | undefined {
  if (process.env.WEBKIT_MINIBROWSER) return process.env.WEBKIT_MINIBROWSER;
  const usual = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
  if (existsSync(usual)) return usual;
  try {
    return execFileSync('dpkg', ['-L', 'libwebkit2gtk-4.1-0'], { encoding: 'utf8' }).split('\n').find((line) => line.endsWith('/MiniBrowser'));
  } catch {
    return undefined;
  }
}

function which(command: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on a display it picks itself (-displayfd) and returns that display. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let text = '';
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it opened a display`)));
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve({ display: `:${text.trim()}`, process: xvfb });
    });
  });
}

type Json = Record<string, unknown>;

/** One WebDriver session. Commands are serialized: a page's evaluation switches window and frames. */
class WebDriverSession {
  private chain: Promise<unknown> = Promise.resolve();
  constructor(private readonly base: string, readonly id: string) {}

  async command(method: string, path: string, body?: unknown): Promise<any> {
    if (process.env.WEBDRIVER_DEBUG) console.log(`webdriver ${method} ${path} ${JSON.stringify(body ?? '').slice(0, 120)}`);
    const response = await fetch(`${this.base}/session/${this.id}${path}`, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { value: any };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  }

  /** Runs `work` with no other command in between. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.chain.then(work, work);
    this.chain = result.catch(() => undefined);
    return result;
  }

  /** Makes the document at `path` of window `handle` current, waiting for each iframe to exist. */
  async enter(handle: string, path: readonly string[]) {
    await this.command('POST', '/window', { handle });
    await this.command('POST', '/frame', { id: null });
    for (const selector of path) {
      const deadline = Date.now() + 15_000;
      let element: Json | undefined;
      while (!element) {
        try {
          element = await this.command('POST', '/element', { using: 'css selector', value: selector });
        } catch (error) {
          if (Date.now() > deadline) throw new Error(`no iframe matches ${selector}: ${(error as Error).message}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await this.command('POST', '/frame', { id: { [ELEMENT]: element[ELEMENT] } });
    }
  }
}

/** The top document of window `handle`, as a {@link documentDriver}: scripts and clicks go through the session. */
function windowDocument(session: WebDriverSession, handle: string) {
  const evaluate = (path: readonly string[], source: string, arg: unknown) =>
    session.exclusive(async () => {
      await session.enter(handle, path);
      // The driver runs the script itself, outside the page's CSP. The result travels as a JSON
      // string: WebKitWebDriver's own serialization does not keep the order of object keys.
      const script = `const done = arguments[arguments.length - 1];
        Promise.resolve().then(() => (${source})(arguments[0])).then(
          (value) => done({ ok: true, json: value === undefined ? undefined : JSON.stringify(value) }),
          (error) => done({ ok: false, error: String((error && error.stack) || error) }));`;
      const result = await session.command('POST', '/execute/async', { script, args: [arg ?? null] });
      if (!result.ok) throw new Error(result.error);
      return typeof result.json === 'string' ? JSON.parse(result.json) : undefined;
    });
  // WebDriver's Element Click: scrolled into view, then the browser's own pointer input at its centre.
  const userClick = (path: readonly string[], selector: string) =>
    session.exclusive(async () => {
      await session.enter(handle, path);
      const element: Json = await session.command('POST', '/element', { using: 'css selector', value: selector });
      await session.command('POST', `/element/${element[ELEMENT]}/click`, {});
    });
  return documentDriver(evaluate, userClick);
}

function pageDriver(session: WebDriverSession, handle: string, screenshots: string): PageDriver {
  const top = windowDocument(session, handle);
  // The command on this page's window; WebDriver waits for a new document's load itself.
  const onWindow = (path: string, body?: unknown) => session.exclusive(async () => {
    await session.command('POST', '/window', { handle });
    await session.command('POST', path, body);
  });
  return {
    ...top,
    engine: 'webkit',
    goto: (url) => onWindow('/url', { url }),
    reload: () => onWindow('/refresh', {}),
    back: () => settleTraversal(top, 'back', () => onWindow('/back', {})),
    forward: () => settleTraversal(top, 'forward', () => onWindow('/forward', {})),
    // WebDriver's key actions: the browser's own keyboard input (\uE004 is Tab, \uE008 Shift).
    pressTab: (options) => session.exclusive(async () => {
      await session.enter(handle, options?.frame ? [options.frame] : []);
      const tab = [{ type: 'keyDown', value: '\uE004' }, { type: 'keyUp', value: '\uE004' }];
      const keys = options?.shift ? [{ type: 'keyDown', value: '\uE008' }, ...tab, { type: 'keyUp', value: '\uE008' }] : tab;
      await session.command('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions: keys }] });
    }),
    screenshot: (name) => session.exclusive(async () => {
      await session.enter(handle, []);
      const png = await session.command('GET', '/screenshot');
      mkdirSync(screenshots, { recursive: true });
      writeFileSync(join(screenshots, `${name}.png`), Buffer.from(png, 'base64'));
    }),
    async waitForPopup(trigger) {
      const before: string[] = await session.exclusive(() => session.command('GET', '/window/handles'));
      await trigger();
      const deadline = Date.now() + 15_000;
      for (;;) {
        const handles: string[] = await session.exclusive(() => session.command('GET', '/window/handles'));
        const opened = handles.find((candidate) => !before.includes(candidate));
        if (opened) {
          const popup = pageDriver(session, opened, screenshots);
          await popup.waitFor(() => document.readyState === 'complete');
          return popup;
        }
        if (Date.now() > deadline) throw new Error('no window was opened');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    // Classic WebDriver has no media emulation.
    emulateColorScheme: async () => false,
    // Classic WebDriver cannot run a script before a document's own.
    addInitScript: async () => false,
    // Classic WebDriver has no log or network events (see PageDriver.watchConsole).
    watchConsole: async () => undefined,
    close: () => session.exclusive(async () => {
      const handles: string[] = await session.command('GET', '/window/handles');
      await session.command('POST', '/window', { handle });
      // The last window ends the session: leave it blank instead.
      if (handles.length > 1) await session.command('DELETE', '/window');
      else await session.command('POST', '/url', { url: 'about:blank' });
    }),
  };
}

/** Launches MiniBrowser under WebKitWebDriver and Xvfb. */
export async function launchWebKitDriver(options: { screenshots: string }): Promise<BrowserDriver> {
  const miniBrowser = findMiniBrowser();
  const missing = [!which('WebKitWebDriver') && 'WebKitWebDriver', !miniBrowser && 'MiniBrowser', !which('Xvfb') && 'Xvfb'].filter(Boolean);
  if (missing.length) throw new Error(`${missing.join(', ')} not found: the WebKit suites need them and never skip. Install them with "${INSTALL}".`);
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], { env: { ...process.env, DISPLAY: xvfb.display }, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    driver.kill();
    xvfb.process.kill();
  };
  try {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const ready = await fetch(`${base}/status`).then((response) => response.ok, () => false);
      if (ready) break;
      if (Date.now() > deadline) throw new Error('WebKitWebDriver did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const created = await fetch(`${base}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation', '--javascript-can-open-windows-automatically=true'] } } } }),
    }).then((response) => response.json() as Promise<{ value: { sessionId: string; capabilities: Json; message?: string } }>);
    if (!created.value.sessionId) throw new Error(`WebKitWebDriver could not start MiniBrowser: ${created.value.message}`);
    const session = new WebDriverSession(base, created.value.sessionId);
    await session.command('POST', '/timeouts', { script: 60_000, pageLoad: 30_000 });
    await session.command('POST', '/window/rect', { width: 1600, height: 1000 }).catch(() => undefined);
    const first: string = await session.command('GET', '/window');
    let firstTaken = false;
    return {
      engine: 'webkit',
      version: `WebKitGTK ${created.value.capabilities.browserVersion} (MiniBrowser)`,
      async newPage() {
        if (!firstTaken) {
          firstTaken = true;
          return pageDriver(session, first, options.screenshots);
        }
        // A window of its own, not a tab: MiniBrowser renders (and screenshots) only a tab in front.
        const opened = await session.exclusive(async () => {
          const [current] = await session.command('GET', '/window/handles');
          await session.command('POST', '/window', { handle: current });
          return session.command('POST', '/window/new', { type: 'window' });
        });
        return pageDriver(session, opened.handle, options.screenshots);
      },
      async close() {
        await session.command('DELETE', '').catch(() => undefined);
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}
