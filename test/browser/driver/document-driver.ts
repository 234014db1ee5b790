// One FrameDriver for every engine, built on a single primitive: evaluate a function's source in the
// document at a path of iframe selectors. Clicks, fills and waits are page functions, so they behave
// the same in all three engines.
import type { FrameDriver, PageFunction, WaitOptions } from './types.js';

/** How an engine evaluates `(source)(arg)` in the document at `path` (iframe selectors from the top). */
export type Evaluate = (path: readonly string[], source: string, arg: unknown) => Promise<unknown>;

const DEFAULT_TIMEOUT = 15_000;

/**
 * Walks from `top` down a path of iframe selectors with an engine's own frame objects: `child`
 * finds the document of the iframe matching a selector in a frame (waiting for it), or null.
 */
export async function descend<F>(top: F, path: readonly string[], child: (frame: F, selector: string) => Promise<F | null | undefined>): Promise<F> {
  let frame = top;
  for (const selector of path) {
    const next = await child(frame, selector);
    if (!next) throw new Error(`${selector} is not an iframe with a document`);
    frame = next;
  }
  return frame;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A {@link FrameDriver} for the document at `path`, evaluating through `evaluate`. */
export function documentDriver(evaluate: Evaluate, path: readonly string[] = []): FrameDriver {
  const run = <R, A>(fn: PageFunction<A, R>, arg?: A) => evaluate(path, fn.toString(), arg) as Promise<R>;
  const where = path.length ? ` in frame ${path.join(' > ')}` : '';

  async function waitFor<R, A>(fn: PageFunction<A, R>, arg?: A, options: WaitOptions = {}): Promise<R> {
    const deadline = Date.now() + (options.timeout ?? DEFAULT_TIMEOUT);
    let lastError: unknown;
    for (;;) {
      try {
        const value = await run(fn, arg);
        if (value) return value;
        lastError = undefined;
      } catch (error) {
        lastError = error; // the document may be loading or navigating: try again
      }
      if (Date.now() > deadline) {
        const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
        throw new Error(`timed out after ${options.timeout ?? DEFAULT_TIMEOUT} ms waiting${where} for ${fn.toString().slice(0, 160)}${reason}`);
      }
      await sleep(options.polling ?? 50);
    }
  }

  const waitForElement = (selector: string) =>
    waitFor((s: string) => document.querySelector(s) !== null, selector).catch((error: Error) => {
      throw new Error(`no element matches ${selector}${where}: ${error.message}`);
    });

  return {
    evaluate: run,
    waitFor,
    frame: (selector) => documentDriver(evaluate, [...path, selector]),
    async waitForSelector(selector, options = {}) {
      const detached = options.state === 'detached';
      await waitFor(([s, gone]: [string, boolean]) => (document.querySelector(s) === null) === gone, [selector, detached] as [string, boolean], options);
    },
    async click(selector) {
      await waitForElement(selector);
      await run((s: string) => {
        const element = document.querySelector(s)!;
        // SVG elements have no click(): dispatch the event a pointer click would.
        if (element instanceof HTMLElement) element.click();
        else element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
      }, selector);
    },
    async fill(selector, value) {
      await waitForElement(selector);
      await run(([s, v]: [string, string]) => {
        const input = document.querySelector(s) as HTMLInputElement;
        input.focus();
        input.value = v;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }, [selector, value] as [string, string]);
    },
    async selectOption(selector, option) {
      await waitForElement(selector);
      const wanted = typeof option === 'string' ? { value: option, label: null } : { value: null, label: option.label };
      await run(([s, w]: [string, { value: string | null; label: string | null }]) => {
        const select = document.querySelector(s) as HTMLSelectElement;
        const found = [...select.options].find((candidate) => (w.value !== null ? candidate.value === w.value : candidate.label === w.label));
        if (!found) throw new Error(`${s} has no option ${JSON.stringify(w)}`);
        select.value = found.value;
        select.dispatchEvent(new Event('input', { bubbles: true }));
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }, [selector, wanted] as [string, { value: string | null; label: string | null }]);
    },
    async setChecked(selector, checked) {
      await waitForElement(selector);
      await run(([s, c]: [string, boolean]) => {
        const box = document.querySelector(s) as HTMLInputElement;
        if (box.checked !== c) box.click();
      }, [selector, checked] as [string, boolean]);
    },
    async textContent(selector) {
      await waitForElement(selector);
      return run((s: string) => document.querySelector(s)?.textContent ?? null, selector);
    },
    async getAttribute(selector, name) {
      await waitForElement(selector);
      return run(([s, n]: [string, string]) => document.querySelector(s)?.getAttribute(n) ?? null, [selector, name] as [string, string]);
    },
    count: (selector) => run((s: string) => document.querySelectorAll(s).length, selector),
    url: () => run(() => location.href),
  };
}
