import type { Scope } from '@svc-embed/runtime';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import type { EmbedContext } from './embed-context.js';
import type { MountedIframe } from './embed-iframe.js';
import { embedUrl } from './embed-url.js';
import { sharesConnections, warmUp } from './warm-up.js';

/** How the embed's iframe gets its URL: at once, or after a warm-up while the first id is minted. */
interface IframeLoader {
  /**
   * Opens the warm-up (warm-up.ts) when it can help: an embed that mints its first id, in an iframe
   * it created, with a URL to load, in an engine whose frames use the page's connections. The
   * renewal's `start` follows at once.
   */
  warm(): void;
  /** Sets the iframe's URL (with `sessionId` when given; a wrapped iframe without one keeps its own) and removes the warm-up. */
  load(sessionId?: string): void;
  /**
   * The error `embed.ready` rejects with when no `ready` came in time: `frame-silent` when the page
   * the SDK set loaded (the tenant refused to be framed here, or it is not the service's embed page),
   * else `ready-timeout` (it did not even load).
   */
  readyTimeoutError(): EmbedError;
}

/** What {@link createIframeLoader} works with. */
interface IframeLoaderOptions {
  /** The resolved options. */
  context: EmbedContext;
  /** The embed's iframe, and its container when the SDK created it (a wrapped iframe's page is the page's own: no warm-up there). */
  mounted: MountedIframe;
  /** The embed's scope: destroying the embed removes the warm-up and the iframe's `load` listener. */
  scope: Scope;
}

/** Creates the {@link IframeLoader} of one embed. */
export function createIframeLoader(options: IframeLoaderOptions): IframeLoader {
  const { context, scope } = options;
  const { iframe, parent } = options.mounted;
  const { options: embedOptions, origin, url } = context;
  /** Removes the warm-up while it is open. */
  let removeWarmUp: (() => void) | undefined;
  /** The page the SDK set has loaded (whatever it is: an error page too). */
  let loaded = false;
  return {
    warm() {
      const warms = parent !== undefined && url !== undefined && context.callbacks.mintSessionId !== undefined;
      if (warms && sharesConnections(context.window)) removeWarmUp = warmUp({ document: iframe.ownerDocument, origin, scope });
    },
    load(sessionId) {
      const src = sessionId ? embedUrl({ options: embedOptions, origin, sessionId }) : url;
      if (src) {
        iframe.src = src;
        scope.listen(iframe, 'load', () => {
          loaded = true;
        });
      }
      removeWarmUp?.();
    },
    readyTimeoutError() {
      const why = () => `no ready event from ${origin} in ${context.readyTimeoutMs} ms: check baseUrl and that the tenant allows framing by ${context.window.location.origin}`;
      const data = [origin, context.readyTimeoutMs, context.window.location.origin];
      return loaded ? new EmbedError('frame-silent', DEV ? `${url} loaded, but ${why()}` : [url, ...data]) : new EmbedError('ready-timeout', DEV ? why() : data);
    },
  };
}
