// Keep-alive's overlay keeps the focus order (issue 42): the overlaid iframe lives in a slot at the
// end of <body>, yet Tab and Shift+Tab reach it where its container is, leave it to the controls
// around the container, never reach it a second time at the end of the page, and never reach it
// parked. The overlay in every engine: WebKitGTK has no moveBefore, and the page takes Chromium's
// and Firefox's away (keep-alive-pages.ts, `overlay`).
import { expect, it } from 'vitest';
import { dashboardLoaded } from './readme-pages.js';
import { useSuite } from './harness.js';
import { keepAlivePage, settledFocus } from './keep-alive-pages.js';

const suite = useSuite();
const page = () => suite.page;
const FRAME = '[data-svc-embed-kept] iframe';

/** What has the focus in the page, once settled: `iframe`, `button#after`, `body`. */
const focused = () => settledFocus(page());

/** Focuses `#id` of the page, presses Tab (or Shift+Tab); returns what has the focus then. */
async function tabFrom(id: string, shift = false): Promise<string> {
  await page().evaluate((target) => document.getElementById(target)!.focus(), id);
  await page().pressTab({ shift });
  return focused();
}

/** Focuses the dashboard's last (or first) control, presses Tab (or Shift+Tab) out of it; returns what has the focus then. */
async function tabOutOfFrame(last: boolean): Promise<string> {
  const control = await page().frame(FRAME).evaluate((end) => {
    const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, select, input, textarea, [tabindex]')]
      .filter((element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0);
    const control = end ? controls[controls.length - 1] : controls[0];
    control?.focus();
    return document.activeElement === control && document.hasFocus() ? control?.tagName ?? 'none' : 'not focused';
  }, last);
  expect(control).not.toBe('not focused');
  await page().pressTab({ shift: !last, frame: FRAME });
  return focused();
}

it('overlay: Tab and Shift+Tab reach the iframe in its container\'s place and leave it beside the container; the end of the page and a parked iframe never reach it', async () => {
  suite.demo.addPage('/keep-focus-overlay.html', keepAlivePage(suite.demo, { overlay: true }));
  await page().goto(`${suite.demo.hostUrl}/keep-focus-overlay.html`);
  await page().waitFor(() => (window as any).__started === true);
  await page().evaluate(() => (window as any).mount('focus'));
  await page().waitFor(() => (window as any).__embed?.state === 'ready', undefined, { timeout: 20_000 });
  await dashboardLoaded(page().frame(FRAME));
  // A last control of the page after #after (before the slots, which are appended to <body>), so
  // that leaving the iframe beside its container and skipping the slot at the page's end differ.
  await page().evaluate(() => {
    const last = document.createElement('button');
    last.id = 'last';
    document.querySelector('.tail')!.append(last);
  });
  const order = {
    tabFromBefore: await tabFrom('before'),
    shiftTabFromAfter: await tabFrom('after', true),
    tabOutOfLastControl: await tabOutOfFrame(true),
    shiftTabOutOfFirstControl: await tabOutOfFrame(false),
    tabFromAfter: await tabFrom('after'),
  };
  console.log(`${page().engine} overlay focus order: ${JSON.stringify(order)}`);
  expect(order).toEqual({
    tabFromBefore: 'iframe', shiftTabFromAfter: 'iframe', tabOutOfLastControl: 'button#after', shiftTabOutOfFirstControl: 'button#before', tabFromAfter: 'button#last',
  });
  // The overlay (the iframe in the slot at the end of <body>), owned by its container for assistive technology.
  expect(await page().evaluate(() => {
    const frame = document.querySelector('iframe')!;
    return { inSlot: frame.parentElement!.hasAttribute('data-svc-embed-kept'), owns: document.getElementById('box-focus')!.getAttribute('aria-owns') === frame.id && frame.id !== '' };
  })).toEqual({ inSlot: true, owns: true });

  // The page's last control is #last: Tab from it goes where the engine goes at a page's end (the
  // browser's own controls: the page's body has the focus; headless Firefox stays; WebKitGTK's
  // MiniBrowser starts the page again), never into the slot (its guard, or the iframe a second time).
  expect(['body', 'button#last', 'button#before']).toContain(await tabFrom('last'));

  // Parked: no guard, no aria-owns, and Tab never reaches it.
  await page().evaluate(() => (window as any).leave());
  expect(await page().evaluate(() => ({ guards: document.querySelectorAll('[data-svc-embed-guard]').length, owns: document.querySelectorAll('[aria-owns]').length }))).toEqual({ guards: 0, owns: 0 });
  expect([await tabFrom('before'), await tabFrom('after'), await tabFrom('after', true)]).toEqual(['button#after', 'button#last', 'button#before']);
  expect(['body', 'button#last', 'button#before']).toContain(await tabFrom('last'));
});
