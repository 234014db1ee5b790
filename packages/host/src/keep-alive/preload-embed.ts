import type { EmbedOptions, EmbedSession, EmbedSettings, EmbedSurface, KeepAlive } from '../mount/embed-options.js';
import { resolveEmbedContext } from '../mount/embed-context.js';
import { keptSettings, makeKept } from './keep-alive.js';
import { lotOf } from './parking-lot.js';

/**
 * Options of {@link preloadEmbed}: those of `createEmbed` for the embed to come, with its
 * `keepAlive`, and no place (it is made hidden; the `createEmbed` that adopts it gives the container).
 */
export type PreloadOptions = EmbedSettings & EmbedSession & EmbedSurface & {
  /** The key the `createEmbed` that adopts it gives: `keepAlive('reports')`. */
  keepAlive: KeepAlive;
  /** None: the adopting `createEmbed` gives it. */
  container?: undefined;
  /** None: a preloaded embed's iframe is the SDK's. */
  iframe?: undefined;
};

/**
 * Starts an embed ahead of its mount (the route the viewer is likely to open next, a link hovered):
 * its first id minted and its surface loaded, hidden (from layout, pointer, focus and assistive
 * technology). The `createEmbed` that follows with the same `keepAlive` key, `baseUrl` and surface
 * adopts it: nothing minted or loaded again, `ready` as soon as the preload is. A preload counts in
 * `keepAlive`'s bounds with the parked embeds; one not adopted within its `idleMs` (default 10
 * minutes) is destroyed and its ids revoked. Nothing is done when an embed is already kept under the
 * key. Returns the function that cancels it (destroys it, its ids revoked, unless it was adopted).
 * @throws {EmbedError} `invalid-option` as `createEmbed`, and for a `keepAlive` that `keepAlive()` did not make
 * @example
 * link.addEventListener('pointerenter', () => preloadEmbed({ baseUrl, publicId: 'd-42', sessionEndpoint, keepAlive: reports }), { once: true });
 */
export function preloadEmbed(options: PreloadOptions): () => void {
  return preparePreload(options)();
}

/**
 * Checks a preload's options now, and returns what starts it (then returns its cancel): `preloadEmbed`
 * starts at once, `preloadOnIntent` on the viewer's intent.
 * @throws {EmbedError} `invalid-option` as {@link preloadEmbed}
 */
export function preparePreload(options: PreloadOptions): () => () => void {
  const settings = keptSettings(options.keepAlive);
  // Its place is given below (its hidden slot); 'body' stands in for it while the options are checked.
  const context = resolveEmbedContext({ ...options, container: 'body', keepAlive: undefined } as EmbedOptions);
  return () => {
    const lot = lotOf(context.document);
    if (lot.has(settings.key)) return () => {};
    const kept = makeKept({ settings, context });
    kept.placement.hide(kept.inner.iframe);
    lot.keep(kept, 'preloaded', settings.bounds);
    return () => {
      if (lot.holds(kept)) kept.inner.destroy();
    };
  };
}
