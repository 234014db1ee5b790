/**
 * Where a kept embed's iframe is, and how it is shown and hidden without a reload. Chosen when the
 * embed is made (never at import), by what the engine has:
 * - `move`: `Element.prototype.moveBefore` (Chromium 133+). The iframe lives in its container as any
 *   embed's; parked, it is moved (not removed: no reload) into a hidden slot at the end of `<body>`,
 *   and moved into the next container on adoption.
 * - `overlay`: elsewhere. The iframe never moves: it lives in a slot at the end of `<body>` from the
 *   start, and the slot is laid over its container (fixed, the container's box, following its size
 *   and the page's scroll); parked, the slot is hidden. While shown, focus guards keep the tab order
 *   and the accessibility tree as if the iframe were in its container (`focus-guards.ts`).
 */
import { guardFocus } from './focus-guards.js';

type PlacementMode = 'move' | 'overlay';

/** One kept iframe's place. */
export interface Placement {
  readonly mode: PlacementMode;
  /** The slot at the end of `<body>`: where a preload or an overlaid embed is made. */
  readonly slot: HTMLElement;
  /** Shows `iframe` in `container` (moved there, or overlaid on it); false when it cannot be without a reload. */
  show(iframe: HTMLIFrameElement, container: Element): boolean;
  /** Hides `iframe` from layout, pointer, focus and assistive technology, without a reload; false when it cannot be kept (its document is gone). */
  hide(iframe: HTMLIFrameElement): boolean;
  /** Stops following and removes the slot (the embed's end). */
  release(): void;
}

/** An element whose engine has `moveBefore` (a move that keeps an iframe's document). */
type Mover = Element & { moveBefore(node: Node, child: Node | null): void };

/** True when `element`'s engine moves nodes without reloading an iframe. */
const canMove = (element: Element): element is Mover => typeof (element as Partial<Mover>).moveBefore === 'function';

/** The attributes a parked iframe gets, and the values to give back when it is shown again. */
const HIDDEN_ATTRIBUTES: Record<string, string> = { inert: '', 'aria-hidden': 'true', tabindex: '-1' };

/** The style of a slot that hides what it holds: out of the flow, not painted, no pointer; the iframe keeps its size. */
const hiddenSlot = (width: number, height: number) =>
  `position:fixed;left:0;top:0;width:${width}px;height:${height}px;overflow:hidden;visibility:hidden;pointer-events:none;contain:strict`;

/** What {@link createPlacement} works with. */
interface PlacementOptions {
  /** The page's document and window. */
  document: Document;
  window: Window;
  /** The size a slot has before the iframe has one (a preload): default the viewport's. */
  size?: { width: number; height: number };
  /** `overlay` in every engine (`<svc-embed>`: the element's removal must not reach its iframe). */
  overlay?: boolean;
}

/**
 * Creates the {@link Placement} of one kept embed: its slot is added to `<body>` now, hidden until it
 * shows the iframe (overlay) or holds a parked one (move); `release` removes it.
 */
export function createPlacement(options: PlacementOptions): Placement {
  const { document: doc, window: win } = options;
  const slot = doc.createElement('div');
  slot.setAttribute('data-svc-embed-kept', '');
  const size = options.size ?? { width: win.innerWidth, height: win.innerHeight };
  slot.style.cssText = hiddenSlot(size.width, size.height);
  doc.body.append(slot);
  const mode: PlacementMode = !options.overlay && canMove(slot) ? 'move' : 'overlay';
  const follow = createFollower({ slot, window: win });
  /** Removes the focus guards of the overlay shown (none when it shows nothing). */
  let unguard = () => {};
  /** The attributes a parked iframe had before it was hidden. */
  const saved = new Map<string, string | null>();
  /** Moves `frame` into `parent` (the engine's `moveBefore`): false when the engine refuses. */
  const move = (frame: HTMLIFrameElement, parent: Element) => {
    if (frame.parentNode === parent) return true;
    try {
      (parent as Mover).moveBefore(frame, null);
      return true;
    } catch {
      return false;
    }
  };
  return {
    mode,
    slot,
    show(frame, container) {
      if (!frame.isConnected || !container.isConnected) return false;
      if (mode === 'move' && !move(frame, container)) return false;
      if (mode === 'overlay') {
        follow.start(container);
        unguard();
        unguard = guardFocus({ iframe: frame, container, slot, window: win });
      }
      saved.forEach((value, name) => restoreAttribute(frame, name, value));
      saved.clear();
      return true;
    },
    hide(frame) {
      if (!frame.isConnected) return false;
      follow.stop();
      unguard();
      const { width, height } = frame.getBoundingClientRect();
      slot.style.cssText = hiddenSlot(width || size.width, height || size.height);
      if (mode === 'move' && !move(frame, slot)) return false;
      for (const [name, value] of Object.entries(HIDDEN_ATTRIBUTES)) {
        if (!saved.has(name)) saved.set(name, frame.getAttribute(name));
        frame.setAttribute(name, value);
      }
      return true;
    },
    release() {
      follow.stop();
      unguard();
      slot.remove();
    },
  };
}

/** Sets `name` back to `value`, or removes it when it had none. */
function restoreAttribute(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/** Lays a slot over a container and keeps it there: its box, followed through resizes and scrolls. */
interface Follower {
  start(container: Element): void;
  stop(): void;
}

/**
 * Creates the {@link Follower} of a slot: fixed over the container's box, clipped to it, moved on
 * every scroll (of the page or any element: captured), on the window's `resize`, and whenever the
 * container or the document's root changes size (`ResizeObserver`, where the engine has it).
 */
function createFollower(options: { slot: HTMLElement; window: Window }): Follower {
  const { slot, window: win } = options;
  let stop: (() => void) | undefined;
  const follower: Follower = {
    start(container) {
      follower.stop();
      const place = () => {
        const box = container.getBoundingClientRect();
        slot.style.cssText = `position:fixed;left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px;overflow:hidden`;
      };
      place();
      win.addEventListener('scroll', place, { capture: true, passive: true });
      win.addEventListener('resize', place);
      const Observer = (win as { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
      const observer = Observer && new Observer(place);
      observer?.observe(container);
      observer?.observe(container.ownerDocument.documentElement);
      stop = () => {
        win.removeEventListener('scroll', place, { capture: true });
        win.removeEventListener('resize', place);
        observer?.disconnect();
      };
    },
    stop() {
      stop?.();
      stop = undefined;
    },
  };
  return follower;
}
