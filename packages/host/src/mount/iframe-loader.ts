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
  /** `frame-silent`: the iframe's page loaded, then sent no `ready` within `FRAME_SILENT_MS`. */
  silentError(): EmbedError;
}

/**
 * How long after the iframe's `load` event the SDK waits for `ready` before it reports `frame-silent`
 * (unless `readyTimeoutMs` ends first, or is 0: then it waits as that says). The service's embed page
 * sends `ready` once it has exchanged the session id (one request to the tenant, on the connection
 * that loaded the page) and mounted: well within a second here, and the `load` event does not wait
 * for either. A tenant's 404 page, a refusal to be framed (`frame-ancestors`, shown as the browser's
 * error page) or another site's page never sends it; 5 s leaves a slow exchange four times the usual.
 * A refused id does not count: the embed's `error` (`auth`) is heard and the wait ends there.
 */
export const FRAME_SILENT_MS = 5_000;

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
      if (loaded) return silent(context, `in ${context.readyTimeoutMs} ms`);
      const page = context.window.location.origin;
      return new EmbedError('ready-timeout', DEV ? `no ready event from ${origin} in ${context.readyTimeoutMs} ms: check baseUrl and that the tenant allows framing by ${page}` : [origin, context.readyTimeoutMs, page]);
    },
    silentError: () => silent(context, `within ${FRAME_SILENT_MS} ms of its load`),
  };
}

/**
 * `frame-silent`: the iframe's page loaded but sent no `ready` (`when`: `in 30000 ms`). Its first
 * hint is the surface (a mistyped `publicId`: the tenant answers 404, a page that never sends
 * `ready`), then `baseUrl`, then framing.
 */
function silent(context: EmbedContext, when: string): EmbedError {
  const { origin, url, options } = context;
  const surface = options.publicId === undefined ? 'src' : 'publicId';
  const page = context.window.location.origin;
  return new EmbedError('frame-silent', DEV ? `${url} loaded, but no ready event from ${origin} ${when}: check ${surface}, baseUrl, and that the tenant allows framing by ${page}` : [url, surface, page]);
}
