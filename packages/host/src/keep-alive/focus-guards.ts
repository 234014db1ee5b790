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

/** Elements that never take the focus from Tab: in a kept slot (the page's overlays), a guard, or out of the order. */
const SKIPPED = `[data-svc-embed-kept],[${GUARD}],[inert],[hidden]`;

/** Ids given to iframes that had none, so a container can own them. */
let owned = 0;

/** True when Tab can stop at `element` (of the page, not of a kept slot). */
function tabbable(element: Element): boolean {
  const html = element as HTMLElement & { disabled?: boolean; checkVisibility?: (options: object) => boolean };
  if (!(html.tabIndex >= 0) || html.disabled || element.closest(SKIPPED)) return false;
  return html.checkVisibility?.({ visibilityProperty: true }) ?? true;
}

/**
 * The control Tab goes to from `anchor` and its content onwards (`forward`), or Shift+Tab goes to
 * before it: in document order, outside kept slots; undefined when there is none.
 */
export function tabbableBeside(anchor: Element, forward: boolean): HTMLElement | undefined {
  const all = [...anchor.ownerDocument.querySelectorAll<HTMLElement>('*')];
  if (!forward) all.reverse();
  // 4: the element follows the anchor (and is not in it); 2: it precedes it (an ancestor too).
  return all.find((element) => (forward ? anchor.compareDocumentPosition(element) & 4 && !anchor.contains(element) : anchor.compareDocumentPosition(element) & 2) && tabbable(element));
}

/** A focus stop that is never seen: no size, no role, hidden from assistive technology. */
function makeGuard(doc: Document, onFocus: (event: FocusEvent) => void, signal: AbortSignal): HTMLElement {
  const guard = doc.createElement('span');
  guard.tabIndex = 0;
  guard.setAttribute(GUARD, '');
  guard.setAttribute('aria-hidden', 'true');
  guard.style.cssText = 'position:absolute;width:0;height:0;overflow:hidden';
  guard.addEventListener('focus', onFocus, { signal });
  return guard;
}

/** Focuses `target`, or takes the focus off `from` when there is none (the browser's own controls come next). */
function moveFocus(target: HTMLElement | undefined, from: HTMLElement): void {
  if (target) target.focus();
  else from.blur();
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
  const toFrame = () => iframe.focus({ preventScroll: true });
  /**
   * A slot's guard: out of the iframe, on to the control beside the container. Come from the page
   * instead (Tab from its last control into the slot's start, or Shift+Tab from the browser's own
   * controls, nothing focused, into its end): on past the slot. WebKit may name as `relatedTarget`
   * the page's control focused before the iframe's document took the focus by a script.
   */
  const leave = (forward: boolean) => (event: FocusEvent) => {
    const from = event.relatedTarget as Element | null;
    const fromPage = !inFrame && from !== iframe && (forward ? !from : !!from && !tabbableBeside(from, true));
    inFrame = false;
    moveFocus(tabbableBeside(fromPage ? slot : container, fromPage ? !forward : forward), event.target as HTMLElement);
  };
  const guards = [makeGuard(doc, toFrame, signal), makeGuard(doc, toFrame, signal), makeGuard(doc, leave(false), signal), makeGuard(doc, leave(true), signal)];
  const [start, end, before, after] = guards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
  container.prepend(start);
  container.append(end);
  slot.prepend(before);
  slot.append(after);
  doc.addEventListener('keydown', (event) => skipSlotAtEnd({ event, slot, window: win }), { capture: true, signal });
  const ownsBefore = container.getAttribute('aria-owns');
  const idBefore = iframe.id;
  iframe.id ||= `svc-embed-kept-${++owned}`;
  container.setAttribute('aria-owns', [ownsBefore, iframe.id].filter(Boolean).join(' '));
  return () => {
    if (signal.aborted) return;
    controller.abort();
    for (const guard of guards) guard.remove();
    if (ownsBefore === null) container.removeAttribute('aria-owns');
    else container.setAttribute('aria-owns', ownsBefore);
    if (!idBefore) iframe.removeAttribute('id');
  };
}

/**
 * A Tab from the page's last control would stop in the slot (its guard, then the iframe a second
 * time): the slot is `inert` while the browser moves the focus, so it goes on to the browser's own
 * controls as it would without the slot.
 */
function skipSlotAtEnd(options: { event: KeyboardEvent; slot: HTMLElement; window: Window }): void {
  const { event, slot, window: win } = options;
  const active = slot.ownerDocument.activeElement;
  if (event.key !== 'Tab' || event.shiftKey || !active || active === slot.ownerDocument.body || active.closest('[data-svc-embed-kept]')) return;
  if (tabbableBeside(active, true)) return;
  slot.setAttribute('inert', '');
  win.setTimeout(() => slot.removeAttribute('inert'));
}
