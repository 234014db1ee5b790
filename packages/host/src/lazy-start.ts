import type { Scope } from '@svc-embed/runtime';
import type { LazyOption } from './embed-options.js';

/** How near the viewport a lazy embed's iframe must come before it starts, by default. */
export const LAZY_MARGIN = '200px';

/** What {@link startEmbed} needs. */
export interface StartOptions {
  /** The `lazy` option. */
  lazy: LazyOption | undefined;
  /** The page's window: its `IntersectionObserver`. */
  window: Window;
  /** What must come into view: the embed's iframe. */
  target: Element;
  /** The embed's scope: destroying the embed stops watching. */
  scope: Scope;
  /** Starts the embed (mints its first id, sets its URL). */
  start: () => void;
}

/**
 * Starts the embed now, or, when `lazy`, once its iframe comes within the margin of the viewport
 * (an `IntersectionObserver`; at once where there is none): nothing is minted and no URL is set
 * before, so the id is always fresh when it is used.
 */
export function startEmbed(options: StartOptions): void {
  const { lazy, target, scope, start } = options;
  const Observer = (options.window as { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
  if (!lazy || !Observer) return start();
  const rootMargin = (typeof lazy === 'object' && lazy.rootMargin) || LAZY_MARGIN;
  const observer = new Observer((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    start();
  }, { rootMargin });
  observer.observe(target);
  scope.onDispose(() => observer.disconnect());
}
