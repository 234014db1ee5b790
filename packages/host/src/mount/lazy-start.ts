import type { Scope } from '@svc-embed/runtime';
import type { LazyOption } from './embed-options.js';
import { EmbedError } from '../base/errors.js';

/** How near the viewport a lazy embed's iframe must come before it starts, by default. */
const LAZY_MARGIN = '200px';

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

/** The page's `IntersectionObserver`, if it has one. */
const observerOf = (win: Window) => (win as { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;

/**
 * Checks the `lazy` option before anything is created: `true`, `false`, or `{ rootMargin }` with a
 * margin the page's `IntersectionObserver` accepts (such as `200px` or `10% 0px`).
 * @throws {EmbedError} `invalid-option`
 */
export function checkLazy(lazy: unknown, win: Window): void {
  if (lazy === undefined || typeof lazy === 'boolean') return;
  const rootMargin: unknown = typeof lazy === 'object' && lazy !== null ? (lazy as { rootMargin?: unknown }).rootMargin : null;
  if (rootMargin === undefined || (typeof rootMargin === 'string' && acceptsMargin(win, rootMargin))) return;
  throw new EmbedError('invalid-option', `lazy must be a boolean or { rootMargin: '200px' } (got ${JSON.stringify(lazy)})`);
}

/** Whether the page's `IntersectionObserver` takes `rootMargin` (any margin where there is none: lazy then starts at once). */
function acceptsMargin(win: Window, rootMargin: string): boolean {
  const Observer = observerOf(win);
  try {
    if (Observer) new Observer(() => {}, { rootMargin }).disconnect();
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the embed now, or, when `lazy`, once its iframe comes within the margin of the viewport
 * (an `IntersectionObserver`; at once where there is none): nothing is minted and no URL is set
 * before, so the id is always fresh when it is used.
 */
export function startEmbed(options: StartOptions): void {
  const { lazy, target, scope, start } = options;
  const Observer = observerOf(options.window);
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
