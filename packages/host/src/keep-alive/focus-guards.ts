/**
 * The focus order of an overlaid kept embed (issue 42). Its iframe is in a slot at the end of
 * `<body>`, so without help Tab reaches it after the page's last control, and a screen reader reads
 * it last. While it is shown over its container:
 * - the container gets a guard (a focusable, empty, `aria-hidden` stop) at its start and at its end:
 *   Tab into either (from before it, or Shift+Tab from after it) focuses the iframe;
 * - the slot gets a guard before and after the iframe: Tab out of the iframe's last control focuses
 *   the next control after the container, Shift+Tab out of its first control the one before it;
 * - the slot's own stops are skipped at the end of the page (a Tab from the page's last control goes
 *   on as if the slot were not there);
 * - the container `aria-owns` the iframe, so the accessibility tree has it in the container's place.
 *
 * Tab order is taken as document order: an element with a `tabindex` above 0 and one in a shadow
 * root are not placed where the engine would place them.
 */

/** What {@link guardFocus} needs: the shown iframe, the container it is laid over, its slot. */
interface FocusGuardOptions {
  iframe: HTMLIFrameElement;
  container: Element;
  slot: HTMLElement;
  window: Window;
}

/** The attribute of every guard (and what makes an element one). */
const GUARD = 'data-svc-embed-guard';

/** Elements Tab never stops at here: in a kept slot (the page's overlays), a guard, out of the order. */
const SKIPPED = '[data-svc-embed-kept],[data-svc-embed-guard],[inert],[hidden]';

/** Ids given to iframes that had none, so a container can own them. */
let owned = 0;

/**
 * The control Tab goes to from `anchor` and its content onwards (`forward`), or Shift+Tab goes to
 * before it: in document order, outside kept slots; undefined when there is none.
 */
export function tabbableBeside(anchor: Element, forward: boolean): HTMLElement | undefined {
  const all = [...anchor.ownerDocument.querySelectorAll<HTMLElement & { disabled?: boolean }>('*')];
  if (!forward) all.reverse();
  // 4: the element follows the anchor (and is not in it); 2: it precedes it (an ancestor too).
  return all.find((element) => (forward ? anchor.compareDocumentPosition(element) & 4 && !anchor.contains(element) : anchor.compareDocumentPosition(element) & 2)
    && element.tabIndex >= 0 && !element.disabled && !element.closest(SKIPPED) && (element.checkVisibility?.({ visibilityProperty: true }) ?? true));
}

/** A focus stop that is never seen: no size, no role, hidden from assistive technology. */
function makeGuard(options: { document: Document; onFocus: (event: FocusEvent) => void; signal: AbortSignal }): HTMLElement {
  const guard = options.document.createElement('span');
  guard.tabIndex = 0;
  guard.setAttribute(GUARD, '');
  guard.setAttribute('aria-hidden', 'true');
  guard.style.cssText = 'position:absolute;width:0;height:0;overflow:hidden';
  guard.addEventListener('focus', options.onFocus, { signal: options.signal });
  return guard;
}

/**
 * Puts the guards of an overlaid embed in place (see the file's comment) and returns the function
 * that removes every guard, listener, id and `aria-owns` it added.
 */
export function guardFocus(options: FocusGuardOptions): () => void {
  const { iframe, container, slot, window: win } = options;
  const doc = container.ownerDocument;
  const controller = new AbortController();
  const { signal } = controller;
  /** True while the focus is in the iframe's document (the page's window lost it to the iframe). */
  let inFrame = false;
  // The page's window loses the focus to the iframe, or to the browser's own controls. The iframe is
  // the page's active element at the blur (WebKit) or just after it (Firefox); a focus in the page
  // (not a guard's) ends it.
  const seen = () => void (inFrame ||= doc.activeElement === iframe);
  win.addEventListener('blur', () => {
    seen();
    win.setTimeout(seen);
  }, { signal });
  doc.addEventListener('focusin', (event) => void (inFrame &&= (event.target as Element).hasAttribute(GUARD)), { capture: true, signal });
  /**
   * A slot's guard: out of the iframe, on to the control beside the container. Come from the page
   * instead (Tab from its last control into the slot's start, or Shift+Tab from the browser's own
   * controls, nothing focused, into its end): on past the slot. WebKit may name as `relatedTarget`
   * the page's control focused before the iframe's document took the focus by a script. None: the
   * focus is taken off the guard (the browser's own controls come next).
   */
  const leave = (forward: boolean) => (event: FocusEvent) => {
    const from = event.relatedTarget as Element | null;
    const fromPage = !inFrame && from !== iframe && (forward ? !from : !!from && !tabbableBeside(from, true));
    inFrame = false;
    const target = tabbableBeside(fromPage ? slot : container, fromPage ? !forward : forward);
    if (target) target.focus();
    else (event.target as HTMLElement).blur();
  };
  const toFrame = () => iframe.focus({ preventScroll: true });
  const guards = [toFrame, toFrame, leave(false), leave(true)].map((onFocus) => makeGuard({ document: doc, onFocus, signal }));
  const [start, end, before, after] = guards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
  container.prepend(start);
  container.append(end);
  slot.prepend(before);
  slot.append(after);
  // A Tab from the page's last control would stop in the slot (its guard, then the iframe a second
  // time): the slot is inert while the browser moves the focus on, as it would without the slot.
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || event.shiftKey || tabbableBeside(doc.activeElement ?? doc.body, true)) return;
    slot.setAttribute('inert', '');
    win.setTimeout(() => slot.removeAttribute('inert'));
  }, { capture: true, signal });
  const ownsBefore = container.getAttribute('aria-owns');
  const idBefore = iframe.id;
  iframe.id ||= `svc-embed-kept-${++owned}`;
  container.setAttribute('aria-owns', ownsBefore ? `${ownsBefore} ${iframe.id}` : iframe.id);
  return () => {
    if (signal.aborted) return;
    controller.abort();
    for (const guard of guards) guard.remove();
    if (ownsBefore === null) container.removeAttribute('aria-owns');
    else container.setAttribute('aria-owns', ownsBefore);
    if (!idBefore) iframe.removeAttribute('id');
  };
}
