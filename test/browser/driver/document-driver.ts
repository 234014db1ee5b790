// One FrameDriver for every engine, built on a single primitive: evaluate a function's source in the
// document at a path of iframe selectors. Clicks, fills and waits are page functions, so they behave
// the same in all three engines.
import type { FrameDriver, PageFunction, WaitOptions } from './types.js';

/** How an engine evaluates `(source)(arg)` in the document at `path` (iframe selectors from the top). */
export type Evaluate = (path: readonly string[], source: string, arg: unknown) => Promise<unknown>;

/** How an engine clicks the element matching `selector` in the document at `path` with its own input. */
export type UserClick = (path: readonly string[], selector: string) => Promise<void>;

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

/** Runs a page function in one document. */
type Run = <R, A>(fn: PageFunction<A, R>, arg?: A) => Promise<R>;

/** A document's form controls, each set as a person's input would end (input and change events). */
function formControls(run: Run, waitForElement: (selector: string) => Promise<unknown>): Pick<FrameDriver, 'fill' | 'selectOption' | 'setChecked'> {
  return {
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
  };
}

/** The `waitFor` of one document (`where` names it in the timeout's message): polls `fn` until it returns a truthy value. */
function poller(run: Run, where: string) {
  return async function waitFor<R, A>(fn: PageFunction<A, R>, arg?: A, options: WaitOptions = {}): Promise<R> {
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
  };
}

/** A {@link FrameDriver} for the document at `path`, evaluating through `evaluate`, clicking as a person through `userClick`. */
export function documentDriver(evaluate: Evaluate, userClick: UserClick, path: readonly string[] = []): FrameDriver {
  const run: Run = <R, A>(fn: PageFunction<A, R>, arg?: A) => evaluate(path, fn.toString(), arg) as Promise<R>;
  const where = path.length ? ` in frame ${path.join(' > ')}` : '';
  const waitFor = poller(run, where);
  const waitForElement = (selector: string) =>
    waitFor((s: string) => document.querySelector(s) !== null, selector).catch((error: Error) => {
      throw new Error(`no element matches ${selector}${where}: ${error.message}`);
    });

  return {
    evaluate: run,
    waitFor,
    frame: (selector) => documentDriver(evaluate, userClick, [...path, selector]),
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
    async userClick(selector) {
      await waitForElement(selector);
      await userClick(path, selector);
    },
    ...formControls(run, waitForElement),
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

/**
 * Runs `traverse` (an engine's own back or forward command) on the page `page` drives and waits
 * until the traversal has settled: an entry of the same document has fired `popstate`, or another
 * document has replaced this one and loaded. The marker it leaves first tells the two apart: a new
 * document has none, the same one sees its `popstate`. Fails, naming `what`, when the page stays.
 */
export async function settleTraversal(page: FrameDriver, what: string, traverse: () => Promise<unknown>): Promise<void> {
  const token = `${Date.now()}-${Math.random()}`;
  await page.evaluate((token: string) => {
    const w = window as any;
    w.__driverTraversal = { token, popped: false };
    addEventListener('popstate', () => {
      if (w.__driverTraversal?.token === token) w.__driverTraversal.popped = true;
    }, { once: true });
  }, token);
  await traverse();
  await page.waitFor((token: string) => {
    const mark = (window as any).__driverTraversal;
    return (mark?.token !== token || mark.popped === true) && document.readyState === 'complete';
  }, token).catch((error: Error) => {
    throw new Error(`${what} did not happen (no history entry there?): ${error.message}`);
  });
}
