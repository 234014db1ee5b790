import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import type { LazyStart } from './embed-options.js';

/** Options of {@link whenVisible}. */
export interface WhenVisibleOptions {
  /** How near the viewport the iframe must come, as `IntersectionObserver`'s `rootMargin`: 1 to 4 lengths in px or %. Default `200px`. */
  rootMargin?: string;
}

/** What `IntersectionObserver` takes as a root margin: 1 to 4 lengths in px or %. */
const MARGIN = /^\s*-?\d*\.?\d+(px|%)(\s+-?\d*\.?\d+(px|%)){0,3}\s*$/;

/**
 * The `lazy` option of `createEmbed` (and of `<SvcEmbed>`) that starts the embed once its iframe
 * comes within `rootMargin` (200px) of the viewport: until then nothing is minted and no URL is set,
 * so each id is fresh when it is used. Without `IntersectionObserver` the embed starts at once.
 * Safe to call anywhere (it touches no window until an embed uses it), and one result serves any
 * number of embeds.
 * @throws {EmbedError} `invalid-option` for a margin `IntersectionObserver` would not take
 * @example createEmbed({ baseUrl, publicId: 'd-42', container: '#analytics', sessionEndpoint, lazy: whenVisible() })
 */
export function whenVisible(options: WhenVisibleOptions = {}): LazyStart {
  const { rootMargin = '200px' } = options;
  if (!MARGIN.test(String(rootMargin))) throw new EmbedError('invalid-option', DEV ? `whenVisible: rootMargin takes 1 to 4 lengths in px or %, such as '400px' (got ${JSON.stringify(rootMargin)})` : ['rootMargin', rootMargin]);
  return ({ iframe, window: win, start }) => {
    const Observer = (win as { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
    if (!Observer) {
      start();
      return () => {};
    }
    const observer = new Observer((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    }, { rootMargin });
    observer.observe(iframe);
    return () => observer.disconnect();
  };
}
