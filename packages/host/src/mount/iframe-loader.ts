import type { Scope } from '@svc-embed/runtime';
import type { EmbedContext } from './embed-context.js';
import type { MountedIframe } from './embed-iframe.js';
import { embedUrl } from './embed-url.js';
import { warmUp } from './warm-up.js';

/** How the embed's iframe gets its URL: at once, or after a warm-up while the first id is minted. */
export interface IframeLoader {
  /**
   * Opens the warm-up (warm-up.ts) when it can help: an embed that mints its first id, in an iframe
   * it created, with a URL to load. The renewal's `start` follows at once.
   */
  warm(): void;
  /** Sets the iframe's URL (with `sessionId` when given; a wrapped iframe without one keeps its own) and removes the warm-up. */
  load(sessionId?: string): void;
}

/** What {@link createIframeLoader} works with. */
export interface IframeLoaderOptions {
  /** The resolved options. */
  context: EmbedContext;
  /** The embed's iframe, and its container when the SDK created it (a warm-up goes only beside an iframe of its own). */
  mounted: MountedIframe;
  /** The embed's scope: destroying the embed removes the warm-up. */
  scope: Scope;
}

/** Creates the {@link IframeLoader} of one embed. */
export function createIframeLoader(options: IframeLoaderOptions): IframeLoader {
  const { context, scope } = options;
  const { iframe, parent } = options.mounted;
  const { options: embedOptions, origin, url } = context;
  const warms = parent !== undefined && url !== undefined && context.callbacks.mintSessionId !== undefined;
  /** Removes the warm-up while it is open. */
  let removeWarmUp: (() => void) | undefined;
  return {
    warm() {
      if (warms) removeWarmUp = warmUp({ iframe, baseUrl: embedOptions.baseUrl, scope });
    },
    load(sessionId) {
      const src = sessionId ? embedUrl({ options: embedOptions, origin, sessionId }) : url;
      if (src) iframe.src = src;
      removeWarmUp?.();
    },
  };
}
