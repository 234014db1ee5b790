// How fast the embed's navigations may write the page's URL, and when one adds a history entry.
import type { Scope } from '@svc-embed/runtime';
import type { UrlAdapter } from './sync-url-options.js';

/** At most this many writes of the URL in any second (each a new entry or the current one replaced). */
export const WRITES_PER_SECOND = 3;

/** What {@link pacedAdapter} works with. */
interface PaceOptions {
  /** Where the path is kept (the query parameter, or a router). */
  adapter: UrlAdapter;
  /** The page's window: its `navigator.userActivation`. */
  window: Window;
  /** The embed's scope: a write that waits ends with it. */
  scope: Scope;
  /** The embed's clock, epoch ms. */
  now: () => number;
}

/** A write held back by the rate: the path, and how to cancel its timer. */
interface Waiting {
  path: string | null;
  cancel: () => void;
}

/** True unless the browser says the page has no transient user activation (no click or key press in it or its embed just now). */
const activated = (win: Window) => (win.navigator as { userActivation?: { isActive: boolean } } | undefined)?.userActivation?.isActive ?? true;

/**
 * The adapter `syncUrl` writes through, which a surface cannot use to grow the page's history
 * without bound: a write adds a history entry only when it asks to (`history: 'push'`) and the page
 * has a user activation (where the browser tells, `navigator.userActivation`: the viewer clicked or
 * typed, in the page or in the embed); any other replaces the current entry. At most
 * {@link WRITES_PER_SECOND} writes a second: past them nothing is written at once, and the latest
 * path waits to replace the current entry once the second is over (browsers refuse pages that call
 * `history` too often, and the page's own router must keep its share). A change the adapter reports
 * (back, forward) drops the waiting write.
 */
export function pacedAdapter({ adapter, window: win, scope, now }: PaceOptions): UrlAdapter {
  /** When each write of the last second happened, oldest first. */
  let writes: number[] = [];
  let waiting: Waiting | undefined;
  const drop = () => {
    waiting?.cancel();
    waiting = undefined;
  };
  const write = (path: string | null, replace: boolean): void => {
    const time = now();
    writes = writes.filter((at) => at > time - 1_000);
    drop();
    if (writes.length < WRITES_PER_SECOND) {
      writes.push(time);
      return adapter.write(path, { replace: replace || !activated(win) });
    }
    waiting = { path, cancel: scope.later((writes[0] ?? time) + 1_000 - time, () => write(path, true)) };
  };
  return {
    read: () => (waiting ? waiting.path : adapter.read()),
    write: (path, { replace }) => write(path, replace),
    subscribe: (onChange) =>
      adapter.subscribe(() => {
        drop();
        onChange();
      }),
  };
}
