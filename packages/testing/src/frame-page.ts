import { readIframeSrc, whenIframeSrcSet, type LoadedUrl } from './iframe-src.js';

/** The end of every message that says the page never loaded. */
export const NO_SRC_HINT = 'check that createEmbed has publicId or src, and that mintSessionId resolves';

/** Where the page behind the iframe stands: no `src` yet, or loaded from a URL (once, for good). */
type FramePageState = { phase: 'no-src' } | { phase: 'loaded'; url: LoadedUrl };

/** The page behind the embed's iframe, as the fake frame plays it: loaded once the embed sets the `src`. */
export interface FramePage {
  /** The URL the page was loaded from; undefined while the iframe has no `src`. */
  readonly url: LoadedUrl | undefined;
  /** Reads the `src` now, for runners whose mutation observers have not run yet. */
  check(): void;
  /** Calls `listener` when the page loads, after the listeners added before it. */
  onLoad(listener: (url: LoadedUrl) => void): void;
  /** Starts watching the `src` (the page loads at once when it is set already). */
  start(): void;
  /** Stops watching the `src`. */
  stop(): void;
}

/** The page behind `iframe`, not yet watched: add the `onLoad` listeners, then `start()`. */
export function createFramePage(iframe: HTMLIFrameElement): FramePage {
  let state: FramePageState = { phase: 'no-src' };
  const listeners: ((url: LoadedUrl) => void)[] = [];
  let stopWatching = () => {};
  const load = (url: LoadedUrl) => {
    if (state.phase === 'loaded') return;
    state = { phase: 'loaded', url };
    for (const listener of listeners) listener(url);
  };
  return {
    get url() {
      return state.phase === 'loaded' ? state.url : undefined;
    },
    check() {
      const url = state.phase === 'loaded' ? undefined : readIframeSrc(iframe);
      if (url) load(url);
    },
    onLoad(listener) {
      listeners.push(listener);
    },
    start() {
      stopWatching = whenIframeSrcSet(iframe, load);
    },
    stop() {
      stopWatching();
    },
  };
}
