// Keep-alive's overlay keeps the focus order (issue 42): the guards' logic, in happy-dom (which has
// no moveBefore: the overlay is what createPlacement makes). The same order in three engines, with
// real Tab presses: test/browser/keep-alive-focus.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { tabbableBeside } from '../../src/keep-alive/focus-guards.js';
import { createPlacement, type Placement } from '../../src/keep-alive/placement.js';

afterEach(() => {
  document.body.replaceChildren();
});

const $ = (id: string) => document.getElementById(id) as HTMLElement;
const activeId = () => (document.activeElement === document.body ? 'body' : document.activeElement?.id || document.activeElement?.tagName);

describe('tabbableBeside', () => {
  it('finds the next and previous control in document order, past the anchor\'s content, skipping what Tab skips', () => {
    document.body.innerHTML = `
      <div tabindex="0" id="wrapper"><button id="first">1</button></div>
      <button id="off" disabled>x</button><span id="plain">x</span><div hidden><button id="hidden">x</button></div>
      <div inert><a href="#" id="inert">x</a></div><input id="minus" tabindex="-1">
      <main id="box"><button id="inside">x</button></main>
      <div data-svc-embed-kept=""><button id="kept">x</button></div><span data-svc-embed-guard="" tabindex="0" id="guard"></span>
      <a href="#" id="link">x</a><div tabindex="0" id="focusable"></div>`;
    expect(tabbableBeside($('box'), true)?.id).toBe('link');
    expect(tabbableBeside($('link'), true)?.id).toBe('focusable');
    expect(tabbableBeside($('focusable'), true)).toBeUndefined();
    expect(tabbableBeside($('box'), false)?.id).toBe('first');
    expect(tabbableBeside($('first'), false)?.id).toBe('wrapper');
    expect(tabbableBeside($('wrapper'), false)).toBeUndefined();
  });
});

/** A page with controls around a container, an overlay placement showing an iframe over it. */
function overlaid(options: { owns?: string; id?: string } = {}) {
  document.body.innerHTML = `<button id="before">b</button><div id="box"></div><button id="after">a</button><button id="last">l</button>`;
  const container = $('box');
  if (options.owns) container.setAttribute('aria-owns', options.owns);
  const placement = createPlacement({ document, window });
  expect(placement.mode).toBe('overlay');
  const iframe = document.createElement('iframe');
  if (options.id) iframe.id = options.id;
  placement.slot.append(iframe);
  expect(placement.show(iframe, container)).toBe(true);
  const guards = () => [...document.querySelectorAll<HTMLElement>('[data-svc-embed-guard]')];
  return { placement, iframe, container, guards };
}

/**
 * Focuses `guard` as the engine does when Tab lands on it, from `from` (its focus event's
 * `relatedTarget`): focused as it is (no focus event), or nothing focused.
 */
function land(guard: HTMLElement, from: HTMLElement | null): void {
  if (from !== document.activeElement) {
    (document.activeElement as HTMLElement | null)?.blur();
    from?.focus();
  }
  guard.focus();
}

/** The focus goes into the iframe's document: the iframe is the page's active element, the page's window loses the focus. */
function focusInFrame(iframe: HTMLIFrameElement): void {
  iframe.focus();
  window.dispatchEvent(new Event('blur'));
  (document.activeElement as HTMLElement).blur();
}

describe('the overlay\'s focus guards', () => {
  it('puts a hidden, focusable guard at each edge of the container and around the iframe, and has the container own the iframe', () => {
    const { container, iframe, placement, guards } = overlaid();
    expect(guards()).toEqual([container.firstElementChild, container.lastElementChild, placement.slot.firstElementChild, placement.slot.lastElementChild]);
    for (const guard of guards()) expect([guard.tabIndex, guard.getAttribute('aria-hidden'), guard.getAttribute('role'), guard.textContent]).toEqual([0, 'true', null, '']);
    expect(iframe.id).toMatch(/^svc-embed-kept-\d+$/);
    expect(container.getAttribute('aria-owns')).toBe(iframe.id);
  });

  it('Tab into either edge of the container focuses the iframe', () => {
    const { iframe, guards } = overlaid();
    const [start, end] = guards();
    land(start!, $('before'));
    expect(document.activeElement).toBe(iframe);
    land(end!, $('after'));
    expect(document.activeElement).toBe(iframe);
  });

  it('out of the iframe: Tab goes on to the control after the container, Shift+Tab to the one before it', () => {
    const { iframe, guards } = overlaid();
    const [, , before, after] = guards();
    focusInFrame(iframe);
    land(after!, null);
    expect(activeId()).toBe('after');
    focusInFrame(iframe);
    land(before!, null);
    expect(activeId()).toBe('before');
    // The engine names the iframe as where the focus came from (no window blur): the same.
    iframe.focus();
    land(after!, iframe);
    expect(activeId()).toBe('after');
    // WebKit may name the page's control focused before a script in the iframe took the focus.
    land(before!, $('after'));
    expect(activeId()).toBe('before');
  });

  it('come from the page, a slot\'s guard passes the slot: Tab from the last control leaves the page, Shift+Tab from the browser goes to the last control', () => {
    const { guards } = overlaid();
    const [, , before, after] = guards();
    $('last').focus();
    land(before!, $('last'));
    expect(activeId()).toBe('body');
    land(after!, null);
    expect(activeId()).toBe('last');
  });

  it('a Tab from the page\'s last control makes the slot inert until the browser has moved the focus; from another control it does not', async () => {
    const { placement } = overlaid();
    const tab = (shiftKey = false) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true }));
    $('after').focus();
    tab();
    expect(placement.slot.hasAttribute('inert')).toBe(false);
    $('last').focus();
    tab(true);
    expect(placement.slot.hasAttribute('inert')).toBe(false);
    tab();
    expect(placement.slot.hasAttribute('inert')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(placement.slot.hasAttribute('inert')).toBe(false);
  });

  for (const end of ['hide', 'release'] as const) {
    it(`${end} removes every guard, listener, id and aria-owns it added, and gives back the container's own aria-owns`, () => {
      const { placement, iframe, container, guards } = overlaid({ owns: 'legend' });
      expect(container.getAttribute('aria-owns')).toBe(`legend ${iframe.id}`);
      if (end === 'hide') expect(placement.hide(iframe)).toBe(true);
      else placement.release();
      expect(guards()).toEqual([]);
      expect(container.getAttribute('aria-owns')).toBe('legend');
      expect(iframe.hasAttribute('id')).toBe(false);
      // No keydown listener left: a Tab from the last control leaves the slot as it is.
      $('last').focus();
      $('last').dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
      expect(placement.slot.hasAttribute('inert')).toBe(false);
    });
  }

  it('keeps an id the iframe had; a second show (an adoption into another container) moves the guards and aria-owns there', () => {
    const { placement, iframe, container, guards } = overlaid({ id: 'mine' });
    expect(container.getAttribute('aria-owns')).toBe('mine');
    const next = document.createElement('section');
    document.body.append(next);
    expect(placement.show(iframe, next)).toBe(true);
    expect(container.hasAttribute('aria-owns')).toBe(false);
    expect(container.children).toHaveLength(0);
    expect(next.getAttribute('aria-owns')).toBe('mine');
    expect(guards()).toEqual([next.firstElementChild, next.lastElementChild, placement.slot.firstElementChild, placement.slot.lastElementChild]);
    placement.release();
    expect(iframe.id).toBe('mine');
  });
});
