// The page-driver layer: what a real-browser test may do to a page, written once and run in
// Chromium (playwright-core), Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK
// (classic W3C WebDriver through WebKitWebDriver). Everything a test does to the DOM goes through
// `evaluate` in the page or in a frame, so the three engines differ only in how they evaluate,
// navigate, screenshot and open windows.

/** The three engines of the real-browser suites. */
export type Engine = 'chromium' | 'firefox' | 'webkit';

/** A function run in the page (serialized: it sees only its argument, which must be JSON). */
export type PageFunction<A, R> = (arg: A) => R | Promise<R>;

/** Bounds of a wait: every wait fails after `timeout` ms (default 15 s), naming what it waited for. */
export interface WaitOptions {
  timeout?: number;
  /** Poll interval in ms (default 50). */
  polling?: number;
}

/** A document: the page itself or an iframe in it (found by CSS selectors from the top). */
export interface FrameDriver {
  /** Runs `fn(arg)` in this document and returns its (awaited, JSON) result. */
  evaluate<R, A = undefined>(fn: PageFunction<A, R>, arg?: A): Promise<R>;
  /** Waits until `fn(arg)` returns a truthy value in this document; returns that value. */
  waitFor<R, A = undefined>(fn: PageFunction<A, R>, arg?: A, options?: WaitOptions): Promise<R>;
  /** The iframe matching `selector` in this document (looked up again on every call). */
  frame(selector: string): FrameDriver;
  /** Waits for an element to be attached (default) or detached. */
  waitForSelector(selector: string, options?: WaitOptions & { state?: 'attached' | 'detached' }): Promise<void>;
  /** Waits for the element, then clicks it (`element.click()`). */
  click(selector: string): Promise<void>;
  /**
   * Clicks the element as a person does, through the engine's own input (scrolled into view, a
   * pointer press and release at its centre): trusted events, and the user activation that a script's
   * `click()` never gives, which the document's ancestors get too (so a host page may add a history
   * entry that the back button does not skip).
   */
  userClick(selector: string): Promise<void>;
  /** Sets an input's value as typing would end (input and change events). */
  fill(selector: string, value: string): Promise<void>;
  /** Chooses an option of a select by value or by label (input and change events). */
  selectOption(selector: string, option: string | { label: string }): Promise<void>;
  /** Checks or unchecks a checkbox by clicking it when needed. */
  setChecked(selector: string, checked: boolean): Promise<void>;
  /** The element's text, or null when there is none. */
  textContent(selector: string): Promise<string | null>;
  /** An attribute of the element, or null. */
  getAttribute(selector: string, name: string): Promise<string | null>;
  /** How many elements match. */
  count(selector: string): Promise<number>;
  /** The document's URL. */
  url(): Promise<string>;
}

/** What an engine reported for a page and its frames since {@link PageDriver.watchConsole} started. */
export interface PageReport {
  /**
   * Console messages, the page's own calls and the engine's own lines (a failed load, a refused
   * frame, an uncaught error) alike: `level` as the engine names it (`error`, `warning`, `log` …).
   */
  console: { level: string; text: string }[];
  /** Requests that failed: no answer (`net::ERR_… <url>`), or an HTTP status of 400 or more (`404 <url>`). */
  failedRequests: string[];
}

/** A browser tab (or a window it opened). */
export interface PageDriver extends FrameDriver {
  readonly engine: Engine;
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  /** Reloads the page as the browser's reload button does and waits for the new document's load event. */
  reload(): Promise<void>;
  /**
   * Goes one entry back in the tab's history as the browser's back button does (the engine's own
   * command, not `history.back()` in the page), and waits until the traversal has settled: a
   * same-document entry has fired `popstate`, another document has loaded. Fails when there is no
   * entry to go back to.
   */
  back(): Promise<void>;
  /** Goes one entry forward, as {@link PageDriver.back} goes back. */
  forward(): Promise<void>;
  /** Saves a PNG of the page under reports/screenshots/<engine>/<name>.png. */
  screenshot(name: string): Promise<void>;
  /**
   * Presses Tab (Shift+Tab with `shift`) through the engine's own keyboard input (focus moves as a
   * person's Tab moves it). `frame` (an iframe's selector from the top): the focus is in that frame's
   * document, and must stay there (WebKitWebDriver gives the focus to the document its commands run in).
   */
  pressTab(options?: { shift?: boolean; frame?: string }): Promise<void>;
  /** Runs `trigger` (which opens a window from this page) and returns the new window. */
  waitForPopup(trigger: () => Promise<unknown>): Promise<PageDriver>;
  /**
   * Makes `prefers-color-scheme` report `scheme` to this page; false where the engine cannot emulate it
   * (then tests check against what the engine reports instead).
   */
  emulateColorScheme(scheme: 'light' | 'dark'): Promise<boolean>;
  /**
   * Runs `fn` in every document of this page (frames too) before the document's own scripts, from
   * the next navigation on; false where the engine cannot (classic WebDriver has no such hook).
   */
  addInitScript(fn: () => void): Promise<boolean>;
  /**
   * Starts recording what the engine reports for this page and its frames: console messages and
   * failed requests. Returns the reader, or undefined where the engine's driver cannot report them:
   * WebKit's classic WebDriver has no log or network events (WebKitWebDriver refuses a BiDi session,
   * and MiniBrowser's console-to-stdout setting does not reach the windows automation opens), so
   * tests there read what the page records itself and what the servers answered.
   */
  watchConsole(): Promise<(() => PageReport) | undefined>;
  close(): Promise<void>;
}

/** A running browser of one engine, on a fresh profile. */
export interface BrowserDriver {
  readonly engine: Engine;
  /** The browser's name and version, as it reports them. */
  readonly version: string;
  newPage(): Promise<PageDriver>;
  close(): Promise<void>;
}
